"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";
import { DatePicker } from "@/components/ui/date-picker";
import { IconButton } from "@/components/ui/icon-button";
import { addDays, dayOfWeek } from "@/lib/core/time";

/** The date `days` away; a step of one day skips Saturday and Sunday. */
export function stepDate(date: string, days: number): string {
  let next = addDays(date, days);
  if (Math.abs(days) === 1) while (dayOfWeek(next) === 0 || dayOfWeek(next) === 6) next = addDays(next, days);
  return next;
}

/** Which date a printable view is for: a date picker between "previous" and "next" (a day or a week). */
export function DateSteps({
  value,
  onChange,
  today,
  days,
  unit,
}: {
  value: string;
  onChange: (date: string) => void;
  today: string;
  /** 1: a school day; 7: a week. */
  days: 1 | 7;
  /** "day" or "week", for the buttons' names. */
  unit: string;
}) {
  return (
    <div className="flex items-end gap-1">
      <IconButton
        label={`Previous ${unit}`}
        icon={<ChevronLeft className="size-4" />}
        onClick={() => onChange(stepDate(value, -days))}
      />
      <DatePicker label="Date" value={value} today={today} onChange={onChange} />
      <IconButton
        label={`Next ${unit}`}
        icon={<ChevronRight className="size-4" />}
        onClick={() => onChange(stepDate(value, days))}
      />
    </div>
  );
}
