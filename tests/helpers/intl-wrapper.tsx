import { NextIntlClientProvider } from "next-intl";
import type { ComponentType, ReactNode } from "react";
import { messagesFor } from "@/lib/i18n/catalogues";
import type { AppLocale } from "@/lib/i18n/locales";

/** What the root layout puts around every page, in `locale` (English by default), for component tests. */
export function IntlWrapper({ children, locale = "en" }: { children: ReactNode; locale?: AppLocale }) {
  return (
    <NextIntlClientProvider locale={locale} messages={messagesFor(locale)} timeZone="America/Vancouver">
      {children}
    </NextIntlClientProvider>
  );
}

/** A test's own wrapper, inside the English one. */
export function withIntl(Inner?: ComponentType<{ children: ReactNode }>) {
  return function Wrapped({ children }: { children: ReactNode }) {
    return <IntlWrapper>{Inner ? <Inner>{children}</Inner> : children}</IntlWrapper>;
  };
}
