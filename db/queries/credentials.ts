import "server-only";
import { and, gt, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { sessions, users } from "../schema";

/** One account as the Credentials Manager needs it (never the password hash), flat. */
export interface CredentialAccountRow {
  id: number;
  username: string;
  account_type: "staff" | "student" | "sysadmin";
  password_expired: boolean;
  disabled_at: Date | null;
  /** Staff only (null otherwise). */
  administrator: boolean | null;
  title: string | null;
  /** The staff member's or student's names (null for sysadmins). */
  first_name: string | null;
  last_name: string | null;
  sysadmin_name: string | null;
  initials: string | null;
  color: string | null;
  /** The staff member's, student's or sysadmin's own id (their profile's). */
  person_id: number | null;
  /** Staff and sysadmins. */
  email: string | null;
  /** Staff only. */
  capacity: number | null;
  /** Students only. */
  grade: number | null;
  /** Linked to a school identity provider (single sign-on) at an earlier sign-in. */
  sso_linked: boolean;
}

/**
 * Accounts with their person, as plain rows straight from the driver. drizzle's mapping of three
 * joined tables into nested objects cost more than the query itself for a school's 2,000+ accounts,
 * so the people's columns are coalesced in SQL instead.
 */
async function accounts(db: Db, where: SQL, lock = false): Promise<CredentialAccountRow[]> {
  const result: unknown = await db.execute(sql`
    select u.id, u.username, u.account_type, u.password_expired, u.disabled_at, st.administrator, st.title,
      coalesce(st.first_name, s.first_name) as first_name, coalesce(st.last_name, s.last_name) as last_name,
      sa.name as sysadmin_name, coalesce(st.initials, s.initials, sa.initials) as initials,
      coalesce(st.color, s.color, sa.color) as color, coalesce(st.id, s.id, sa.id) as person_id,
      coalesce(st.email, sa.email) as email, st.capacity, s.grade,
      exists (select 1 from sso_identities si where si.user_id = u.id) as sso_linked
    from users u
    left join staff st on st.user_id = u.id
    left join students s on s.user_id = u.id
    left join sysadmins sa on sa.user_id = u.id
    where ${where}
    order by u.id
    ${lock ? sql`for update of u` : sql``}`);
  // postgres.js answers an array of rows, PGlite `{ rows }`.
  const rows = (
    Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])
  ) as CredentialAccountRow[];
  // Either driver reads timestamptz as a Date; make sure (a string would break the status).
  for (const row of rows)
    if (row.disabled_at && !(row.disabled_at instanceof Date)) row.disabled_at = new Date(row.disabled_at);
  return rows;
}

/**
 * Every account, in one statement; sysadmins only when asked for. Archived students are left out, as
 * from every other list: their sign-in is locked until they are restored from their profile.
 */
export const listAccounts = (db: Db, options: { withSysadmins: boolean }) =>
  accounts(
    db,
    options.withSysadmins
      ? sql`s.archived_at is null`
      : sql`u.account_type <> 'sysadmin' and s.archived_at is null`,
  );

/** Many ids as one parameter (a bulk list must not become thousands of bind parameters). */
const idArray = (ids: number[]) => sql`string_to_array(${ids.join(",")}, ',')::integer[]`;

/**
 * The named accounts that exist and are listed: an archived student is not one (reenabling them would
 * lift the archive's sign-in lock; restoring them from their profile does that).
 */
export const findAccounts = (db: Db, userIds: number[]) =>
  accounts(db, sql`u.id = any(${idArray(userIds)}) and s.archived_at is null`);

/** The same accounts, locked until the transaction ends, so two administrators cannot interleave. */
export const lockAccounts = (db: Db, userIds: number[]) =>
  accounts(db, sql`u.id = any(${idArray(userIds)}) and s.archived_at is null`, true);

/** New password hashes for many accounts in one statement; each is expired (must be changed at sign-in). */
export async function setTemporaryPasswords(
  db: Db,
  rows: { id: number; password_hash: string }[],
  now: Date,
) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((row) => sql`(${row.id}::integer, ${row.password_hash}::text)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${users} set password_hash = v.password_hash, password_expired = true, updated_at = ${now.toISOString()}::timestamptz
    from (values ${values}) as v(id, password_hash)
    where ${users.id} = v.id`);
}

export async function expirePasswords(db: Db, userIds: number[], now: Date) {
  await db.update(users).set({ password_expired: true, updated_at: now }).where(inArray(users.id, userIds));
}

/** Locks the accounts from now on; an account that is already locked keeps the moment it was locked. */
export async function disableAccounts(db: Db, userIds: number[], now: Date) {
  await db
    .update(users)
    .set({ disabled_at: now, updated_at: now })
    .where(and(inArray(users.id, userIds), or(isNull(users.disabled_at), gt(users.disabled_at, now))));
}

export async function reenableAccounts(db: Db, userIds: number[], now: Date) {
  await db.update(users).set({ disabled_at: null, updated_at: now }).where(inArray(users.id, userIds));
}

/** Signs the accounts out on every device. */
export async function revokeSessions(db: Db, userIds: number[]) {
  await db.delete(sessions).where(inArray(sessions.user_id, userIds));
}
