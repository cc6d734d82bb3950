/**
 * Texts outside a React request (emails built by a job or an API route): next-intl's request-free
 * translator and formatter over the same catalogues a page is sent (`messagesFor`).
 */
// use-intl/core: next-intl's translator without React, so a job, a script or a worker process can load it.
import { createFormatter, createTranslator } from "use-intl/core";
import { messagesFor, type Messages } from "./catalogues";
import type { AppLocale } from "./locales";

export function translatorFor<N extends keyof Messages>(locale: AppLocale, namespace: N) {
  return createTranslator({ locale, messages: messagesFor(locale), namespace });
}

/** Intl in `locale` and the school's time zone. */
export function formatterFor(locale: AppLocale, timeZone: string) {
  return createFormatter({ locale, timeZone });
}
