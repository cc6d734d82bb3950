"use client";

import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from "react";
import { cn } from "@/lib/cn";

export const inputClasses = (invalid?: boolean, readOnly?: boolean) =>
  cn(
    "block w-full rounded-md border px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500",
    "focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600",
    "disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-600",
    invalid ? "border-red-500 focus:outline-red-600" : "border-slate-300",
    readOnly ? "bg-slate-50 text-slate-700" : "bg-white",
  );

interface FieldChrome {
  label: ReactNode;
  /** Shown under the field in red; also marks the field invalid for screen readers. */
  error?: string | null;
  /** Help text under the field. */
  hint?: ReactNode;
  /** Visually hide the label (still read by screen readers). */
  hideLabel?: boolean;
  /** Something at the right end inside the field (a show-password button). */
  trailing?: ReactNode;
  containerClassName?: string;
}

function Chrome({
  id,
  label,
  error,
  hint,
  hideLabel,
  required,
  containerClassName,
  children,
}: FieldChrome & { id: string; required?: boolean; children: ReactNode }) {
  return (
    <div className={cn("flex flex-col gap-1.5", containerClassName)}>
      <label htmlFor={id} className={cn("text-sm font-medium text-slate-800", hideLabel && "sr-only")}>
        {label}
        {required && (
          <span aria-hidden className="text-red-600">
            {" "}
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export type TextFieldProps = FieldChrome & Omit<InputHTMLAttributes<HTMLInputElement>, "size">;

/** A labelled input with optional hint and error. Works with react-hook-form's `register`. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, hideLabel, trailing, containerClassName, id, className, required, ...props },
  ref,
) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const describedBy = [error ? `${fieldId}-error` : null, hint && !error ? `${fieldId}-hint` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <Chrome id={fieldId} {...{ label, error, hint, hideLabel, required, containerClassName }}>
      <div className="relative">
        <input
          ref={ref}
          id={fieldId}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={cn(inputClasses(!!error, props.readOnly), trailing && "pr-11", className)}
          {...props}
        />
        {trailing && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
      </div>
    </Chrome>
  );
});

/** A number input (`value` is still a string, as typed). */
export const NumberField = forwardRef<HTMLInputElement, Omit<TextFieldProps, "type">>(
  function NumberField(props, ref) {
    return <TextField ref={ref} type="number" inputMode="numeric" {...props} />;
  },
);

export type TextAreaFieldProps = Omit<FieldChrome, "trailing"> & TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A labelled multi-line text box. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, hideLabel, containerClassName, id, className, required, rows = 4, ...props },
  ref,
) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const describedBy = [error ? `${fieldId}-error` : null, hint && !error ? `${fieldId}-hint` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <Chrome id={fieldId} {...{ label, error, hint, hideLabel, required, containerClassName }}>
      <textarea
        ref={ref}
        id={fieldId}
        rows={rows}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cn(inputClasses(!!error, props.readOnly), "resize-y", className)}
        {...props}
      />
    </Chrome>
  );
});
