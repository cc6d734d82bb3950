import type { CheckInMethod, FlexMeeting } from "@/db/queries/checkin";
import { blocksMeetOn, type SchoolDays } from "@/lib/schedule/school-days";
import { addDays, schoolDateOf } from "@/lib/core/time";

/** The pure rules of check-in: which block, which neighbouring days, which method. */

export const NO_FOCUS_BLOCK = "No Focus Block on this date.";
const FOCUS_BLOCK_LABEL = "Focus Block";

/** The flex block occurrences around the dates asked about, and the days blocks meet at all (school year, no-block events). */
export interface FocusCalendar extends SchoolDays {
  meetings: readonly FlexMeeting[];
}

/**
 * The check-in block of a date (docs/design/time.md#the-check-in-block-of-a-date): the flex block meeting on that date (its block occurrence
 * in the school calendar, docs/design/calendar.md#school-days-and-block-occurrences), preferring the one labelled 'Focus Block', then the earliest
 * start. Null when no flex block meets that day, and on a day no block meets (outside the school year,
 * or a no-blocks calendar event: lib/schedule/school-days.ts).
 */
export function focusBlockOn(calendar: FocusCalendar, date: string): FlexMeeting | null {
  if (!blocksMeetOn(date, calendar)) return null;
  const candidates = calendar.meetings.filter((m) => m.date === date);
  candidates.sort(
    (a, b) =>
      Number(b.label === FOCUS_BLOCK_LABEL) - Number(a.label === FOCUS_BLOCK_LABEL) ||
      a.start.localeCompare(b.start) ||
      a.block_id - b.block_id,
  );
  return candidates[0] ?? null;
}

/** How far the neighbouring Focus Block is looked for (a two-week break and its weekends). */
const ADJACENT_SEARCH_DAYS = 31;

/**
 * The nearest date before or after (step −1 or +1) that has a Focus Block (focusBlockOn), so the check-in
 * screen's previous and next never offer a day without one; a plain day step when none meets within
 * ADJACENT_SEARCH_DAYS (no flex block at all, or past the school year).
 */
export function adjacentCheckInDate(calendar: FocusCalendar, date: string, step: 1 | -1): string {
  for (let days = 1; days <= ADJACENT_SEARCH_DAYS && calendar.meetings.length > 0; days++) {
    const candidate = addDays(date, step * days);
    if (focusBlockOn(calendar, candidate)) return candidate;
  }
  return addDays(date, step);
}

/**
 * original-behaviour §3.1: roll call by id or manual entry, unless the entry was captured on another
 * school day than the block's: after it is retroactive (in arrears), before it is proactive.
 */
export function checkInMethod(
  base: "manual" | "roll-call",
  capturedAt: Date,
  date: string,
  timezone: string,
): CheckInMethod {
  const captured = schoolDateOf(capturedAt, timezone);
  if (captured > date) return "retroactive";
  if (captured < date) return "proactive";
  return base;
}
