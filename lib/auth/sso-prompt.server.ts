import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { AuthOptions } from "next-auth";
import { env } from "@/lib/core/env.server";
import { ssoOptions } from "./sso";
import { accountPrompt, type SsoIdentity, type SsoProviderId } from "./sso-identity";

/**
 * Shared computers. Signing out of Flexblock leaves the browser signed in at the school's identity
 * provider, so the next person to press "Continue with …" would come back as the person before them. The
 * provider step therefore asks the person to choose their account (Google, Microsoft: `select_account`) or
 * to sign in again (any other OpenID provider: `login`), unless the last school-account sign-in in this
 * browser was of a role the school lets through without a question (Settings → Sign-in, per role; on for
 * students, always for sysadmins). The role is known only once the provider has answered, so the exchange
 * (POST /api/auth/sso-token) checks it: a step that did not ask, for a role that must be asked, is refused
 * with `sso_choose_account`, and the login screen starts the step again, asking. Whether a step asked is
 * read from the authorization URL next-auth built, and bound to that step's nonce (which the ID token
 * carries back) with the server's secret, so a browser cannot claim a question it was never asked.
 */

/** Set after a sign-in of a role that is let through without a question; absent: the next step asks. */
export const QUIET_COOKIE = "flexblock-sso-quiet";
/** The proof that the provider step with this nonce asked for the account (15 minutes, like next-auth's checks). */
export const ASKED_COOKIE = "flexblock-sso-asked";

const ASKED_MAX_AGE = 15 * 60;
const QUIET_MAX_AGE = 365 * 24 * 60 * 60;

const secure = () => (env().NEXTAUTH_URL?.startsWith("https://") ? "; Secure" : "");
const cookie = (name: string, value: string, maxAge: number) =>
  `${name}=${value}; Path=/api/auth; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure()}`;

/** The proof for a step's nonce; none without the server's secret (next-auth refuses to run without it too). */
function seal(provider: string, nonce: string): string | null {
  const secret = env().NEXTAUTH_SECRET;
  return secret ? createHmac("sha256", secret).update(`asked|${provider}|${nonce}`).digest("base64url") : null;
}

const isProvider = (id: string | undefined): id is SsoProviderId => id === "google" || id === "azure-ad" || id === "oidc";

/**
 * POST /api/auth/signin/<provider>: next-auth's options for this browser (asking for the account unless it
 * is quiet), and, once next-auth has built the provider's address, the cookie that proves the step asked.
 */
export function signInStep(cookies: Record<string, string | undefined>, providerId: string | undefined) {
  const ask = cookies[QUIET_COOKIE] !== "1";
  return {
    options: ssoOptions({ askForAccount: ask }) satisfies AuthOptions,
    cookieFor(authorizationUrl: string | null): string | null {
      if (!authorizationUrl || !isProvider(providerId)) return null;
      let url: URL;
      try {
        url = new URL(authorizationUrl);
      } catch {
        return null;
      }
      const nonce = url.searchParams.get("nonce");
      // What the provider is really asked, whoever decided it: `login` asks every provider to sign in again.
      const prompts = (url.searchParams.get("prompt") ?? "").split(" ");
      const asks = prompts.includes(accountPrompt(providerId)) || prompts.includes("login");
      const proof = nonce && asks ? seal(providerId, nonce) : null;
      return proof ? cookie(ASKED_COOKIE, proof, ASKED_MAX_AGE) : null;
    },
  };
}

/** Whether the finished provider step behind this identity asked the person for their account. */
export function stepAsked(cookies: Record<string, string | undefined>, identity: SsoIdentity | null): boolean {
  const proof = cookies[ASKED_COOKIE];
  const sealed = proof && identity?.nonce ? seal(identity.provider, identity.nonce) : null;
  if (!proof || !sealed) return false;
  const expected = Buffer.from(sealed);
  const given = Buffer.from(proof);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The exchange's cookies: the proof is spent; the browser is quiet after a role let through without a question. */
export function exchangeCookies(quiet: boolean): string[] {
  return [cookie(ASKED_COOKIE, "", 0), quiet ? cookie(QUIET_COOKIE, "1", QUIET_MAX_AGE) : cookie(QUIET_COOKIE, "", 0)];
}
