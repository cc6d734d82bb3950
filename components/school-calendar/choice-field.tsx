"use client";

import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from "react";
import { inputClasses } from "@/components/ui/text-field";
import { cn } from "@/lib/cn";

export interface Choice {
  value: string;
  label: string;
}

/** A labelled native select with a hint and an error under it (works with react-hook-form's `register`). */
export const ChoiceField = forwardRef<
  HTMLSelectElement,
  SelectHTMLAttributes<HTMLSelectElement> & {
    label: string;
    choices: readonly Choice[];
    hint?: ReactNode;
    error?: string | null;
    containerClassName?: string;
  }
>(function ChoiceField({ label, choices, hint, error, id, className, containerClassName, ...props }, ref) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const describedBy = error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", containerClassName)}>
      <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(inputClasses(!!error), "pr-8", className)}
        {...props}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {hint && !error && (
        <p id={`${fieldId}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${fieldId}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
});
