import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTimeZone } from "next-intl/server";
import { Providers } from "@/components/providers";
import { LocaleOptions } from "@/components/i18n/locale-options";
import { env } from "@/lib/core/env.server";
import { offeredLocales } from "@/lib/i18n/locales";
import "./globals.css";

// No `title` here: every screen sets "Flexblock - <Screen>" itself (usePageTitle), and a metadata title
// would overwrite it after client-side navigations.
export const metadata: Metadata = {
  applicationName: "Flexblock",
  description: "Flex blocks, check-in and scheduling for your school",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#4f46e5" };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Reading the request makes every page render per request, so Next.js can put this request's
  // Content-Security-Policy nonce (proxy.ts) on its scripts.
  await headers();
  // The page's language (app/i18n/request.ts) and only its own catalogue, sent once with the page.
  const [locale, messages, timeZone] = await Promise.all([getLocale(), getMessages(), getTimeZone()]);
  return (
    <html lang={locale}>
      <body>
        <NextIntlClientProvider locale={locale} messages={messages} timeZone={timeZone}>
          <LocaleOptions offered={offeredLocales(env().FLEXBLOCK_PSEUDO_LOCALE === "1")}>
            <Providers>{children}</Providers>
          </LocaleOptions>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
