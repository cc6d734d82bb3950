import { addDays, dayOfWeek, type SchoolDate } from "@/lib/core/time";

/**
 * The month view's date arithmetic, pure: months as `YYYY-MM`, weeks Sunday to Saturday as every
 * other calendar in Flexblock shows them (lib/core/time weekStart).
 */

export type Month = string;

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
export const WEEKDAY_SHORT = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const WEEKDAY_LONG = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export const monthOf = (date: SchoolDate): Month => date.slice(0, 7);
export const firstOfMonth = (month: Month): SchoolDate => `${month}-01`;

/** The month `count` months after (or before) this one. */
export function addMonths(month: Month, count: number): Month {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + (m - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

export function lastOfMonth(month: Month): SchoolDate {
  return addDays(firstOfMonth(addMonths(month, 1)), -1);
}

/** "December 2026". */
export function monthLabel(month: Month): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1]} ${year}`;
}

/** "Tuesday, December 8, 2026". */
export function longDateLabel(date: SchoolDate): string {
  const [year, m, d] = date.split("-").map(Number) as [number, number, number];
  return `${WEEKDAY_LONG[dayOfWeek(date)]}, ${MONTH_NAMES[m - 1]} ${d}, ${year}`;
}

/** "Tue, Dec 8". */
export function shortDateLabel(date: SchoolDate): string {
  const [, m, d] = date.split("-").map(Number) as [number, number, number];
  return `${WEEKDAY_SHORT[dayOfWeek(date)]}, ${MONTH_NAMES[m - 1]!.slice(0, 3)} ${d}`;
}

/** "Sep 8, 2026". */
export function mediumDateLabel(date: SchoolDate): string {
  const [year, m, d] = date.split("-").map(Number) as [number, number, number];
  return `${MONTH_NAMES[m - 1]!.slice(0, 3)} ${d}, ${year}`;
}

/** The weeks (Sunday to Saturday) that show a month, with the neighbouring months' days filling them. */
export function monthWeeks(month: Month): SchoolDate[][] {
  const first = firstOfMonth(month);
  const last = lastOfMonth(month);
  const weeks: SchoolDate[][] = [];
  for (let sunday = addDays(first, -dayOfWeek(first)); sunday <= last; sunday = addDays(sunday, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(sunday, i)));
  }
  return weeks;
}

/** Every date of a month, in order. */
export function monthDates(month: Month): SchoolDate[] {
  const dates: SchoolDate[] = [];
  for (let date = firstOfMonth(month); monthOf(date) === month; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** Where a key moves the focused date of the grid (arrows, Home/End within the week, Page Up/Down by month). */
export function movedDate(date: SchoolDate, key: string): SchoolDate | null {
  switch (key) {
    case "ArrowLeft":
      return addDays(date, -1);
    case "ArrowRight":
      return addDays(date, 1);
    case "ArrowUp":
      return addDays(date, -7);
    case "ArrowDown":
      return addDays(date, 7);
    case "Home":
      return addDays(date, -dayOfWeek(date));
    case "End":
      return addDays(date, 6 - dayOfWeek(date));
    case "PageUp":
      return sameDayIn(addMonths(monthOf(date), -1), date);
    case "PageDown":
      return sameDayIn(addMonths(monthOf(date), 1), date);
    default:
      return null;
  }
}

/** The same day of the month in another month, or that month's last day (Jan 31 → Feb 28). */
function sameDayIn(month: Month, date: SchoolDate): SchoolDate {
  const candidate = `${month}-${date.slice(8, 10)}`;
  const last = lastOfMonth(month);
  return candidate > last ? last : candidate;
}
