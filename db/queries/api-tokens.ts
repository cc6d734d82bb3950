import "server-only";
import { and, desc, eq, gt, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../client";
import { apiTokens, staff, sysadmins, users } from "../schema";

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/**
 * A live token by the SHA-256 of its secret, in one statement per request: not revoked, not expired,
 * and its creator still able to make one — an account that is not disabled and is still an
 * administrator or a sysadmin. A token whose creator was deleted, disabled or demoted is dead.
 */
export async function findLiveApiToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      scopes: apiTokens.scopes,
      last_used_at: apiTokens.last_used_at,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.created_by_user_id))
    .leftJoin(staff, eq(staff.user_id, users.id))
    .leftJoin(sysadmins, eq(sysadmins.user_id, users.id))
    .where(
      and(
        eq(apiTokens.token_hash, tokenHash),
        isNull(apiTokens.revoked_at),
        or(isNull(apiTokens.expires_at), gt(apiTokens.expires_at, now)),
        or(isNull(users.disabled_at), gt(users.disabled_at, now)),
        or(
          and(eq(users.account_type, "staff"), eq(staff.administrator, true)),
          and(eq(users.account_type, "sysadmin"), isNotNull(sysadmins.id)),
        ),
      ),
    )
    .limit(1);
  return row;
}

export async function touchApiToken(db: Db, id: number, now: Date) {
  await db.update(apiTokens).set({ last_used_at: now }).where(eq(apiTokens.id, id));
}

export async function insertApiToken(
  db: Db,
  values: {
    name: string;
    scopes: string[];
    token_hash: string;
    hint: string;
    created_by_user_id: number;
    created_at: Date;
    expires_at: Date;
  },
) {
  const [row] = await db.insert(apiTokens).values(values).returning();
  return row!;
}

/** Every token, newest first, with who created it (revoked ones too: the list is their history). */
export function listApiTokens(db: Db) {
  return db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      scopes: apiTokens.scopes,
      hint: apiTokens.hint,
      created_at: apiTokens.created_at,
      last_used_at: apiTokens.last_used_at,
      revoked_at: apiTokens.revoked_at,
      expires_at: apiTokens.expires_at,
      created_by: {
        user_id: users.id,
        username: users.username,
        name: sql<
          string | null
        >`coalesce(${sysadmins.name}, nullif(trim(concat_ws(' ', ${staff.first_name}, ${staff.last_name})), ''))`,
      },
    })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.created_by_user_id))
    .leftJoin(staff, eq(staff.user_id, users.id))
    .leftJoin(sysadmins, eq(sysadmins.user_id, users.id))
    .orderBy(desc(apiTokens.created_at), desc(apiTokens.id));
}

export type ApiTokenListRow = Awaited<ReturnType<typeof listApiTokens>>[number];

/** Revokes a live token; undefined when there is no such token or it was revoked already. */
export async function revokeApiToken(db: Db, id: number, byUserId: number, now: Date) {
  const [row] = await db
    .update(apiTokens)
    .set({ revoked_at: now, revoked_by_user_id: byUserId })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revoked_at)))
    .returning({ id: apiTokens.id, name: apiTokens.name, scopes: apiTokens.scopes });
  return row;
}

export async function findApiToken(db: Db, id: number) {
  const [row] = await db
    .select({ id: apiTokens.id, revoked_at: apiTokens.revoked_at })
    .from(apiTokens)
    .where(eq(apiTokens.id, id))
    .limit(1);
  return row;
}
