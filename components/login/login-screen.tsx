"use client";

import { AlertTriangle, Info } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import useSWR from "swr";
import { homeFor, safeOrigin } from "@/components/auth/auth-gate";
import { BANNERS, SETTINGS_FAILED_MESSAGE, schoolBrand, type AppSettings } from "@/components/auth/types";
import { useAuth } from "@/components/auth/use-auth";
import { usePageTitle } from "@/components/ui/page-title";
import { Splash } from "@/components/auth/splash";
import { ApiClientError, apiPost } from "@/lib/api/request.client";
import type { TokenResponse } from "@/lib/auth/answers";
import { ssoErrorMessage } from "./login-errors";
import { resetByEmailOffered } from "./forgot-password";
import { AuthPage } from "./auth-page";
import { LoginForm } from "./login-form";
import { SsoButtons, type Provider } from "./sso-buttons";
import { restartSso } from "./sso-start";

const SSO_FAILED = "Single sign-on did not finish. Please try again.";

/** The origin kept through sign-in (?from=/staff/3), if it is one of ours. */
function originFromUrl(): string | null {
  if (typeof window === "undefined") return null;
  return safeOrigin(new URLSearchParams(window.location.search).get("from"));
}

/** The login screen: school brand, banners, the failed-settings flag and the two-step form. */
// eslint-disable-next-line max-lines-per-function -- the screen's sign-in ways (password, single sign-on, session notices) in reading order
export function LoginScreen() {
  const { status, user, signIn, acceptToken, signOutReason, settingsFailed } = useAuth();
  // next-auth comes back with ?error=… when the provider step failed.
  const [ssoError, setSsoError] = useState<string | null>(() =>
    typeof window !== "undefined" && new URLSearchParams(window.location.search).has("error")
      ? SSO_FAILED
      : null,
  );
  const ssoTried = useRef(false);
  const router = useRouter();
  usePageTitle("Login");
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
        setSsoError(ssoErrorMessage(error));
      });
  }, [status, acceptToken]);

  if (status === "signed-in") return <Splash />;

  const banner = signOutReason && signOutReason !== "user" ? BANNERS[signOutReason] : null;
  return (
    <AuthPage
      brand={brand}
      title="Sign in"
      below={
        settingsFailed && (
          <p
            role="alert"
            className="mt-4 flex items-center justify-center gap-2 text-center text-sm text-red-800"
            data-testid="settings-failed"
          >
            <AlertTriangle aria-hidden className="size-4 shrink-0" />
            {SETTINGS_FAILED_MESSAGE}
          </p>
        )
      }
    >
      <p className="mb-6 text-sm text-slate-600">Use your school email or student number.</p>
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
