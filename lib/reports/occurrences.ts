import type { FlexMeeting } from "@/db/queries/checkin";
import type { ReportOccurrence } from "@/db/queries/reports";
import { focusBlockOn } from "@/lib/checkin/rules";
import { withinSchoolYear } from "@/lib/schedule/occurrence";
import { addDays, isPending, schoolInstant } from "@/lib/time";

export interface ReportCalendar {
  timezone: string;
  yearStart: string | null;
  yearEnd: string | null;
  meetings: readonly FlexMeeting[];
}

/** Days from `from` to `to`, both counted (`from` ≤ `to`, both valid school dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The Focus Blocks a report covers: each date of the range inside the school year on which a Focus
 * Block meets (the check-in block, lib/checkin/rules.ts), pending while its end is still ahead.
 */
export function reportOccurrences(calendar: ReportCalendar, from: string, to: string, now: Date): ReportOccurrence[] {
  const year = { yearStart: calendar.yearStart ?? "", yearEnd: calendar.yearEnd ?? "" };
  const occurrences: ReportOccurrence[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (!withinSchoolYear(date, year)) continue;
    const block = focusBlockOn(calendar.meetings, date);
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
