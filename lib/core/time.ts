import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/**
 * Every date and time rule. School dates are plain `YYYY-MM-DD` strings in the school's time zone;
 * calendar arithmetic on them is done in UTC so the server's own zone never matters.
 */
export type SchoolDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const DISPLAY = /^(?:[A-Za-z]{3},?\s+)?([A-Za-z]{3})\w*\.?\s+(\d{1,2}),?\s+(\d{4})$/;
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const SHORT_DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

function utc(date: SchoolDate): Date {
  const [, y, m, d] = ISO_DATE.exec(date)!;
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
}

function fromUtc(value: Date): SchoolDate {
  return value.toISOString().slice(0, 10);
}

/** The years a school date may fall in: wide enough for any timetable, narrow enough for every library. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2999;

export function isValidSchoolDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  if (year < MIN_YEAR || year > MAX_YEAR) return false;
  return fromUtc(utc(value)) === value;
}

/** Today's date in the school's time zone. */
export function schoolToday(timezone: string, now: Date): SchoolDate {
  return format(new TZDate(now, timezone), "yyyy-MM-dd");
}

/** The school-local date of an instant. */
export function schoolDateOf(instant: Date, timezone: string): SchoolDate {
  return schoolToday(timezone, instant);
}

/**
 * Reads a date from a request: `YYYY-MM-DD`, a full ISO instant (converted to the school-local date)
 * or a display form such as `Mar 20, 2020` / `Fri Mar 20, 2020`. Null when it is none of these.
 */
export function parseSchoolDate(input: string, timezone: string): SchoolDate | null {
  const value = input.trim();
  if (ISO_DATE.test(value)) return isValidSchoolDate(value) ? value : null;
  if (ISO_INSTANT.test(value)) {
    const hasZone = /(Z|[+-]\d{2}:?\d{2})$/.test(value);
    if (!hasZone) return isValidSchoolDate(value.slice(0, 10)) ? value.slice(0, 10) : null;
    const instant = new Date(value);
    if (Number.isNaN(instant.getTime())) return null;
    const year = instant.getUTCFullYear();
    // A zone can push an instant across a year boundary; keep a day's margin inside the supported years.
    if (year < MIN_YEAR || year > MAX_YEAR) return null;
    const date = schoolDateOf(instant, timezone);
    return isValidSchoolDate(date) ? date : null;
  }
  const display = DISPLAY.exec(value);
  if (display) {
    const month = MONTHS.indexOf(display[1]!.toLowerCase());
    if (month < 0) return null;
    const candidate = `${display[3]}-${String(month + 1).padStart(2, "0")}-${display[2]!.padStart(2, "0")}`;
    return isValidSchoolDate(candidate) ? candidate : null;
  }
  return null;
}

export function addDays(date: SchoolDate, days: number): SchoolDate {
  const value = utc(date);
  value.setUTCDate(value.getUTCDate() + days);
  return fromUtc(value);
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: SchoolDate): number {
  return utc(date).getUTCDay();
}

/** The Sunday that starts the week holding the date. */
export function weekStart(date: SchoolDate): SchoolDate {
  return addDays(date, -dayOfWeek(date));
}

/** The days shown for the week holding the date: Sunday to Saturday, or Monday to Friday without weekends. */
export function weekDays(date: SchoolDate, weekends: boolean): SchoolDate[] {
  const sunday = weekStart(date);
  const days = Array.from({ length: 7 }, (_, i) => addDays(sunday, i));
  return weekends ? days : days.slice(1, 6);
}

/** `Mar 15 - 21, 2026`, `Mar 29 - Apr 4, 2026`, `Dec 27, 2026 - Jan 2, 2027`. */
export function weekRangeLabel(date: SchoolDate): string {
  const start = utc(weekStart(date));
  const end = utc(addDays(weekStart(date), 6));
  const [sm, sd, sy] = [SHORT_MONTHS[start.getUTCMonth()], start.getUTCDate(), start.getUTCFullYear()];
  const [em, ed, ey] = [SHORT_MONTHS[end.getUTCMonth()], end.getUTCDate(), end.getUTCFullYear()];
  if (sy !== ey) return `${sm} ${sd}, ${sy} - ${em} ${ed}, ${ey}`;
  if (sm !== em) return `${sm} ${sd} - ${em} ${ed}, ${ey}`;
  return `${sm} ${sd} - ${ed}, ${ey}`;
}

/** The `date` object of a day: `{day: "Wed", date: "18", full_date: "Mar 18, 2020", is_today}`. */
export function dayLabel(date: SchoolDate, today: SchoolDate) {
  const value = utc(date);
  return {
    day: SHORT_DAYS[value.getUTCDay()]!,
    date: String(value.getUTCDate()),
    full_date: `${SHORT_MONTHS[value.getUTCMonth()]} ${value.getUTCDate()}, ${value.getUTCFullYear()}`,
    iso: date,
    is_today: date === today,
  };
}

/** The instant a school-local date and wall-clock time (`HH:MM[:SS]`) fall on. */
export function schoolInstant(date: SchoolDate, time: string, timezone: string): Date {
  const key = `${date}|${time}|${timezone}`;
  let at = instantCache.get(key);
  if (at === undefined) {
    const [y, m, d] = date.split("-").map(Number) as [number, number, number];
    const [hh, mm, ss] = time.split(":").map(Number) as [number, number, number?];
    at = new TZDate(y, m - 1, d, hh, mm, ss ?? 0, timezone).getTime();
    // Bounded: a school's blocks over a few years are a few thousand keys; past that, start again.
    if (instantCache.size >= MAX_CACHED_INSTANTS) instantCache.clear();
    instantCache.set(key, at);
  }
  return new Date(at);
}

/**
 * schoolInstant's answers (a pure function of its three texts): TZDate reads the zone's offset through
 * Intl on every construction, and the week views ask for the same block starts and ends many times a
 * second, so each is worked out once.
 */
const instantCache = new Map<string, number>();
const MAX_CACHED_INSTANTS = 20_000;

/** A block occurrence is pending while its end on that date is still ahead (in progress counts). */
export function isPending(date: SchoolDate, endTime: string, timezone: string, now: Date): boolean {
  return schoolInstant(date, endTime, timezone).getTime() > now.getTime();
}

/** `9:26 AM` from `09:26:00`. */
export function clockLabel(time: string): string {
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  const suffix = hh >= 12 ? "PM" : "AM";
  return `${hh % 12 === 0 ? 12 : hh % 12}:${String(mm).padStart(2, "0")} ${suffix}`;
}

/** `9:41 AM` for an instant, in the school's zone. */
export function instantClockLabel(instant: Date, timezone: string): string {
  return format(new TZDate(instant, timezone), "h:mm a");
}

/** `Fri Mar 20, 2020 14:03:11` in the school's zone. */
export function timestampString(instant: Date, timezone: string): string {
  return format(new TZDate(instant, timezone), "EEE MMM d, yyyy HH:mm:ss");
}

export function isValidTimeZone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}
