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
 * Each input has its visible label ("Start", "End"); `name` is what they are called for a screen reader
 * ("Focus Block on Day 1: start"). Stacked (a table cell): one above the other, each label above its input.
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
  const field = (which: "start" | "end", error: string | undefined) => (
    <div className={cn("flex gap-x-1.5 gap-y-0.5", stacked ? "flex-col" : "items-center")}>
      <label htmlFor={`${id}-${which}`} className={cn("text-xs text-slate-600", !stacked && "w-8")}>
        {which === "start" ? "Start" : "End"}
      </label>
      <input
        id={`${id}-${which}`}
        type="time"
        aria-label={`${name}: ${which}`}
        aria-invalid={error || cellError ? true : undefined}
        aria-describedby={describedBy}
        className={timeInput(!!(error || cellError))}
        {...register(`${base}.${which}` as FieldPath<TimetableFormValues>)}
      />
    </div>
  );
  return (
    <div className="flex flex-col gap-1">
      <div className={cn("flex gap-x-3 gap-y-1.5", stacked ? "flex-col" : "flex-wrap items-center")}>
        {field("start", startError)}
        {field("end", endError)}
      </div>
      {describedBy && (
        <p id={describedBy} className="max-w-[15rem] text-xs text-red-700">
          {messages.join(" ")}
        </p>
      )}
    </div>
  );
}
