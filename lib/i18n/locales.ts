/**
 * The languages Flexblock speaks, their names and the cookie that carries a choice: constants the
 * pickers in the browser read too. How one is chosen for a person is lib/i18n/negotiate.ts (server side,
 * with the Accept-Language matcher, which no page needs to download).
 */

/** The shipped catalogues. English is the default and holds every text of the spec exactly as quoted. */
export const LOCALES = ["en", "fr-CA", "es"] as const;
export type ShippedLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: ShippedLocale = "en";

/**
 * The pseudo-locale: every English message accented, lengthened and bracketed, so a screen that shows
 * text outside brackets shows text no catalogue holds. Offered only where FLEXBLOCK_PSEUDO_LOCALE=1
 * (development and the tests), never to a school.
 */
export const PSEUDO_LOCALE = "en-XA";
export type AppLocale = ShippedLocale | typeof PSEUDO_LOCALE;

/** The cookie that carries the device's (or the signed-in person's) choice to the server's render. */
export const LOCALE_COOKIE = "flexblock.locale";

/** Each language in its own words, as the pickers list them. */
export const LOCALE_NAMES: Record<AppLocale, string> = {
  en: "English",
  "fr-CA": "Français",
  es: "Español",
  "en-XA": "[Ƥšéûðö]",
};

export function isShippedLocale(value: unknown): value is ShippedLocale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** A locale this deployment may show: a shipped one, or the pseudo-locale where it is offered. */
export function isAppLocale(value: unknown, pseudoOffered: boolean): value is AppLocale {
  return isShippedLocale(value) || (pseudoOffered && value === PSEUDO_LOCALE);
}

/** The locales a picker offers here. */
export function offeredLocales(pseudoOffered: boolean): AppLocale[] {
  return pseudoOffered ? [...LOCALES, PSEUDO_LOCALE] : [...LOCALES];
}
