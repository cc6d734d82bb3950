import "server-only";
import type { Db } from "@/db";
import { findAccountByUserId, findAccountByUsername, deleteUserSessions, updatePassword, type AccountRow } from "@/db/queries/auth";
import { insertAudit } from "@/db/queries/audit";
import {
  dropQueuedPasswordResetMail,
  findPasswordResetByHash,
  insertPasswordReset,
  scrubPasswordResetLinks,
  takePasswordReset,
  voidOpenPasswordResets,
} from "@/db/queries/password-resets";
import { settingValues } from "@/db/queries/settings";
import { throttleNetwork } from "@/lib/api/client-address";
import { ApiError, invalid } from "@/lib/api/errors.server";
import { hashPassword, newPasswordProblem } from "@/lib/auth/password.server";
import { isLocked, roleOf } from "@/lib/auth/principal";
import type { Role } from "@/lib/auth/roles";
import { normalizeUsername, type CompletePasswordResetBody, type PasswordResetBody } from "@/lib/auth/schemas";
import { LOGIN_MESSAGES, passwordOwner } from "@/lib/auth/service.server";
import { signInPolicy } from "@/lib/auth/sign-in-policy.server";
import { inSchoolNetwork, tryBucketPlace } from "@/lib/auth/throttle.server";
import { hashToken, newToken } from "@/lib/auth/tokens.server";
import { SETTINGS } from "@/lib/setting-definitions";
import { readPasswordResetMode, type PasswordResetMode } from "@/lib/settings/notification-settings";
import type { MessageContent } from "./content";
import { isSendableAddress, queueMessages } from "./outbox.server";
import { mailConfig } from "./transport.server";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { studentLocale } from "./student-words";

/**
 * Forgotten passwords, without waiting for an administrator: "Forgot your password?" on the sign-in screen's password step asks for
 * a link by email; the link (`/reset-password?token=…`) sets a new password once, within 30 minutes.
 *
 * Who may: staff (teachers and administrators) when the setting `password-reset-by-email` is "staff"
 * (the default) or "everyone", students only when it is "everyone" and their record has an email. Never a
 * disabled account, never an account whose role signs in only with the school account (password sign-in
 * off: a password would not let them in), never a system administrator (their password is the school's
 * way back in when everything else fails: it is not handed to whoever reads one mailbox; another sysadmin
 * or `npm run create-sysadmin` recovers it). An administrator may, although nobody else may change an
 * administrator's password (lib/auth/account-changes.ts): a reset is the owner proving they hold the mailbox
 * the account is already tied to, not someone else changing the account.
 *
 * The answer never tells whether an account exists or may reset: every request gets the same 202 and the
 * same sentence, throttled or not.
 */

export const RESET_LINK_MINUTES = 30;

export const PASSWORD_RESET_MESSAGES = {
  requested: `If that account can reset its password by email, a link is on its way. It works for ${RESET_LINK_MINUTES} minutes.`,
  invalid: "This password link is not valid. Ask for a new one from the sign-in screen.",
  expired: `This password link has expired: links work for ${RESET_LINK_MINUTES} minutes. Ask for a new one from the sign-in screen.`,
  used: "This password link was used already. Sign in with your new password, or ask for a new link from the sign-in screen.",
  replaced: "A newer password link was sent after this one: use the link in the latest email, or ask for a new one.",
  notAllowed: "This account can no longer reset its password by email. Please contact your administrator.",
  changed: "Your password was changed. Sign in with your new password.",
} as const;

/**
 * The throttle (lib/auth/throttle.server.ts buckets, counted in the database like sign-in's): per account
 * 3 links at once, then one every 20 minutes (at most 75 a day: nobody's mailbox is flooded); per address
 * (an IPv4 address or an IPv6 /64) 30 requests at once, then one a minute, known usernames or not, so
 * walking through usernames is held to 1,440 a day. School networks are not limited as a group.
 */
export const RESET_ACCOUNT_BURST = 3;
export const RESET_ACCOUNT_DRAIN_SECONDS = 20 * 60;
export const RESET_ADDRESS_BURST = 30;
export const RESET_ADDRESS_DRAIN_SECONDS = 60;

