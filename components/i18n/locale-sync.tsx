"use client";

import { useRouter } from "next/navigation";
import { useLocale } from "next-intl";
import { useEffect } from "react";
import { useAuth } from "@/components/auth/use-auth";
import { isAppLocale } from "@/lib/i18n/locales";
import { useOfferedLocales } from "./locale-options";
import { isLocaleFromAccount, markLocaleFromAccount, writeLocaleCookie } from "./locale-cookie";

/**
 * The signed-in person's own language wins over the device's: once they are known, a page rendered in
 * another renders again in theirs. When they sign out, their choice leaves the shared computer with them.
 */
export function LocaleSync() {
  const { status, user } = useAuth();
  const locale = useLocale();
  const offered = useOfferedLocales();
  const router = useRouter();
  const preferred = status === "signed-in" ? user?.locale ?? null : null;
  useEffect(() => {
    if (status === "signed-in" && preferred && preferred !== locale && isAppLocale(preferred, offered.includes("en-XA"))) {
      writeLocaleCookie(preferred);
      markLocaleFromAccount(true);
      router.refresh();
    } else if (status === "signed-out" && isLocaleFromAccount()) {
      writeLocaleCookie(null);
      markLocaleFromAccount(false);
      router.refresh();
    }
  }, [status, preferred, locale, offered, router]);
  return null;
}
