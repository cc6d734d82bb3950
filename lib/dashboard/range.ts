import { addDays } from "@/lib/core/time";

/** The default range's length: four weeks, both ends counted. */
export const DEFAULT_DAYS = 28;

interface Year {
  start: string | null;
  end: string | null;
}

/** The four weeks ending on `to`, not starting before the school year when the year holds `to`. */
function fourWeeksTo(to: string, year: Year) {
  const from = addDays(to, -(DEFAULT_DAYS - 1));
  return { from: year.start && from < year.start && year.start <= to ? year.start : from, to };
}

/**
 * The dashboard's range when the query leaves a date out: the four weeks up to today, kept inside the
 * school year (after the year has ended, its last four weeks; before it starts, its first), so the
 * default never falls wholly outside the year. One date given: the four weeks from or up to it.
 */
export function dashboardRange(query: { from?: string; to?: string }, today: string, year: Year): { from: string; to: string } {
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.to) return fourWeeksTo(query.to, year);
  if (query.from) {
    const to = addDays(query.from, DEFAULT_DAYS - 1);
    return { from: query.from, to: year.end && to > year.end && query.from <= year.end ? year.end : to };
  }
  if (year.start && today < year.start) {
    const to = addDays(year.start, DEFAULT_DAYS - 1);
    return { from: year.start, to: year.end && to > year.end ? year.end : to };
  }
  return fourWeeksTo(year.end && today > year.end ? year.end : today, year);
}