/**
 * Every request is answered no sooner than this after it arrived: a link's work (a few statements) would
 * otherwise make the answer for an account that may reset measurably slower than for one that may not.
 */
export const RESET_ANSWER_FLOOR_MS = 150;

const answerNoSoonerThan = async (started: number) => {
  const remaining = started + RESET_ANSWER_FLOOR_MS - performance.now();
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
};

export interface ResetCaller {
  address: string;
}

async function resetMode(db: Db): Promise<PasswordResetMode> {
  const [row] = await settingValues(db, ["password-reset-by-email"]);
  const fallback = SETTINGS.find((s) => s.key === "password-reset-by-email")?.default;
  return readPasswordResetMode(row?.value ?? fallback) ?? "staff";
}

const roleMayReset = (role: Role, mode: PasswordResetMode) =>
  role === "student" ? mode === "everyone" : role === "teacher" || role === "admin" ? mode !== "off" : false;

const emailOf = (account: AccountRow) => account.staff?.email ?? account.student?.email ?? null;

/** Whether this account may reset its password by email now (role, setting, lock, sign-in policy). */
async function mayReset(db: Db, account: AccountRow, now: Date): Promise<boolean> {
  if (isLocked(account, now)) return false;
  const role = roleOf(account);
  if (!roleMayReset(role, await resetMode(db))) return false;
  return (await signInPolicy(db)).passwordAllowed(role);
}

async function throttled(db: Db, username: string, address: string, now: Date): Promise<boolean> {
  if (!(await inSchoolNetwork(db, address))) {
    const key = `password-reset:address:${throttleNetwork(address)}`;
    if (!(await tryBucketPlace(db, { key, capacity: RESET_ADDRESS_BURST, drainSeconds: RESET_ADDRESS_DRAIN_SECONDS }, now))) {
      return true;
    }
  }
  // Keyed by the username asked for, known or not, so a refusal looks the same for both.
  const key = `password-reset:account:${username.slice(0, 254)}`;
  return !(await tryBucketPlace(db, { key, capacity: RESET_ACCOUNT_BURST, drainSeconds: RESET_ACCOUNT_DRAIN_SECONDS }, now));
}

/**
 * The link's email: a student's in their language (users.locale, else the school's default-locale); staff
 * read English this round.
 */
function resetEmail(account: AccountRow, school: string | null, token: string, schoolDefault: string | null): { subject: string; content: MessageContent } {
  const first = account.staff?.first_name ?? account.student?.first_name ?? "";
  const locale = account.student && !account.staff ? studentLocale(account.user.locale, schoolDefault) : DEFAULT_LOCALE;
  const t = translatorFor(locale, "notices");
  const words = { username: account.user.username, school: school || t("passwordReset.yourSchool") };
  return {
    subject: t("passwordReset.subject"),
    content: {
      heading: t("passwordReset.heading"),
      paragraphs: [
        first ? t("passwordReset.greeting", { ...words, first }) : t("passwordReset.greetingNoName", words),
        t("passwordReset.linkOnce", { minutes: RESET_LINK_MINUTES }),
        t("passwordReset.ignore"),
      ],
      action: { label: t("passwordReset.button"), path: `/reset-password?token=${token}` },
      note: t("passwordReset.note"),
      ...(locale === DEFAULT_LOCALE ? {} : { locale }),
    },
  };
}

/**
 * POST /api/password-reset: always 202 with the same sentence. When the account may reset, a new link
 * (only its hash kept) replaces the unused ones, and its email is queued (sent at once, quiet hours or
 * not, with no unsubscribe header: lib/reach/kinds.ts), in one transaction with the audit entry.
 */
export async function requestPasswordReset(db: Db, body: PasswordResetBody, caller: ResetCaller, now: Date) {
  const started = performance.now();
  try {
    await sendResetLink(db, body, caller, now);
  } finally {
    await answerNoSoonerThan(started);
  }
  return { message: PASSWORD_RESET_MESSAGES.requested };
}

