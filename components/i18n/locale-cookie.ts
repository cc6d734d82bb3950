import { LOCALE_COOKIE, type AppLocale } from "@/lib/i18n/locales";

/** Carries a chosen language to the server's render of every page (app/i18n/request.ts reads it). */
export function writeLocaleCookie(locale: AppLocale | null) {
  document.cookie =
    locale === null
      ? `${LOCALE_COOKIE}=; path=/; max-age=0; samesite=lax`
      : `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=31536000; samesite=lax`;
}

/** Marks that the cookie holds a signed-in person's own choice, so it leaves the device with them. */
const FROM_ACCOUNT = "flexblock.locale-from-account";

export function markLocaleFromAccount(marked: boolean) {
  if (marked) window.sessionStorage.setItem(FROM_ACCOUNT, "1");
  else window.sessionStorage.removeItem(FROM_ACCOUNT);
}

export function isLocaleFromAccount(): boolean {
  return window.sessionStorage.getItem(FROM_ACCOUNT) === "1";
}
