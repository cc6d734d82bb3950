"use client";

import { signIn } from "next-auth/react";

/**
 * Starting a school identity provider's step from the login screen. The provider sends the person back to
 * /login?sso=1, where LoginScreen exchanges the proof for a token. When the exchange answers
 * `sso_choose_account` (the step asked nobody, and the school asks this role every time: a shared
 * computer), the same provider's step is started again, once; the server then asks for the account.
 */
const PROVIDER_KEY = "flexblock.sso-provider";
const RESTARTED_KEY = "flexblock.sso-restarted";

const callbackUrl = (origin: string | null) => `/login?sso=1${origin ? `&from=${encodeURIComponent(origin)}` : ""}`;

/** "Continue with …": the provider the person chose is remembered for this tab, for a restart. */
export function startSso(providerId: string, origin: string | null) {
  sessionStorage.setItem(PROVIDER_KEY, providerId);
  sessionStorage.removeItem(RESTARTED_KEY);
  void signIn(providerId, { callbackUrl: callbackUrl(origin) });
}

/** Starts the remembered provider's step again; false when there is none or it was restarted already. */
export function restartSso(origin: string | null): boolean {
  const providerId = sessionStorage.getItem(PROVIDER_KEY);
  if (!providerId || sessionStorage.getItem(RESTARTED_KEY)) return false;
  sessionStorage.setItem(RESTARTED_KEY, "1");
  void signIn(providerId, { callbackUrl: callbackUrl(origin) });
  return true;
}
