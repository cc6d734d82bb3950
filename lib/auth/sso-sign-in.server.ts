import "server-only";
import type { Db } from "@/db";
import type { AccountRow } from "@/db/queries/auth";
import { isUniqueViolation } from "@/db/errors";
import { insertAudit } from "@/db/queries/audit";
import { findAccountBySsoSubject, findSsoCandidates, linkSsoSubject, lockAndFindOtherSsoLink } from "@/db/queries/sso";
import { ApiError, type ErrorCode } from "@/lib/api/errors.server";
import { env } from "@/lib/core/env.server";
import { log } from "@/lib/core/log.server";
import { isLocked, roleOf } from "./principal";
import { createSession, LOGIN_MESSAGES, type Caller, type TokenResponse } from "./service.server";
import { signInPolicy, type SignInPolicy } from "./sign-in-policy.server";
import { googleDomains } from "./sso";
import { identityRefusal, accountLabel, type IdentityRefusal, type SsoIdentity } from "./sso-identity";

/** How long after the provider step its proof may be exchanged for a session. */
export const PROOF_LIFETIME_MS = 5 * 60_000;

/** Every reason a finished provider step does not become a Flexblock session. */
export type SsoRefusal = IdentityRefusal | "no_account" | "ambiguous" | "linked_elsewhere" | "locked" | "sysadmin_sso_off";

const STATUS: Record<SsoRefusal, { status: number; code: ErrorCode }> = {
  no_email: { status: 403, code: "sso_refused" },
  unverified_email: { status: 403, code: "sso_refused" },
  wrong_domain: { status: 403, code: "sso_refused" },
  wrong_tenant: { status: 403, code: "sso_refused" },
  linked_elsewhere: { status: 403, code: "sso_refused" },
  no_account: { status: 404, code: "user_not_found" },
  ambiguous: { status: 409, code: "sso_ambiguous" },
  locked: { status: 423, code: "account_locked" },
  sysadmin_sso_off: { status: 403, code: "sso_refused" },
};

/** What the person reads on the login screen, in words: which account, and what to do. */
export function refusalMessage(reason: SsoRefusal, identity: SsoIdentity, schoolName: string): string {
  const label = accountLabel(identity.provider, env().OIDC_NAME);
  const account = identity.email ? `The ${label} ${identity.email}` : `That ${label}`;
  switch (reason) {
    case "no_email":
      return `${account} did not share an email address, so it cannot sign in to ${schoolName}. Use your school account.`;
    case "unverified_email":
      return `${account} has no verified email address, so it cannot sign in to ${schoolName}. Use your school account.`;
    case "wrong_domain":
    case "wrong_tenant":
      return `${account} is not a ${schoolName} account. Use your school account.`;
    case "no_account":
      return `${account} does not belong to anyone at ${schoolName}. Please check with your administrator.`;
    case "ambiguous":
      return `${account} matches more than one person at ${schoolName}. Please ask your administrator to correct the email addresses.`;
    case "linked_elsewhere":
      return `Your ${schoolName} account is already linked to another ${label}. Please ask your administrator to reset its sign-in.`;
    case "locked":
      return LOGIN_MESSAGES.locked;
    case "sysadmin_sso_off":
      return `System administrators sign in to ${schoolName} with their password, not with a school account. Use your password.`;
  }
}

/** A finished single sign-on: the session, and whether this browser's next provider step may skip the question. */
export interface SsoSignIn {
  session: TokenResponse;
  quiet: boolean;
}

export const CHOOSE_ACCOUNT_MESSAGE = "Choose your school account to sign in.";

/**
 * POST /api/auth/sso-token: the provider proved who the person is; sign in the account that is theirs.
 * The provider's subject is the key once linked; the first time, the account is found by the verified
 * email (staff, sysadmins, students with a school email) or by the student's SIS identifier from the
 * claim the school named. Every refusal is logged and audited with its reason and answered in words.
 * A sysadmin signs in this way only when a sysadmin allowed it (Settings → Sign-in). `asked`: the provider
 * step asked the person to choose or re-enter their account (lib/auth/sso-prompt.server.ts); a role the
 * school has asked every time, met without that question, is sent back to be asked (401 sso_choose_account),
 * before anything is linked: on a shared computer it was the person before them.
 */
