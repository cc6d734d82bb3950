import "server-only";
import type { Db } from "@/db";
import { findSessionAccount, touchSession } from "@/db/queries/auth";
import { ApiError } from "@/lib/api/errors.server";
import { isLocked, roleOf, type Principal } from "./principal";
import { bearerToken, hashToken } from "./tokens.server";

const TOUCH_EVERY_MS = 60_000;

/**
 * Resolves the bearer token to the caller, re-reading role, lock and password state each time,
 * so a change made by an administrator applies at once. No token: null. A bad one: 401.
 */
export async function authenticate(db: Db, request: Request, now: Date): Promise<Principal | null> {
  const token = bearerToken(request);
  if (!token) {
    if (request.headers.get("authorization")) throw invalidToken();
    return null;
  }
  const row = await findSessionAccount(db, hashToken(token), now);
  if (!row || isLocked(row, now)) throw invalidToken();
  if (now.getTime() - row.session.last_used_at.getTime() > TOUCH_EVERY_MS) {
    await touchSession(db, row.session.id, now);
  }
  // A session begun with the school account never asks for a password it did not use (an imported
  // account's initial password was never given to its owner): the forced change is for password sessions.
  const user = row.session.sign_in_method === "sso" ? { ...row.user, password_expired: false } : row.user;
  return {
    user,
    staff: row.staff,
    student: row.student,
    sysadmin: row.sysadmin,
    role: roleOf(row),
    sessionId: row.session.id,
    signInMethod: row.session.sign_in_method === "sso" ? "sso" : "password",
  };
}

const invalidToken = () =>
  new ApiError(401, "invalid_token", "Your session has expired. Please sign back in to continue.");
