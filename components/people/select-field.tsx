"use client";

import { forwardRef, useId, type SelectHTMLAttributes } from "react";
import { inputClasses } from "@/components/ui/text-field";
import { cn } from "@/lib/cn";

export interface SelectOption {
  value: string | number;
  label: string;
}

const optionOf = (option: string | number | SelectOption): SelectOption =>
  typeof option === "object" ? option : { value: option, label: String(option) };

/** A labelled native select (keyboard and screen-reader friendly everywhere, phones included). */
export const SelectField = forwardRef<
  HTMLSelectElement,
  SelectHTMLAttributes<HTMLSelectElement> & {
    label: string;
    error?: string | null;
    /** Values shown as they are, or a value with its own label ("" shown as "No title"). */
    options: readonly (string | number | SelectOption)[];
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
        {options.map(optionOf).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
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
