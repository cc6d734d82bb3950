import type { CheckInMethod, FlexMeeting } from "@/db/queries/checkin";
import { addDays, dayOfWeek, schoolDateOf } from "@/lib/time";

/** The pure rules of check-in: which block, which neighbouring days, which method. */

export const NO_FOCUS_BLOCK = "No Focus Block on this date.";
const FOCUS_BLOCK_LABEL = "Focus Block";

/**
 * The check-in block of a date (design.md §4): the flex block meeting on its weekday, preferring the
 * one labelled 'Focus Block', then the earliest start. Null when no flex block meets that day.
 */
export function focusBlockOn(meetings: readonly FlexMeeting[], date: string): FlexMeeting | null {
  const weekday = dayOfWeek(date);
  const candidates = meetings.filter((m) => m.day_of_week === weekday);
  candidates.sort(
    (a, b) =>
      Number(b.label === FOCUS_BLOCK_LABEL) - Number(a.label === FOCUS_BLOCK_LABEL) ||
      a.start.localeCompare(b.start) ||
      a.block_id - b.block_id,
  );
  return candidates[0] ?? null;
}

/** The nearest date before or after (step −1 or +1) that has a Focus Block; a plain day step when none ever meets. */
export function adjacentCheckInDate(meetings: readonly FlexMeeting[], date: string, step: 1 | -1): string {
  const weekdays = new Set(meetings.map((m) => m.day_of_week));
  for (let days = 1; days <= 7 && weekdays.size > 0; days++) {
    const candidate = addDays(date, step * days);
    if (weekdays.has(dayOfWeek(candidate))) return candidate;
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
