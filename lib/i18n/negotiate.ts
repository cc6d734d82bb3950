/**
 * How a language is chosen for a person: their own preference, else what their browser asks for
 * (Accept-Language), else the school's default (setting `default-locale`), else English; and a
 * guardian's language as a roster recorded it. Server side: the page's request config
 * (app/i18n/request.ts), the API's refusals and the emails read it.
 */
import { match } from "@formatjs/intl-localematcher";
import Negotiator from "negotiator";
import { DEFAULT_LOCALE, isAppLocale, isShippedLocale, LOCALES, type AppLocale, type ShippedLocale } from "./locales";

/**
 * The shipped locale that best serves an Accept-Language header ("fr" and "fr-FR" get fr-CA, "es-MX"
 * gets es), or null when it asks for none we have. Only the first 20 ranges of the header are read.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): ShippedLocale | null {
  if (!header) return null;
  const asked = new Negotiator({ headers: { "accept-language": header.slice(0, 400) } })
    .languages()
    .filter((tag) => tag !== "*")
    .slice(0, 20)
    .filter(isWellFormedTag);
  if (asked.length === 0) return null;
  // "zxx" (no linguistic content) stands for "none of ours": the matcher needs a well-formed default.
  const found = match(asked, [...LOCALES], "zxx", { algorithm: "best fit" });
  return isShippedLocale(found) ? found : null;
}

function isWellFormedTag(tag: string): boolean {
  try {
    new Intl.Locale(tag);
    return true;
  } catch {
    return false;
  }
}

export interface LocaleSources {
  /** The signed-in person's own choice, or the device's (the cookie), if any. */
  chosen?: string | null;
  acceptLanguage?: string | null;
  /** The school's `default-locale` setting. */
  schoolDefault?: string | null;
  pseudoOffered?: boolean;
}

/** The language to speak: a choice first, then the browser's languages, then the school's, then English. */
export function pickLocale({ chosen, acceptLanguage, schoolDefault, pseudoOffered = false }: LocaleSources): AppLocale {
  if (isAppLocale(chosen, pseudoOffered)) return chosen;
  return localeFromAcceptLanguage(acceptLanguage) ?? (isShippedLocale(schoolDefault) ? schoolDefault : DEFAULT_LOCALE);
}

/** Language names and ISO 639-2/3 codes a roster or a CSV may record, accents and case aside. */
const RECORDED_NAMES: Record<string, ShippedLocale> = {
  en: "en",
  eng: "en",
  english: "en",
  anglais: "en",
  ingles: "en",
  fr: "fr-CA",
  fra: "fr-CA",
  fre: "fr-CA",
  french: "fr-CA",
  francais: "fr-CA",
  frances: "fr-CA",
  es: "es",
  spa: "es",
  spanish: "es",
  espanol: "es",
  castellano: "es",
  espagnol: "es",
};

/**
 * The shipped locale of a language as a roster or CSV recorded it ("es-MX", "es_MX", "spa",
 * "Spanish", "Español", "fr-CA", "French"), or null when it names none we have (then English is spoken).
 */
export function localeFromRecorded(value: string | null | undefined): ShippedLocale | null {
  const trimmed = value?.trim().slice(0, 100);
  if (!trimmed) return null;
  const plain = trimmed
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "");
  const named = RECORDED_NAMES[plain] ?? RECORDED_NAMES[plain.split(/[\s(),;/]/)[0] ?? ""];
  return named ?? localeFromAcceptLanguage(trimmed.replace(/_/g, "-").replace(/[^A-Za-z0-9-]/g, ""));
}
