import "server-only";
import type { CheckUserAnswer, TokenResponse } from "./answers";
import type { Db } from "@/db";
import {
  type AccountRow,
  deleteSession,
  deleteUserSessions,
  findAccountByUsername,
  insertSession,
  markPasswordConfirmed,
  takePasswordConfirmation,
  updatePassword,
} from "@/db/queries/auth";
import { ApiError, invalid } from "@/lib/api/errors.server";
import { env } from "@/lib/core/env.server";
import { avatarOf, isLocked, roleOf, type Principal } from "./principal";
import { passwordOffMessage, signInPolicy } from "./sign-in-policy.server";
import { hashPassword, newPasswordProblem, verifyPassword, type PasswordOwner } from "./password.server";
import { normalizeUsername, type ChangePasswordBody, type LoginBody } from "./schemas";
import { deviceNonce, type DeviceAccount } from "./device-cookie.server";
import {
  addressBucketFull,
  reserve,
  settleFailure,
  settleSuccess,
  settleUnchecked,
  ThrottledError,
  type Attempt,
} from "./throttle.server";
import { hashToken, newToken } from "./tokens.server";

export const LOGIN_MESSAGES = {
  notFound: "The user could not be found. Please check with your administrator.",
  badCredentials: "The given credentials were not correct.",
  locked: "Your account has been locked. Please contact your administrator.",
} as const;

export interface Caller {
  address: string;
  userAgent: string | null;
  /** login: the request's Cookie header, for the device cookie (lib/auth/device-cookie.server.ts). */
  cookies?: string | null;
  /** login: told the account after a right password, so the route can set the device cookie. */
  onSignedIn?: (account: DeviceAccount) => void;
}

export type { TokenResponse };

/**
 * POST /api/login: 429 throttled, 404 unknown, 423 locked, 401 wrong password; else a new session.
 * The attempt is counted (lib/auth/throttle.server.ts: the account's allowance, or its device's when the
 * caller holds a valid device cookie, and the address) before the password is checked, and a locked
 * account answers 423 before its password is checked, so a disabled account never confirms whether a
 * password was right.
 */
export async function login(db: Db, body: LoginBody, caller: Caller, now: Date): Promise<TokenResponse> {
  const username = normalizeUsername(body.username);
  const account = await findAccountByUsername(db, username);
  const device = account ? deviceNonce(caller.cookies, account.user) : null;
  const attempt: Attempt = { kind: "login", username, address: caller.address, account: Boolean(account), device };
  await reserve(db, attempt, now);
  if (!account) {
    await settleFailure(db, attempt, now);
    throw new ApiError(404, "user_not_found", LOGIN_MESSAGES.notFound, { username: [LOGIN_MESSAGES.notFound] });
  }
  if (isLocked(account, now)) {
    await settleUnchecked(db, attempt);
    throw new ApiError(423, "account_locked", LOGIN_MESSAGES.locked);
  }
  const policy = await signInPolicy(db);
  const role = roleOf(account);
  if (!policy.passwordAllowed(role)) {
    await settleUnchecked(db, attempt);
    throw new ApiError(403, "password_sign_in_off", passwordOffMessage(role, policy.schoolName));
  }
  if (!(await verifyPassword(account.user.password_hash, body.password))) {
    await settleFailure(db, attempt, now);
    throw new ApiError(401, "bad_credentials", LOGIN_MESSAGES.badCredentials, {
      password: [LOGIN_MESSAGES.badCredentials],
    });
  }
  await settleSuccess(db, attempt, now);
  caller.onSignedIn?.(account.user);
  return createSession(db, account.user.id, caller.userAgent, now);
}

export async function createSession(
  db: Db,
  userId: number,
  userAgent: string | null,
  now: Date,
  signInMethod: "password" | "sso" = "password",
): Promise<TokenResponse> {
  const token = newToken();
  const ttlSeconds = env().SESSION_TTL_HOURS * 3600;
  await insertSession(db, {
    user_id: userId,
    token_hash: hashToken(token),
    expires_at: new Date(now.getTime() + ttlSeconds * 1000),
    user_agent: userAgent?.slice(0, 300) ?? null,
    sign_in_method: signInMethod,
  });
  return { access_token: token, token_type: "Bearer", expires_in: ttlSeconds };
}

/**
 * What check-user answers while the caller's address has used up its misses, for every username, known
 * or not: a plain avatar and the password step. A known username is never refused because of someone
 * else's misses from the same address (a school behind one NAT address), and a script walking through
 * numbers learns nothing more than its misses allowed (900 an hour): the answer is the same for all.
 * Login then says whether the username exists (its own throttle).
 */
export const withheldAvatar = (username: string) => ({
  username,
  initials: "?",
  color: "blue-grey",
  password_sign_in: true,
  /** Added to the spec's shape: the avatar is not the account's (the address used up its look-ups). */
  withheld: true as const,
});