async function sendResetLink(db: Db, body: PasswordResetBody, caller: ResetCaller, now: Date): Promise<void> {
  const username = normalizeUsername(body.username);
  if (await throttled(db, username, caller.address, now)) return;
  const account = await findAccountByUsername(db, username);
  if (!account || !mailConfig() || !(await mayReset(db, account, now))) return;
  const address = emailOf(account);
  if (!isSendableAddress(address)) return;
  const values = new Map((await settingValues(db, ["school_name", "default-locale"])).map((r) => [r.key, r.value]));
  const token = newToken();
  await db.transaction(async (tx) => {
    const voided = await voidOpenPasswordResets(tx, account.user.id, now);
    await dropQueuedPasswordResetMail(tx, account.user.id);
    await scrubPasswordResetLinks(tx, account.user.id);
    const id = await insertPasswordReset(tx, {
      user_id: account.user.id,
      token_hash: hashToken(token),
      expires_at: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
      address: caller.address.slice(0, 100),
      created_at: now,
    });
    const { subject, content } = resetEmail(account, values.get("school_name") || null, token, values.get("default-locale") ?? null);
    const person = account.staff ?? account.student;
    await queueMessages(
      tx,
      [
        {
          kind: "password_reset",
          occasion: `reset:${id}`,
          channel: "email",
          user_id: account.user.id,
          to_address: address,
          to_name: person ? `${person.first_name} ${person.last_name}` : "",
          subject,
          content,
        },
      ],
      now,
      { immediate: true },
    );
    await insertAudit(tx, {
      actor_user_id: null,
      action: "password_reset.request",
      target_user_id: account.user.id,
      details: { username: account.user.username, requested_from: caller.address.slice(0, 100), replaced: voided.length },
      created_at: now,
    });
  });
}

const refused = (message: string) => new ApiError(422, "reset_link_invalid", message, { token: [message] });

/**
 * POST /api/password-reset/complete: the link's token and a new password (the rules of Change Password).
 * A forged, expired, used or replaced link is a 422 sentence and changes nothing; so is a new password
 * the rules refuse (the link stays good). On success, in one transaction: the link is used, the password
 * set (no longer expired), every session of the account ended, the other links voided, audited.
 */
export async function completePasswordReset(db: Db, body: CompletePasswordResetBody, now: Date) {
  const reset = /^[A-Za-z0-9_-]{20,200}$/.test(body.token) ? await findPasswordResetByHash(db, hashToken(body.token)) : undefined;
  if (!reset) throw refused(PASSWORD_RESET_MESSAGES.invalid);
  if (reset.used_at) throw refused(PASSWORD_RESET_MESSAGES.used);
  if (reset.voided_at) throw refused(PASSWORD_RESET_MESSAGES.replaced);
  if (reset.expires_at.getTime() <= now.getTime()) throw refused(PASSWORD_RESET_MESSAGES.expired);
  const account = await findAccountByUserId(db, reset.user_id);
  if (!account) throw refused(PASSWORD_RESET_MESSAGES.invalid);
  if (isLocked(account, now)) throw new ApiError(423, "account_locked", LOGIN_MESSAGES.locked);
  if (!(await mayReset(db, account, now))) throw refused(PASSWORD_RESET_MESSAGES.notAllowed);
  const problem = await newPasswordProblem(body.new_password, passwordOwner(account));
  if (problem) throw invalid({ new_password: [problem] }, problem);
  const password_hash = await hashPassword(body.new_password);
  await db.transaction(async (tx) => {
    // Taken in one statement: a second request with the same link (or one that expired meanwhile) changes nothing.
    if (!(await takePasswordReset(tx, reset.id, now))) throw refused(PASSWORD_RESET_MESSAGES.used);
    await updatePassword(tx, account.user.id, { password_hash, password_expired: false, password_changed_at: now });
    await deleteUserSessions(tx, account.user.id);
    await voidOpenPasswordResets(tx, account.user.id, now, reset.id);
    await scrubPasswordResetLinks(tx, account.user.id);
    await insertAudit(tx, {
      actor_user_id: account.user.id,
      action: "password_reset.complete",
      target_user_id: account.user.id,
      details: { username: account.user.username },
      created_at: now,
    });
  });
  return { message: PASSWORD_RESET_MESSAGES.changed, username: account.user.username };
}
