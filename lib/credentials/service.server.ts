import "server-only";
import type { Db } from "@/db";
import { insertAudits } from "@/db/queries/audit";
import { unlinkSsoSubjects } from "@/db/queries/sso";
import {
  disableAccounts,
  expirePasswords,
  findAccounts,
  listAccounts,
  lockAccounts,
  reenableAccounts,
  revokeSessions,
  setTemporaryPasswords,
  type CredentialAccountRow,
} from "@/db/queries/credentials";
import { ApiError } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import { releasePlansOfLeavers } from "@/lib/placement/leavers.server";
import { takePasswordConfirmationOf } from "@/lib/auth/service.server";
import { presentCredentialUser, type CredentialUser } from "./present";
import { ACCOUNT_CHANGE_MESSAGES, accountChangeProblem, type AccountPart, type AccountRef } from "@/lib/auth/account-changes";
import { roleOfAccount } from "./rules";
import { ACTION_INFO, type CredentialAction, type UserIdsBody } from "./schemas";
import { temporaryPasswords } from "./temporary-password.server";

const callerOf = (principal: Principal): AccountRef => ({ id: principal.user.id, role: principal.role });

/** GET /api/users: every account in one statement; sysadmin accounts only for sysadmins. */
export async function listUsers(db: Db, principal: Principal, now: Date): Promise<CredentialUser[]> {
  const rows = await listAccounts(db, { withSysadmins: principal.role === "sysadmin" });
  const caller = callerOf(principal);
  return rows.map((row) => presentCredentialUser(row, caller, now));
}

export interface ResetPassword {
  user_id: number;
  username: string;
  name: string;
  display_role: string;
  /** The temporary password: shown this once, never stored in clear. */
  password: string;
}

export interface CredentialsResult {
  message: string;
  action: CredentialAction;
  count: number;
  user_ids: number[];
  /** reset-passwords only. */
  passwords?: ResetPassword[];
  /** disable-users only: the disabled teachers' plans released, and how many of those students were placed again. */
  plans_released?: number;
  placed_again?: number;
}

/**
 * POST /api/users/{action}: applies one credentials action to every named account in one
 * transaction, or to none: unknown ids (and archived students') answer 404 and a protected account (one's own, or an
 * administrator's for an administrator) 403, each listing the ids. reset = a new random temporary
 * password, expired, signed out everywhere; invalidate = expired and signed out; disable = locked and
 * signed out (the next request of an open session answers 401); reenable = unlocked. Each account
 * touched gets an audit entry. The caller must have confirmed their password (POST /api/verify-user)
 * from this session within 5 minutes: 403 `password_confirmation_required` otherwise.
 */
export async function applyCredentialsAction(
  db: Db,
  principal: Principal,
  action: CredentialAction,
  body: UserIdsBody,
  now: Date,
): Promise<CredentialsResult> {
  const ids = [...new Set(body.user_ids)].sort((a, b) => a - b);
  const caller = callerOf(principal);
  // Refuse before hashing (the slow part), then hash outside the transaction so no row stays locked meanwhile.
  assertManageable(caller, ids, await findAccounts(db, ids), ACTION_INFO[action].part);
  const fresh = action === "reset-passwords" ? await temporaryPasswords(ids.length) : [];
  return db.transaction(async (tx) => {
    await takePasswordConfirmationOf(tx, principal, now);
    const rows = await lockAccounts(tx, ids);
    assertManageable(caller, ids, rows, ACTION_INFO[action].part);
    const passwords = await apply(tx, action, rows, fresh, now);
    // A disabled teacher takes no students: their plans still ahead are released in this transaction.
    const released =
      action === "disable-users"
        ? await releasePlansOfLeavers(tx, { userIds: ids, reason: "disabled", actorUserId: principal.user.id }, now)
        : null;
    if (action !== "reenable-users") await revokeSessions(tx, ids);
    await insertAudits(
      tx,
      rows.map((row) => ({
        actor_user_id: principal.user.id,
        action: ACTION_INFO[action].audit,
        target_user_id: row.id,
        details: { username: row.username, accounts: rows.length },
        created_at: now,
      })),
    );
    return {
      message: ACTION_INFO[action].message,
      action,
      count: rows.length,
      user_ids: ids,
      ...(passwords && { passwords }),
      ...released,
    };
  });
}

async function apply(
  tx: Db,
  action: CredentialAction,
  rows: CredentialAccountRow[],
  fresh: { password: string; password_hash: string }[],
  now: Date,
): Promise<ResetPassword[] | undefined> {
  const ids = rows.map((row) => row.id);
  switch (action) {
    case "reset-passwords": {
      await setTemporaryPasswords(
        tx,
        rows.map((row, i) => ({ id: row.id, password_hash: fresh[i]!.password_hash })),
        now,
      );
      return rows.map((row, i) => {
        const shown = presentCredentialUser(row, { id: 0, role: "sysadmin" }, now);
        return {
          user_id: row.id,
          username: row.username,
          name: shown.name,
          display_role: shown.display_role,
          password: fresh[i]!.password,
        };
      });
    }
    case "invalidate-passwords":
      await expirePasswords(tx, ids, now);
      return undefined;
    case "disable-users":
      await disableAccounts(tx, ids, now);
      return undefined;
    case "reenable-users":
      await reenableAccounts(tx, ids, now);
      return undefined;
    case "reset-sign-in":
      // The next school-account sign-in links again, by email (or the SIS claim), to whoever it finds.
      await unlinkSsoSubjects(tx, ids);
      return undefined;
  }
}

function assertManageable(caller: AccountRef, ids: number[], rows: CredentialAccountRow[], part: AccountPart) {
  const found = new Set(rows.map((row) => row.id));
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length > 0) {
    const message = `No current account has the id ${unknown.join(", ")}. Nothing was changed.`;
    throw new ApiError(404, "unknown_users", message, { user_ids: [message] });
  }
  for (const problem of ["own_account", "protected_account"] as const) {
    const refused = rows.filter(
      (row) => accountChangeProblem(caller, { id: row.id, role: roleOfAccount(row) }, [part]) === problem,
    );
    if (refused.length > 0) {
      const message = `${ACCOUNT_CHANGE_MESSAGES[problem]} Nothing was changed.`;
      throw new ApiError(403, problem, message, {
        user_ids: [`${message} (${refused.map((r) => r.id).join(", ")})`],
      });
    }
  }
}