/**
 * POST /api/check-user: the avatar a remembered user is shown with. It tells whether a username
 * exists, so each unknown username takes a place from the caller's address (taken atomically before the
 * 404, so concurrent misses cannot slip past); a username found takes none. Once the address has used
 * its places, every username gets the same withheld answer (withheldAvatar) instead of 404 or the avatar.
 */
export async function checkUser(db: Db, rawUsername: string, caller: Caller, now: Date): Promise<CheckUserAnswer> {
  const username = normalizeUsername(rawUsername);
  const attempt: Attempt = { kind: "check-user", username, address: caller.address };
  const account = await findAccountByUsername(db, username);
  if (!account) {
    try {
      await reserve(db, attempt, now);
    } catch (error) {
      if (error instanceof ThrottledError) return withheldAvatar(username);
      throw error;
    }
    throw new ApiError(404, "user_not_found", LOGIN_MESSAGES.notFound, { username: [LOGIN_MESSAGES.notFound] });
  }
  if (await addressBucketFull(db, attempt, now)) return withheldAvatar(username);
  const policy = await signInPolicy(db);
  // Added to the spec's shape: false tells the login screen to offer the school account, not a password.
  return { username: account.user.username, ...avatarOf(account), password_sign_in: policy.passwordAllowed(roleOf(account)) };
}

/** POST /api/logout: ends this device's session only; the user's other devices stay signed in. */
export async function logout(db: Db, principal: Principal) {
  await deleteSession(db, principal.sessionId);
  return { message: "Logged out successfully." };
}

/**
 * Checks the caller's own password (throttled like sign-in; 423 locked, 401 wrong). Used by the actions
 * that carry the password with them (creating people, API tokens, uploads, a password change); it is no
 * confirmation for a later credentials action: only POST /api/verify-user gives one.
 */
export async function checkOwnPassword(db: Db, principal: Principal, password: string, caller: Caller, now: Date) {
  const attempt: Attempt = { kind: "verify-user", username: principal.user.username, address: caller.address, account: true };
  // A session of a locked account is refused before it gets here; checked again so no password is confirmed.
  if (isLocked(principal, now)) throw new ApiError(423, "account_locked", LOGIN_MESSAGES.locked);
  await reserve(db, attempt, now);
  if (!(await verifyPassword(principal.user.password_hash, password))) {
    await settleFailure(db, attempt, now);
    throw new ApiError(401, "bad_credentials", LOGIN_MESSAGES.badCredentials, {
      password: [LOGIN_MESSAGES.badCredentials],
    });
  }
  await settleSuccess(db, attempt, now);
}

/** POST /api/verify-user: confirms the caller's password before a credentials action, for this session. */
export async function verifyUser(db: Db, principal: Principal, password: string, caller: Caller, now: Date) {
  await checkOwnPassword(db, principal, password, caller, now);
  await markPasswordConfirmed(db, principal.sessionId, now);
  return { message: "Verified user successfully" };
}

/** How long a password confirmation (POST /api/verify-user) stays good for the action it confirms. */
export const PASSWORD_CONFIRMATION_MS = 5 * 60_000;

/**
 * A credentials action is confirmed by POST /api/verify-user from the same session shortly before
 * (the spec's client asks for the password, verifies it, then acts). The confirmation is taken, so
 * each action needs its own; inside the action's transaction, a refused action gives it back.
 */
export async function takePasswordConfirmationOf(db: Db, principal: Principal, now: Date) {
  const since = new Date(now.getTime() - PASSWORD_CONFIRMATION_MS);
  if (!(await takePasswordConfirmation(db, principal.sessionId, since))) {
    throw new ApiError(
      403,
      "password_confirmation_required",
      "Confirm your password first: it is asked for each credentials action.",
    );
  }
}

/**
 * POST /api/change-password: checks the old password, applies the server's password rules, clears
 * the expired flag and signs the user out of every other device.
 */
export async function changePassword(
  db: Db,
  principal: Principal,
  body: ChangePasswordBody,
  caller: Caller,
  now: Date,
) {
  await checkOwnPassword(db, principal, body.password, caller, now);
  const problem = await newPasswordProblem(body.new_password, passwordOwner(principal), body.password);
  if (problem) throw invalid({ new_password: [problem] }, problem);
  const password_hash = await hashPassword(body.new_password);
  await db.transaction(async (tx) => {
    await updatePassword(tx, principal.user.id, { password_hash, password_expired: false, password_changed_at: now });
    await deleteUserSessions(tx, principal.user.id, principal.sessionId);
  });
  return { message: "Changed password successfully" };
}

/** The words a password must not be built from: the account's username, names, email and number. */
export function passwordOwner(principal: AccountRow): PasswordOwner {
  const { staff, student, sysadmin } = principal;
  return {
    username: principal.user.username,
    words: [
      staff?.first_name,
      staff?.last_name,
      staff?.email,
      student?.first_name,
      student?.last_name,
      student?.student_number,
      sysadmin?.name,
      sysadmin?.email,
    ],
  };
}