export async function signInWithSso(
  db: Db,
  identity: SsoIdentity | null,
  caller: Caller,
  now: Date,
  asked = false,
): Promise<SsoSignIn> {
  // The proof is good for one exchange, right after the provider: older ones are refused (a shared computer).
  if (!identity || !identity.authenticatedAt || now.getTime() - identity.authenticatedAt > PROOF_LIFETIME_MS) {
    throw new ApiError(401, "sso_required", "Single sign-on did not finish. Please try again.");
  }
  const policy = await signInPolicy(db);
  const refused = identityRefusal(identity, { googleDomains: googleDomains(), azureTenant: env().AZURE_AD_TENANT_ID ?? null });
  // A step that asked nobody may have come back as whoever used this browser before: until the account
  // is known to be one let through without a question, nothing about it is said (not even a refusal).
  if (refused) return asked ? refuse(db, refused, identity, policy, null, caller, now) : chooseAccount(identity, null);

  const linked = await findAccountBySsoSubject(db, identity.provider, identity.subject);
  const account = linked ?? (await accountForFirstSignIn(db, identity, policy, caller, now, asked));
  const role = roleOf(account);
  const mustAsk = policy.asksForAccount(role);
  if (mustAsk && !asked) return chooseAccount(identity, role);
  if (isLocked(account, now)) return refuse(db, "locked", identity, policy, account, caller, now);
  if (role === "sysadmin" && !policy.ssoForSysadmins) return refuse(db, "sysadmin_sso_off", identity, policy, account, caller, now);

  const link = { user_id: account.user.id, provider: identity.provider, subject: identity.subject, email: identity.email };
  let session: TokenResponse | null;
  try {
    session = await db.transaction(async (tx) => {
      // A first sign-in found the account by its email (or the SIS claim): an account already linked to
      // another provider account, of any provider, stays with it. An email changed by anyone, or an address
      // handed to someone new (recycled), never moves a link to the address's new owner: Reset Single
      // Sign-On in the Credentials Manager unlinks it first.
      if (!linked && (await lockAndFindOtherSsoLink(tx, account.user.id, identity.provider, identity.subject))) return null;
      // The pair (provider, subject) is unique: two first sign-ins at once link once; a subject linked to
      // someone else in between is refused rather than moved.
      return (await linkSsoSubject(tx, link, now)) ? createSession(tx, account.user.id, caller.userAgent, now, "sso") : null;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    session = null;
  }
  if (!session) return refuse(db, "linked_elsewhere", identity, policy, account, caller, now);
  log.info({ event: "sso.sign_in", provider: identity.provider, user_id: account.user.id, first: !linked }, "single sign-on");
  return { session, quiet: !mustAsk };
}

/** 401 sso_choose_account: the login screen starts the provider step again, asking (nothing audited: routine). */
function chooseAccount(identity: SsoIdentity, role: string | null): never {
  log.info({ event: "sso.choose_account", provider: identity.provider, role }, "single sign-on asks for the account");
  throw new ApiError(401, "sso_choose_account", CHOOSE_ACCOUNT_MESSAGE);
}

async function accountForFirstSignIn(
  db: Db,
  identity: SsoIdentity,
  policy: SignInPolicy,
  caller: Caller,
  now: Date,
  asked: boolean,
): Promise<AccountRow> {
  const claim = policy.studentIdClaim;
  const studentId = claim && Object.hasOwn(identity.claims, claim) ? identity.claims[claim]!.trim() || null : null;
  const candidates = await findSsoCandidates(db, identity.email!, studentId);
  if (candidates.length !== 1 && !asked) return chooseAccount(identity, null);
  if (candidates.length === 0) return refuse(db, "no_account", identity, policy, null, caller, now);
  if (candidates.length > 1) return refuse(db, "ambiguous", identity, policy, null, caller, now);
  return candidates[0]!;
}

async function refuse(
  db: Db,
  reason: SsoRefusal,
  identity: SsoIdentity,
  policy: SignInPolicy,
  account: AccountRow | null,
  caller: Caller,
  now: Date,
): Promise<never> {
  const details = { provider: identity.provider, email: identity.email, reason, address: caller.address };
  log.warn({ event: "sso.refused", ...details, subject: identity.subject }, "single sign-on refused");
  await insertAudit(db, {
    actor_user_id: null,
    action: "sso.refused",
    target_user_id: account?.user.id ?? null,
    details,
    created_at: now,
  });
  const { status, code } = STATUS[reason];
  throw new ApiError(status, code, refusalMessage(reason, identity, policy.schoolName));
}
