"use client";

import { forwardRef, useId, type SelectHTMLAttributes } from "react";
import { inputClasses } from "@/components/ui/text-field";
import { cn } from "@/lib/cn";

/** A labelled native select (keyboard and screen-reader friendly everywhere, phones included). */
export const SelectField = forwardRef<
  HTMLSelectElement,
  SelectHTMLAttributes<HTMLSelectElement> & {
    label: string;
    error?: string | null;
    options: readonly (string | number)[];
  }
>(function SelectField({ label, error, options, id, className, ...props }, ref) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        className={cn(inputClasses(!!error), "pr-8", className)}
        {...props}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${fieldId}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
});
