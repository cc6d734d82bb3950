import "server-only";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import { updateSettingValues } from "@/db/queries/settings";
import {
  anyAccountExists,
  deleteSetupTokens,
  findLiveSetupToken,
  insertSetupToken,
  lockSetup,
} from "@/db/queries/setup";
import { ApiError, invalid } from "@/lib/api/errors.server";
import { newPasswordProblem } from "@/lib/auth/password.server";
import { normalizeUsername } from "@/lib/auth/schemas";
import { createSession, type Caller, type TokenResponse } from "@/lib/auth/service.server";
import { hashToken, newToken } from "@/lib/auth/tokens.server";
import { createSysadminAccount } from "@/lib/people/accounts.server";
import { regenerateSchoolDays } from "@/lib/calendar/regenerate.server";
import { ensureDefaultSettings } from "@/lib/settings/service.server";
import { shipProductHelp } from "@/lib/wiki/help/ship.server";
import { SETUP_MESSAGES, type SetupBody } from "./schemas";

/** How long a printed setup link works (a restart prints a new one while no account exists). */
export const SETUP_LINK_HOURS = 72;

/**
 * What every database needs before anyone signs in, made at each start and idempotent: every setting
 * with its default (the time zone from the server's), the product's help, and the school days from
 * today to the end of the year (any missing row before today filled in; past rows never rewritten).
 */
export async function prepareSchool(db: Db, now: Date) {
  await ensureDefaultSettings(db, now);
  await shipProductHelp(db, now);
  await db.transaction((tx) => regenerateSchoolDays(tx, now, "today"));
}

/**
 * First run: while no account exists, a one-time setup link. Only its hash is stored; the link is
 * returned for the server to print once. Null once any account exists.
 */
export async function createSetupLink(db: Db, baseUrl: string, now: Date): Promise<string | null> {
  if (await anyAccountExists(db)) return null;
  const token = newToken();
  await insertSetupToken(db, {
    token_hash: hashToken(token),
    created_at: now,
    expires_at: new Date(now.getTime() + SETUP_LINK_HOURS * 3600_000),
  });
  const url = new URL("/setup", baseUrl);
  url.searchParams.set("token", token);
  return url.toString();
}

/** The setup page exists only for a live link while no account exists. */
export async function setupLinkIsLive(db: Db, token: string | undefined, now: Date): Promise<boolean> {
  if (!token || token.length > 200) return false;
  if (await anyAccountExists(db)) return false;
  return (await findLiveSetupToken(db, hashToken(token), now)) !== undefined;
}

const invalidLink = () => new ApiError(404, "not_found", SETUP_MESSAGES.invalidLink);

/**
 * POST /api/setup: names the school, sets its time zone, creates the first administrator (a system
 * administrator with the password they chose, checked like every new password) and signs them in.
 * The link is spent: every setup token goes, in the same transaction. A reused, guessed or expired
 * link, or any account already existing: 404 and nothing written.
 */
export async function completeSetup(
  db: Db,
  body: SetupBody,
  caller: Caller,
  now: Date,
): Promise<TokenResponse> {
  if (!(await setupLinkIsLive(db, body.token, now))) throw invalidLink();
  const email = normalizeUsername(body.email);
  const problem = await newPasswordProblem(body.password, {
    username: email,
    words: [body.name, body.school_name],
  });
  if (problem) throw invalid({ password: [problem] }, problem);
  const timezone = new Intl.DateTimeFormat("en-US", { timeZone: body.timezone }).resolvedOptions().timeZone;
  const userId = await db.transaction(async (tx) => {
    await lockSetup(tx);
    if (!(await setupLinkIsLive(tx, body.token, now))) throw invalidLink();
    await ensureDefaultSettings(tx, now);
    const { sysadmin } = await createSysadminAccount(tx, { email, name: body.name, password: body.password });
    await updateSettingValues(
      tx,
      [
        { key: "school_name", value: body.school_name },
        { key: "timezone", value: timezone },
      ],
      now,
    );
    await deleteSetupTokens(tx);
    await insertAudit(tx, {
      actor_user_id: sysadmin.user_id,
      action: "setup.complete",
      details: { school_name: body.school_name, timezone },
      created_at: now,
    });
    return sysadmin.user_id;
  });
  return createSession(db, userId, caller.userAgent, now);
}
