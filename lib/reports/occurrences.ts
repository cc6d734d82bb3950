import type { ReportOccurrence } from "@/db/queries/reports";
import { focusBlockOn, type FocusCalendar } from "@/lib/checkin/rules";
import { addDays, isPending, schoolInstant, type SchoolDate } from "@/lib/core/time";

export interface ReportCalendar extends FocusCalendar {
  timezone: string;
  /** The school's `attendance_from` (lib/core/attendance/period.ts attendanceFromDate): nothing counts before it; null: no bound. */
  attendanceFrom: SchoolDate | null;
}

/** Days from `from` to `to`, both counted (`from` ≤ `to`, both valid school dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The Focus Blocks a report covers: each date of the range on which a Focus Block meets (the check-in
 * block, lib/checkin/rules.ts, read from the school calendar's block occurrences: inside the school
 * year, not on a no-blocks day) from the day attendance counts at the school (`attendance_from`),
 * pending while its end is still ahead.
 */
export function reportOccurrences(calendar: ReportCalendar, from: string, to: string, now: Date): ReportOccurrence[] {
  const occurrences: ReportOccurrence[] = [];
  const first = calendar.attendanceFrom && calendar.attendanceFrom > from ? calendar.attendanceFrom : from;
  for (let date = first; date <= to; date = addDays(date, 1)) {
    const block = focusBlockOn(calendar, date);
    if (!block) continue;
    occurrences.push({
      date,
      block_id: block.block_id,
      pending: isPending(date, block.end, calendar.timezone, now),
      starts_at: schoolInstant(date, block.start, calendar.timezone).toISOString(),
    });
  }
  return occurrences;
}
