"use client";

import { AlertTriangle, Info } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import useSWR from "swr";
import { homeFor, safeOrigin } from "@/components/auth/auth-gate";
import { BANNER_KEYS, schoolBrand, type AppSettings } from "@/components/auth/types";
import { useAuth } from "@/components/auth/use-auth";
import { usePageTitle } from "@/components/ui/page-title";
import { Splash } from "@/components/auth/splash";
import { LanguageSelect } from "@/components/i18n/language-select";
import { ApiClientError, apiPost } from "@/lib/api/request.client";
import type { TokenResponse } from "@/lib/auth/answers";
import { ssoErrorMessage } from "./login-errors";
import { useLoginErrorWords } from "./use-login-error-words";
import { resetByEmailOffered } from "./forgot-password";
import { AuthPage } from "./auth-page";
import { LoginForm } from "./login-form";
import { SsoButtons, type Provider } from "./sso-buttons";
import { restartSso } from "./sso-start";

/** The origin kept through sign-in (?from=/staff/3), if it is one of ours. */
function originFromUrl(): string | null {
  if (typeof window === "undefined") return null;
  return safeOrigin(new URLSearchParams(window.location.search).get("from"));
}

/** The login screen: school brand, banners, the two-step form, and under it the language picker. */
export function LoginScreen() {
  const { status, user, signIn, acceptToken, signOutReason, settingsFailed } = useAuth();
  const t = useTranslations("login");
  const tAuth = useTranslations("auth");
  const say = useLoginErrorWords();
  // next-auth comes back with ?error=… when the provider step failed.
  const [ssoError, setSsoError] = useState<string | null>(() =>
    typeof window !== "undefined" && new URLSearchParams(window.location.search).has("error")
      ? t("ssoFailed")
      : null,
  );
  const ssoTried = useRef(false);
  const router = useRouter();
  usePageTitle(t("pageTitle"));
  const { data: publicSettings } = useSWR<AppSettings & { sso?: Provider[] }>(
    "/api/settings/unauthenticated",
  );
  const brand = schoolBrand(publicSettings);

  useEffect(() => {
    if (status === "signed-in" && user) router.replace(homeFor(user.role, originFromUrl()));
  }, [status, user, router]);

  // Back from a single sign-on provider: exchange its proof for our token (once).
  useEffect(() => {
    if (status !== "signed-out" || ssoTried.current) return;
    const params = new URLSearchParams(window.location.search);
    if (!params.has("sso") && !params.has("error")) return;
    ssoTried.current = true;
    const from = params.get("from");
    window.history.replaceState(null, "", from ? `/login?from=${encodeURIComponent(from)}` : "/login");
    if (!params.has("sso")) return;
    apiPost<TokenResponse>("/api/auth/sso-token")
      .then((token) => acceptToken(token.access_token))
      .catch((error) => {
        // The provider asked nobody and the school asks this role every time: ask the provider again.
        if (error instanceof ApiClientError && error.code === "sso_choose_account" && restartSso(from))
          return;
        setSsoError(ssoErrorMessage(error, say));
      });
  }, [status, acceptToken, say]);

  if (status === "signed-in") return <Splash />;

  const banner =
    signOutReason && signOutReason !== "user" ? tAuth(`banners.${BANNER_KEYS[signOutReason]}`) : null;
  return (
    <AuthPage brand={brand} title={t("title")} below={<BelowTheCard settingsFailed={settingsFailed} />}>
      <p className="mb-6 text-sm text-slate-600">{t("intro")}</p>
      {banner && (
        <div
          role="alert"
          className="mb-5 flex gap-2.5 rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          <p>{banner}</p>
        </div>
      )}
      {ssoError && (
        <p
          role="alert"
          className="mb-5 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200"
        >
          {ssoError}
        </p>
      )}
      <LoginForm
        onSignIn={signIn}
        resetByEmail={
          publicSettings
            ? resetByEmailOffered(publicSettings.values["password-reset-by-email"]?.value)
            : false
        }
      />
      <SsoButtons providers={publicSettings?.sso} origin={originFromUrl()} />
    </AuthPage>
  );
}

/**
 * Under the card: the failed-settings flag, and the language picker, centred where a phone's thumb and a
 * desktop's eye both find it (signed out, the choice is this device's: useChangeLocale).
 */
function BelowTheCard({ settingsFailed }: { settingsFailed: boolean }) {
  const t = useTranslations("auth");
  return (
    <>
      {settingsFailed && (
        <p
          role="alert"
          className="mt-4 flex items-center justify-center gap-2 text-center text-sm text-red-800"
          data-testid="settings-failed"
        >
          <AlertTriangle aria-hidden className="size-4 shrink-0" />
          {t("settingsFailed")}
        </p>
      )}
      <LanguageSelect className="mt-6 justify-center" />
    </>
  );
}
