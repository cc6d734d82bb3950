import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { DateTimeFormatOptions } from "next-intl";
import { DEFAULT_LOCALE, isShippedLocale, type ShippedLocale } from "@/lib/i18n/locales";
import { formatterFor, translatorFor } from "@/lib/i18n/translator";
import { dayOfWeek, schoolDateOf, schoolInstant, type SchoolDate } from "@/lib/core/time";
import { longDay, shortDay } from "./day-words";

/**
 * What a student is told is in the student's language: their own choice (users.locale), else the
 * school's `default-locale` setting, else English. Catalogue namespace "notices"; English keeps its
 * fixed words ("Tue Dec 8", "8:00 AM"), French and Spanish dates and times are Intl's in the school's zone.
 */
export function studentLocale(chosen: string | null | undefined, schoolDefault: string | null | undefined): ShippedLocale {
  if (isShippedLocale(chosen)) return chosen;
  return isShippedLocale(schoolDefault) ? schoolDefault : DEFAULT_LOCALE;
}

export type NoticesT = ReturnType<typeof translatorFor<"notices">>;

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** School dates, times and lists in a reader's language: emails and push to students and families. */
export interface SchoolDates {
  /** "Tue Dec 8" / "mar. 8 déc." */
  short(date: SchoolDate): string;
  /** "Tuesday, Dec 8" / "mardi 8 décembre" */
  long(date: SchoolDate): string;
  /** "Tuesday" / "mardi" */
  weekday(date: SchoolDate): string;
  /** "Dec 8" / "8 décembre" */
  dayMonth(date: SchoolDate): string;
  /** A clock time at an instant: English in `englishPattern` (date-fns), else Intl ("13 h 23"). */
  clock(at: Date, englishPattern: string): string;
  /** "Ms. Ruiz, Mr. Lee and Mx. Wu" / "Ms. Ruiz, Mr. Lee et Mx. Wu" */
  list(names: string[]): string;
}

/** English keeps its fixed words; French and Spanish are Intl's at the school's noon, in its zone. */
export function schoolDates(locale: ShippedLocale, timezone: string): SchoolDates {
  const zone = timezone || "UTC";
  if (locale === DEFAULT_LOCALE) {
    return {
      short: shortDay,
      long: longDay,
      weekday: (date) => WEEKDAYS[dayOfWeek(date)]!,
      dayMonth: (date) => shortDay(date).slice(4),
      clock: (at, pattern) => format(new TZDate(at, zone), pattern),
      list: (names) => (names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`),
    };
  }
  const formatter = formatterFor(locale, zone);
  // Without CLDR's comma after the weekday ("martes 1 de diciembre"), as families and students read it.
  const write = (date: SchoolDate, options: DateTimeFormatOptions) =>
    formatter.dateTime(schoolInstant(date, "12:00", zone), options).replace(/^(\p{L}+\.?),/u, "$1");
  return {
    short: (date) => write(date, { weekday: "short", day: "numeric", month: "short" }),
    long: (date) => write(date, { weekday: "long", day: "numeric", month: "long" }),
    weekday: (date) => write(date, { weekday: "long" }),
    dayMonth: (date) => write(date, { day: "numeric", month: "long" }),
    clock: (at) => formatter.dateTime(at, { hour: "numeric", minute: "2-digit", hourCycle: "h23" }),
    list: (names) => formatter.list(names, { type: "conjunction" }),
  };
}

export interface StudentWords extends SchoolDates {
  locale: ShippedLocale;
  t: NoticesT;
  /** The locale and unsubscribe words a content carries when it is not English. */
  layout(unsubscribeLabel?: string): { locale?: ShippedLocale; unsubscribeLabel?: string };
}

export function studentWords(locale: ShippedLocale, timezone: string): StudentWords {
  const layout = (unsubscribeLabel?: string) =>
    locale === DEFAULT_LOCALE ? {} : { locale, ...(unsubscribeLabel ? { unsubscribeLabel } : {}) };
  return { locale, t: translatorFor(locale, "notices"), ...schoolDates(locale, timezone), layout };
}

/** "8:00 AM on Monday", or with the date when the instant falls on another day than `date`. */
export function clockOnDay(words: StudentWords, at: Date, date: SchoolDate, timezone: string, englishPattern: string): string {
  const on = schoolDateOf(at, timezone || "UTC");
  const day = on === date ? words.weekday(date) : words.long(on);
  return words.t("clockOnDay", { time: words.clock(at, englishPattern), day });
}
