"use client";

import * as Popover from "@radix-ui/react-popover";
import { format, isValid, parse } from "date-fns";
import { CalendarDays } from "lucide-react";
import { useId, useState } from "react";
import { DayPicker } from "react-day-picker";
import "react-day-picker/style.css";
import { cn } from "@/lib/cn";
import { inputClasses } from "./text-field";

/** "2026-03-20" → a local Date at midnight (no time-zone shift). */
export function fromIsoDate(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = parse(value.slice(0, 10), "yyyy-MM-dd", new Date());
  return isValid(date) ? date : undefined;
}

export const toIsoDate = (date: Date) => format(date, "yyyy-MM-dd");

export interface DatePickerProps {
  /** YYYY-MM-DD, or null for none. */
  value: string | null;
  onChange: (value: string) => void;
  /** Earliest and latest selectable dates (YYYY-MM-DD). */
  min?: string | null;
  max?: string | null;
  /** The field's label; with `hideLabel` it is only announced. */
  label: string;
  hideLabel?: boolean;
  disabled?: boolean;
  error?: string | null;
  /** Text of the button when no date is chosen. */
  placeholder?: string;
  /** The school's today (YYYY-MM-DD), ringed in the calendar; the browser's own date when absent. */
  today?: string | null;
  /** How the chosen date reads on the button (date-fns format). */
  displayFormat?: string;
  className?: string;
}

/** A button showing the date that opens a month calendar; dates outside min..max cannot be picked. */
// eslint-disable-next-line max-lines-per-function -- the picker's input, popover and calendar are one control
export function DatePicker({
  value,
  onChange,
  min,
  max,
  label,
  hideLabel,
  disabled,
  error,
  placeholder = "Pick a date",
  displayFormat = "EEE, MMM d, yyyy",
  today,
  className,
}: DatePickerProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const selected = fromIsoDate(value);
  const minDate = fromIsoDate(min);
  const maxDate = fromIsoDate(max);
  const disabledDays: ({ before: Date } | { after: Date })[] = [];
  if (minDate) disabledDays.push({ before: minDate });
  if (maxDate) disabledDays.push({ after: maxDate });
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className={cn("text-sm font-medium text-slate-800", hideLabel && "sr-only")}>
        {label}
      </label>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild disabled={disabled}>
          <button
            id={id}
            type="button"
            aria-describedby={error ? `${id}-error` : undefined}
            className={cn(
              inputClasses(!!error),
              "flex items-center gap-2 text-left",
              !selected && "text-slate-500",
            )}
          >
            <CalendarDays aria-hidden className="size-4 text-slate-500" />
            <span className="truncate">{selected ? format(selected, displayFormat) : placeholder}</span>
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={6}
            collisionPadding={8}
            className="z-50 rounded-lg border border-slate-200 bg-white p-3 shadow-lg"
          >
            {/* autoFocus: keyboard focus opens on the chosen date (else today), not on the month's arrows. */}
            <DayPicker
              mode="single"
              autoFocus
              selected={selected}
              today={fromIsoDate(today)}
              defaultMonth={selected ?? minDate}
              startMonth={minDate}
              endMonth={maxDate}
              disabled={disabledDays}
              required
              onSelect={(date: Date | undefined) => {
                if (!date) return;
                onChange(toIsoDate(date));
                setOpen(false);
              }}
              style={
                {
                  "--rdp-accent-color": "#4f46e5",
                  "--rdp-accent-background-color": "#eef2ff",
                } as React.CSSProperties
              }
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
