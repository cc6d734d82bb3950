"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useAuth } from "@/components/auth/use-auth";
import { useAction } from "@/components/ui/use-action";
import { apiPut } from "@/lib/api/request.client";
import type { AppLocale } from "@/lib/i18n/locales";
import { markLocaleFromAccount, writeLocaleCookie } from "./locale-cookie";

/**
 * Changes the language: signed in, it is saved as the person's preference (PUT /api/user/preferences)
 * and follows them to every device; signed out (the login screen), it is this device's. Either way the
 * page renders again in it. Null follows the browser's languages, then the school's.
 */
export function useChangeLocale() {
  const router = useRouter();
  const { status, refresh } = useAuth();
  const t = useTranslations("language");
  return useAction(
    async (locale: AppLocale | null) => {
      const signedIn = status === "signed-in";
      if (signedIn) {
        await apiPut("/api/user/preferences", { locale });
        await refresh();
      }
      writeLocaleCookie(locale);
      markLocaleFromAccount(signedIn && locale !== null);
      router.refresh();
    },
    { failed: t("saveFailed") },
  );
}
