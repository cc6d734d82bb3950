/**
 * The message catalogues. Each namespace is one file in lib/i18n/messages holding every shipped
 * language side by side (`{ "en": {…}, "fr-CA": {…}, "es": {…} }`), so a message and its translations
 * are read, reviewed and changed together. Server-side only: a page is sent the one catalogue of its
 * locale (app/layout.tsx); the pseudo-locale is made from English.
 */
import account from "./messages/account.json";
import airCode from "./messages/airCode.json";
import auth from "./messages/auth.json";
import calendar from "./messages/calendar.json";
import choose from "./messages/choose.json";
import digest from "./messages/digest.json";
import email from "./messages/email.json";
import help from "./messages/help.json";
import language from "./messages/language.json";
import login from "./messages/login.json";
import notices from "./messages/notices.json";
import notificationSettings from "./messages/notificationSettings.json";
import password from "./messages/password.json";
import student from "./messages/student.json";
import { LOCALES, PSEUDO_LOCALE, type AppLocale, type ShippedLocale } from "./locales";
import { pseudoCatalogue, type Catalogue } from "./pseudo";

/** Every namespace; English (`en`) is complete in each, and holds the spec's texts exactly. */
export const NAMESPACES = { account, airCode, auth, calendar, choose, digest, email, help, language, login, notices, notificationSettings, password, student } satisfies Record<string, Partial<Record<ShippedLocale, Catalogue>> & { en: Catalogue }>;

type Namespaces = typeof NAMESPACES;
export type Messages = { [N in keyof Namespaces]: Namespaces[N]["en"] };

function catalogueOf(locale: ShippedLocale): Catalogue {
  return Object.fromEntries(
    Object.entries(NAMESPACES).map(([name, languages]) => [name, (languages as Partial<Record<ShippedLocale, Catalogue>>)[locale] ?? {}]),
  );
}

/** Each shipped locale's catalogue as its namespace files hold it (the catalogue test reads these). */
export const CATALOGUES = Object.fromEntries(LOCALES.map((locale) => [locale, catalogueOf(locale)])) as Record<
  ShippedLocale,
  Catalogue
>;

/**
 * A catalogue with English beneath it: a key the locale does not hold yet (Spanish covers what students
 * and families see first) shows its English text, never a key name.
 */
function withEnglishBeneath(messages: Catalogue, english: Catalogue): Catalogue {
  const merged: Catalogue = { ...english };
  for (const [key, value] of Object.entries(messages)) {
    const below = english[key];
    merged[key] = typeof value === "object" && typeof below === "object" ? withEnglishBeneath(value, below) : value;
  }
  return merged;
}

const built = new Map<AppLocale, Messages>();

/** The whole catalogue a page in `locale` is sent. */
export function messagesFor(locale: AppLocale): Messages {
  let messages = built.get(locale);
  if (!messages) {
    const english = CATALOGUES.en;
    const catalogue =
      locale === PSEUDO_LOCALE ? pseudoCatalogue(english) : locale === "en" ? english : withEnglishBeneath(CATALOGUES[locale], english);
    messages = catalogue as Messages;
    built.set(locale, messages);
  }
  return messages;
}
