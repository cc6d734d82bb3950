import type { SchoolDate } from "@/lib/core/time";

/**
 * The one rule for "do blocks meet on this date at all": the date is inside the school year
 * (`start_datetime` … `end_datetime`; an empty bound is open) and no calendar event with `no_blocks`
 * (a Pro-D day, a holiday) falls on it. Check-in, self and kiosk check-in, week schedules, plans,
 * appointments, topics, placement, the Power Scheduler and reports all ask this (pure; no I/O).
 */

export interface SchoolYear {
  yearStart?: string | null;
  yearEnd?: string | null;
}

export interface SchoolDays extends SchoolYear {
  /** The dates of calendar events with `no_blocks` (any order; a superset of the dates asked about). */
  noBlockDates: readonly SchoolDate[];
}

export function withinSchoolYear(date: SchoolDate, year: SchoolYear): boolean {
  if (year.yearStart && date < year.yearStart) return false;
  if (year.yearEnd && date > year.yearEnd) return false;
  return true;
}

export function blocksMeetOn(date: SchoolDate, days: SchoolDays): boolean {
  return withinSchoolYear(date, days) && !days.noBlockDates.includes(date);
}

export const NO_BLOCKS_ON_DATE = "No blocks meet on that date.";
