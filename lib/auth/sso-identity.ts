/**
 * What a school identity provider told us about a person, and whether it is enough to sign them in.
 * Pure: lib/auth/sso.ts reads the claims during next-auth's callback, lib/auth/sso-sign-in.server.ts decides.
 */

export type SsoProviderId = "google" | "azure-ad" | "oidc";

/**
 * What a provider is asked (OpenID `prompt`) when the person must choose their account again (Google and
 * Microsoft show their account chooser) or sign in again (any other provider: `select_account` is optional
 * in OpenID Connect, `login` is not).
 */
export const accountPrompt = (provider: SsoProviderId) => (provider === "oidc" ? "login" : "select_account");

/** The claims kept from the provider (the ID token's, completed from userinfo when it lacks the email). */
export interface SsoIdentity {
  provider: SsoProviderId;
  /** The provider's stable id for the person: Google and OpenID `sub`, Microsoft Entra `tid:oid`. */
  subject: string;
  /** Lower-cased; for Microsoft Entra the `email` claim, else the sign-in name (`preferred_username`). */
  email: string | null;
  /** The provider's `email_verified` claim as sent (true, false or absent). */
  emailVerified: boolean | null;
  /** Google: the Workspace domain of the account (`hd`); absent for a personal account. */
  hostedDomain: string | null;
  /** Microsoft Entra: the tenant (`tid`). */
  tenant: string | null;
  name: string | null;
  /** Every other short text or number claim, so a school can name the one carrying a student's SIS id. */
  claims: Record<string, string>;
  /** When the provider step finished (ms): the proof is exchanged within minutes or not at all. */
  authenticatedAt?: number;
  /** The ID token's nonce, which openid-client checked against the one the step sent. */
  nonce?: string | null;
}

/** Why an identity may not sign in, before any account is looked at. */
export type IdentityRefusal = "no_email" | "unverified_email" | "wrong_domain" | "wrong_tenant";

export interface IdentityRules {
  googleDomains: string[];
  azureTenant: string | null;
}

const MAX_KEPT_CLAIMS = 40;
const MAX_CLAIM_LENGTH = 200;
const RESERVED = new Set(["sub", "email", "email_verified", "hd", "tid", "oid", "name", "nonce", "at_hash", "c_hash"]);

const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

/** The identity in a provider's claims, or null without a subject (no provider omits it: not a sign-in). */
export function identityFromClaims(provider: SsoProviderId, raw: Record<string, unknown>): SsoIdentity | null {
  const sub = text(raw.sub);
  const tenant = text(raw.tid)?.toLowerCase() ?? null;
  const oid = text(raw.oid);
  // Microsoft's `sub` differs per application; `tid` + `oid` names the person across them. Any other
  // OpenID provider's `sub` is unique only at its issuer: a school that moves to another provider must not
  // find its old links answered by the new one's (often small-number) subjects.
  const issuer = text(raw.iss);
  const subject =
    provider === "azure-ad" ? (tenant && oid ? `${tenant}:${oid}` : null) : provider === "oidc" && sub && issuer ? `${issuer}|${sub}` : sub;
  if (!subject) return null;
  const email = text(raw.email) ?? (provider === "azure-ad" ? text(raw.preferred_username) : null);
  const verified = raw.email_verified;
  const claims: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (Object.keys(claims).length >= MAX_KEPT_CLAIMS) break;
    if (RESERVED.has(key)) continue;
    if ((typeof value === "string" || typeof value === "number") && String(value).length <= MAX_CLAIM_LENGTH) {
      claims[key] = String(value);
    }
  }
  return {
    provider,
    subject,
    // ASCII letters only: a full Unicode lower-casing folds look-alikes (the Kelvin sign K to k) into
    // someone else's address.
    email: email?.replace(/[A-Z]/g, (letter) => letter.toLowerCase()) ?? null,
    emailVerified: verified === true || verified === "true" ? true : verified === undefined ? null : false,
    hostedDomain: text(raw.hd)?.toLowerCase() ?? null,
    tenant,
    name: text(raw.name),
    claims,
    nonce: text(raw.nonce),
  };
}

/**
 * Whether the provider vouches for this person as one of the school's. Google: a verified address of one
 * of the school's Workspace domains (the account's `hd`, never a personal Gmail). Microsoft Entra: the
 * school's own tenant, whose addresses the school administers (Entra sends no `email_verified`). Any other
 * OpenID provider: `email_verified` must be true (missing counts as unverified).
 */
export function identityRefusal(identity: SsoIdentity, rules: IdentityRules): IdentityRefusal | null {
  if (!identity.email) return "no_email";
  if (identity.provider === "azure-ad") {
    const tenant = rules.azureTenant?.toLowerCase();
    if (!tenant || identity.tenant !== tenant) return "wrong_tenant";
    // A guest of the tenant (B2B: another organisation's or a personal account) carries the school's tid
    // too, with an `idp` naming its home, or `acct` 1: not one of the school's own accounts.
    return identity.claims.idp || identity.claims.acct === "1" ? "wrong_tenant" : null;
  }
  if (identity.emailVerified !== true) return "unverified_email";
  if (identity.provider === "google") {
    const domain = identity.email.split("@")[1] ?? "";
    const hd = identity.hostedDomain ?? "";
    if (!rules.googleDomains.includes(hd) || !rules.googleDomains.includes(domain)) return "wrong_domain";
  }
  return null;
}

/** The provider's account as the person knows it, for messages ("The Google account …"). */
export function accountLabel(provider: SsoProviderId, oidcName: string): string {
  if (provider === "google") return "Google account";
  if (provider === "azure-ad") return "Microsoft account";
  return /account$/i.test(oidcName) ? oidcName : `${oidcName} account`;
}
