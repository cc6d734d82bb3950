import "server-only";
import type { Db } from "@/db";
import { findBlockOnDate } from "@/db/queries/occurrences";
import { noBlockDates } from "@/db/queries/schedule";
import { ApiError, invalid, notFound } from "@/lib/api/errors.server";
import type { SchoolCalendarSettings } from "@/lib/settings/service.server";
import { isPending, parseSchoolDate, type SchoolDate } from "@/lib/core/time";
import { blocksMeetOn, NO_BLOCKS_ON_DATE, withinSchoolYear } from "./school-days";

export { withinSchoolYear };

/**
 * The rules every scheduling write shares about "this block on this date": it exists, falls inside the
 * school year on a day with blocks (lib/schedule/school-days.ts), meets on that date (the school
 * calendar's block occurrences, docs/design/calendar.md#school-days-and-block-occurrences), is flex when asked, and is still pending when asked.
 */

/** A request date (YYYY-MM-DD, ISO instant or `Fri Mar 20, 2020`) as a school date, or 422 on the field. */
export function readSchoolDate(input: string, timezone: string, field = "date"): SchoolDate {
  const date = parseSchoolDate(input, timezone);
  if (!date) throw invalid({ [field]: ["Enter a valid date."] });
  return date;
}

export const notPending = () => new ApiError(409, "not_pending", "This block is no longer pending.");

export interface OccurrenceRules {
  /** Only flex blocks (plans, topics). */
  flex?: boolean;
  /** Only while the block's end on that date is ahead (every write but amendments). */
  pending?: boolean;
}

export interface Occurrence {
  block: { id: number; label: string; flex: boolean };
  date: SchoolDate;
  start: string;
  end: string;
}

export async function requireOccurrence(
  db: Db,
  blockId: number,
  date: SchoolDate,
  calendar: SchoolCalendarSettings,
  now: Date,
  rules: OccurrenceRules = {},
): Promise<Occurrence> {
  const row = await findBlockOnDate(db, blockId, date);
  if (!row) throw notFound("The block could not be found.");
  if (rules.flex && !row.flex) throw new ApiError(422, "not_flex", "This is not a flex block.");
  if (!withinSchoolYear(date, calendar)) {
    throw new ApiError(422, "outside_school_year", "That date is outside the school year.", {
      date: ["That date is outside the school year."],
    });
  }
  if (!row.start || !row.end) {
    if (!blocksMeetOn(date, { ...calendar, noBlockDates: await noBlockDates(db, date, date) }))
      throw new ApiError(422, "not_meeting", NO_BLOCKS_ON_DATE, { date: [NO_BLOCKS_ON_DATE] });
    throw new ApiError(422, "not_meeting", "This block does not meet on that date.", {
      date: ["This block does not meet on that date."],
    });
  }
  if (rules.pending && !isPending(date, row.end, calendar.timezone, now)) throw notPending();
  return { block: { id: row.id, label: row.label, flex: row.flex }, date, start: row.start, end: row.end };
}
