/**
 * next-intl's request configuration (next.config.ts points its plugin here): the locale of the page
 * being rendered and its one catalogue. The locale is the cookie's choice (the person's preference,
 * mirrored by the client when they sign in, or the login screen's picker), else the browser's
 * Accept-Language, else the school's `default-locale` setting, else English. Dates in the school's zone.
 */
import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { settingValues } from "@/db/queries/settings";
import { env } from "@/lib/core/env.server";
import { getDb } from "@/lib/setup/boot.server";
import { messagesFor } from "@/lib/i18n/catalogues";
import { LOCALE_COOKIE } from "@/lib/i18n/locales";
import { pickLocale } from "@/lib/i18n/negotiate";

/**
 * The school's default language and time zone. A page must still render while the database restarts
 * (its screens then say so and retry): without it, the chosen or the browser's language and the server's zone.
 */
async function schoolLanguageSettings() {
  try {
    return await settingValues(await getDb(), ["default-locale", "timezone"]);
  } catch {
    return [];
  }
}

export default getRequestConfig(async () => {
  const [cookieStore, headerList, rows] = await Promise.all([cookies(), headers(), schoolLanguageSettings()]);
  const setting = (key: string) => rows.find((row) => row.key === key)?.value ?? null;
  const locale = pickLocale({
    chosen: cookieStore.get(LOCALE_COOKIE)?.value,
    acceptLanguage: headerList.get("accept-language"),
    schoolDefault: setting("default-locale"),
    pseudoOffered: env().FLEXBLOCK_PSEUDO_LOCALE === "1",
  });
  return { locale, messages: messagesFor(locale), timeZone: setting("timezone") || Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC" };
});
