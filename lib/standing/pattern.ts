import { dayOfWeek, type SchoolDate } from "@/lib/core/time";

/**
 * A standing choice's pattern (pure; the materialisation's SQL states the same in db/queries/standing.ts
 * standingCandidates, and the service checks each match again with this under the student's lock):
 * a day type of the rotation ("Day 2", compared without case, as the school day's generated day type,
 * which follows day types changed by hand) or a weekday (0 = Sunday … 6, the date's own weekday), and the
 * date inside [from, until].
 */
export interface StandingPattern {
  day_type: string | null;
  weekday: number | null;
  from: SchoolDate;
  until: SchoolDate;
}

export function matchesPattern(
  pattern: StandingPattern,
  day: { date: SchoolDate; day_type: string | null },
): boolean {
  if (day.date < pattern.from || day.date > pattern.until) return false;
  if (pattern.day_type !== null) {
    return day.day_type !== null && day.day_type.toLowerCase() === pattern.day_type.toLowerCase();
  }
  return pattern.weekday !== null && dayOfWeek(day.date) === pattern.weekday;
}

/**
 * The last date of a standing choice the student gave none: the end of the term holding `from`, else
 * the school year's end; null when there is neither.
 */
export function defaultUntil(
  term: { end: SchoolDate } | undefined,
  yearEnd: SchoolDate | "",
): SchoolDate | null {
  if (term) return yearEnd && term.end > yearEnd ? yearEnd : term.end;
  return yearEnd || null;
}
