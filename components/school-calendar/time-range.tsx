"use client";

import { useFormContext, type FieldPath } from "react-hook-form";
import { cn } from "@/lib/cn";
import { messageAt } from "./cycle-fields";
import type { TimetableFormValues } from "./timetable-form";

const timeInput = (invalid: boolean) =>
  cn(
    "block w-[7.5rem] rounded-md border bg-white px-2 py-1.5 text-sm text-slate-900 tabular-nums shadow-sm",
    "focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600",
    invalid ? "border-red-500 focus:outline-red-600" : "border-slate-300",
  );

/**
 * A start and an end time (`<base>.start`, `<base>.end`); both empty means the block does not meet.
 * `name` is what the inputs are called for a screen reader ("Focus Block on Day 1").
 */
export function TimeRange({ base, name, stacked }: { base: string; name: string; stacked?: boolean }) {
  const { register, formState } = useFormContext<TimetableFormValues>();
  const errors = formState.errors;
  const id = base.replaceAll(".", "-");
  const startError = messageAt(errors, `${base}.start`);
  const endError = messageAt(errors, `${base}.end`);
  const cellError = messageAt(errors, `${base}.cell`);
  const messages = [startError, endError, cellError].filter(
    (m, i, all): m is string => !!m && all.indexOf(m) === i,
  );
  const describedBy = messages.length ? `${id}-error` : undefined;
  return (
    <div className="flex flex-col gap-1">
      <div className={cn("flex gap-1", stacked ? "flex-col" : "flex-wrap items-center")}>
        <input
          type="time"
          aria-label={`${name}: start`}
          aria-invalid={startError || cellError ? true : undefined}
          aria-describedby={describedBy}
          className={timeInput(!!(startError || cellError))}
          {...register(`${base}.start` as FieldPath<TimetableFormValues>)}
        />
        <span aria-hidden className={cn("text-xs text-slate-500", stacked && "sr-only")}>
          –
        </span>
        <input
          type="time"
          aria-label={`${name}: end`}
          aria-invalid={endError || cellError ? true : undefined}
          aria-describedby={describedBy}
          className={timeInput(!!(endError || cellError))}
          {...register(`${base}.end` as FieldPath<TimetableFormValues>)}
        />
      </div>
      {describedBy && (
        <p id={describedBy} className="max-w-[15rem] text-xs text-red-700">
          {messages.join(" ")}
        </p>
      )}
    </div>
  );
}
