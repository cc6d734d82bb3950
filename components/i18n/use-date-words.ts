"use client";

import { useFormatter, useLocale, type DateTimeFormatOptions } from "next-intl";
import { PSEUDO_LOCALE } from "@/lib/i18n/locales";

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
    /** A wall-clock time of the school day ("13:05" or "13:05:00"): "13 h 05", "13:05". */
    clock(time: string, english: string): string {
      if (locale === "en") return english;
      if (locale === PSEUDO_LOCALE) return `[${english}]`;
      const [hours, minutes] = time.split(":").map(Number);
      return format.dateTime(new Date(Date.UTC(2000, 0, 1, hours ?? 0, minutes ?? 0)), { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
    },
  };
}
