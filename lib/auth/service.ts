import type { Db } from "@/db";
import {
  deleteSession,
  deleteUserSessions,
  findAccountByUsername,
  insertSession,
  updatePassword,
} from "@/db/queries/auth";
import { ApiError, invalid } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { isLocked, type Principal } from "./principal";
import { hashPassword, newPasswordProblem, verifyPassword } from "./password";
import { normalizeUsername, type ChangePasswordBody, type LoginBody } from "./schemas";
import { assertNotThrottled, recordFailure, recordSuccess } from "./throttle";
import { hashToken, newToken } from "./tokens";
import { avatarOf } from "./present";

export const LOGIN_MESSAGES = {
  notFound: "The user could not be found. Please check with your administrator.",
  badCredentials: "The given credentials were not correct.",
  locked: "Your account has been locked. Please contact your administrator.",
} as const;

interface Caller {
  address: string;
  userAgent: string | null;
}

export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
}

/** POST /api/login: 429 throttled, 404 unknown, 401 wrong password, 423 locked; else a new session. */
export async function login(db: Db, body: LoginBody, caller: Caller, now: Date): Promise<TokenResponse> {
  const username = normalizeUsername(body.username);
  const attempt = { kind: "login" as const, username, address: caller.address };
  await assertNotThrottled(db, attempt, now);
  const account = await findAccountByUsername(db, username);
  if (!account) {
    await recordFailure(db, attempt, now);
    throw new ApiError(404, "user_not_found", LOGIN_MESSAGES.notFound, { username: [LOGIN_MESSAGES.notFound] });
  }
  if (!(await verifyPassword(account.user.password_hash, body.password))) {
    await recordFailure(db, attempt, now);
    throw new ApiError(401, "bad_credentials", LOGIN_MESSAGES.badCredentials, {
      password: [LOGIN_MESSAGES.badCredentials],
    });
  }
  if (isLocked(account, now)) throw new ApiError(423, "account_locked", LOGIN_MESSAGES.locked);
  await recordSuccess(db, attempt, now);
  return createSession(db, account.user.id, caller.userAgent, now);
}

export async function createSession(
  db: Db,
  userId: number,
  userAgent: string | null,
  now: Date,
): Promise<TokenResponse> {
  const token = newToken();
  const ttlSeconds = env().SESSION_TTL_HOURS * 3600;
  await insertSession(db, {
    user_id: userId,
    token_hash: hashToken(token),
    expires_at: new Date(now.getTime() + ttlSeconds * 1000),
    user_agent: userAgent?.slice(0, 300) ?? null,
  });
  return { access_token: token, token_type: "Bearer", expires_in: ttlSeconds };
}

/** POST /api/check-user: the avatar a remembered user is shown with. Throttled like sign-in. */
export async function checkUser(db: Db, rawUsername: string, caller: Caller, now: Date) {
  const username = normalizeUsername(rawUsername);
  const attempt = { kind: "check-user" as const, username, address: caller.address };
  await assertNotThrottled(db, attempt, now);
  const account = await findAccountByUsername(db, username);
  if (!account) {
    await recordFailure(db, attempt, now);
    throw new ApiError(404, "user_not_found", LOGIN_MESSAGES.notFound, { username: [LOGIN_MESSAGES.notFound] });
  }
  return { username: account.user.username, ...avatarOf(account) };
}

/** POST /api/logout: ends this device's session only; the user's other devices stay signed in. */
export async function logout(db: Db, principal: Principal) {
  await deleteSession(db, principal.sessionId);
  return { message: "Logged out successfully." };
}

/** POST /api/verify-user: confirms the caller's password before a sensitive action. */
export async function verifyUser(db: Db, principal: Principal, password: string, caller: Caller, now: Date) {
  const attempt = { kind: "verify-user" as const, username: principal.user.username, address: caller.address };
  await assertNotThrottled(db, attempt, now);
  if (!(await verifyPassword(principal.user.password_hash, password))) {
    await recordFailure(db, attempt, now);
    throw new ApiError(401, "bad_credentials", LOGIN_MESSAGES.badCredentials, {
      password: [LOGIN_MESSAGES.badCredentials],
    });
  }
  return { message: "Verified user successfully" };
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
  await verifyUser(db, principal, body.password, caller, now);
  const problem = newPasswordProblem(body.new_password, principal.user.username, body.password);
  if (problem) throw invalid({ new_password: [problem] }, problem);
  const password_hash = await hashPassword(body.new_password);
  await db.transaction(async (tx) => {
    await updatePassword(tx, principal.user.id, { password_hash, password_expired: false, password_changed_at: now });
    await deleteUserSessions(tx, principal.user.id, principal.sessionId);
  });
  return { message: "Changed password successfully" };
}

/** Single sign-on: the identity provider vouched for this email; sign in the account that has it. */
export async function exchangeSsoIdentity(db: Db, email: string | null, userAgent: string | null, now: Date) {
  if (!email) throw new ApiError(401, "sso_required", "Single sign-on did not finish. Please try again.");
  const account = await findAccountByUsername(db, normalizeUsername(email));
  if (!account) throw new ApiError(404, "user_not_found", LOGIN_MESSAGES.notFound);
  if (isLocked(account, now)) throw new ApiError(423, "account_locked", LOGIN_MESSAGES.locked);
  return createSession(db, account.user.id, userAgent, now);
}
