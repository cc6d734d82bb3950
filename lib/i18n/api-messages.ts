/**
 * The API's messages for people in the caller's language. Services write their messages in English
 * (the spec's texts, which other clients read); the route wrapper swaps each for its translation here,
 * keyed by the English text itself, when the caller reads another language. Codes never change, and a
 * message without a translation stays English. The pseudo-locale shows every translated message in
 * brackets, so an untranslated one stands out.
 */
import texts from "./messages/api-errors.json";
import { PSEUDO_LOCALE, type AppLocale } from "./locales";
import { pseudoMessage } from "./pseudo";

type Translations = Record<string, string>;
export const API_MESSAGE_TRANSLATIONS: Record<"fr-CA" | "es", Translations> = texts;

/** `english` in `locale`, or `english` itself when it has no translation. */
export function apiMessageIn(locale: AppLocale, english: string): string {
  if (locale === "en") return english;
  if (locale === PSEUDO_LOCALE) return API_MESSAGE_TRANSLATIONS["fr-CA"][english] === undefined ? english : pseudoText(english);
  return API_MESSAGE_TRANSLATIONS[locale][english] ?? english;
}

/** The pseudo-locale's form of a plain text (no ICU in API messages: braces stay as they are). */
function pseudoText(english: string): string {
  return pseudoMessage(english.replace(/[{}']/g, (c) => `'${c}'`));
}

/** Field errors in `locale`, field by field. */
export function apiFieldErrorsIn(locale: AppLocale, errors: Record<string, string[]>): Record<string, string[]> {
  if (locale === "en") return errors;
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.map((m) => apiMessageIn(locale, m))]));
}
