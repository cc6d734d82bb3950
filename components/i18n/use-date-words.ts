"use client";

import { useFormatter, useLocale, type DateTimeFormatOptions } from "next-intl";
import { addDays, weekStart } from "@/lib/core/time";
import { PSEUDO_LOCALE } from "@/lib/i18n/locales";

/** Hours (0–23) and minutes of "13:05", "13:05:00" or "1:05 PM". */
function clockParts(time: string): [number, number] {
  const [, h, m, half] = /^(\d{1,2}):(\d{2})(?::\d{2})?\s*([AaPp][Mm])?/.exec(time.trim()) ?? [];
  const hours = Number(h ?? 0) % (half ? 12 : 24) + (half && /p/i.test(half) ? 12 : 0);
  return [hours, Number(m ?? 0)];
}

/**
 * School dates and times in the page's language. English keeps the words the spec and the API give
 * ("Tue Dec 8", "Mar 18, 2020", "9:35 AM"), passed in as `english`; French and Spanish are written by
 * Intl as their readers write them ("mardi 8 décembre", "13 h 23"); the pseudo-locale brackets the English.
 */
export function useDateWords() {
  const locale = useLocale();
  const format = useFormatter();
  return {
    /** A calendar date (YYYY-MM-DD): it has no zone, so it is written as the same day everywhere. */
    date(iso: string, options: DateTimeFormatOptions, english: string): string {
      if (locale === "en") return english;
      if (locale === PSEUDO_LOCALE) return `[${english}]`;
      return format.dateTime(new Date(`${iso.slice(0, 10)}T12:00:00Z`), { ...options, timeZone: "UTC" });
    },
    /** An instant, in the school's time zone (the provider's). */
    instant(at: Date | string, options: DateTimeFormatOptions, english: string): string {
      if (locale === "en") return english;
      if (locale === PSEUDO_LOCALE) return `[${english}]`;
      return format.dateTime(typeof at === "string" ? new Date(at) : at, options);
    },
    /** A wall-clock time of the school day ("13:05", "13:05:00" or the API's "1:05 PM"): "13 h 05", "13:05". */
    clock(time: string, english: string): string {
      if (locale === "en") return english;
      if (locale === PSEUDO_LOCALE) return `[${english}]`;
      const [hours, minutes] = clockParts(time);
      return format.dateTime(new Date(Date.UTC(2000, 0, 1, hours, minutes)), { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
    },
    /**
     * The week holding a calendar date, Sunday to Saturday as the API's `range` ("Mar 15 - 21, 2026", passed in as
     * `english`): "15 – 21 mars 2026", "15–21 mar 2026".
     */
    weekRange(iso: string, english: string): string {
      if (locale === "en") return english;
      if (locale === PSEUDO_LOCALE) return `[${english}]`;
      const sunday = weekStart(iso.slice(0, 10));
      const at = (day: string) => new Date(`${day}T12:00:00Z`);
      return format.dateTimeRange(at(sunday), at(addDays(sunday, 6)), { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
    },
  };
}
