import type { ReportOccurrence } from "@/db/queries/reports";
import { focusBlockOn, type FocusCalendar } from "@/lib/checkin/rules";
import { addDays, isPending, schoolInstant } from "@/lib/time";

export interface ReportCalendar extends FocusCalendar {
  timezone: string;
}

/** Days from `from` to `to`, both counted (`from` ≤ `to`, both valid school dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The Focus Blocks a report covers: each date of the range on which a Focus Block meets (the check-in
 * block, lib/checkin/rules.ts: inside the school year, not on a no-blocks day), pending while its end
 * is still ahead.
 */
export function reportOccurrences(calendar: ReportCalendar, from: string, to: string, now: Date): ReportOccurrence[] {
  const occurrences: ReportOccurrence[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
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
