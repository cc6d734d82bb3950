import { and, count, eq, gt, gte, lte, ne, sql } from "drizzle-orm";
import type { Db } from "../client";
import { loginAttempts, sessions, staff, students, sysadmins, users } from "../schema";

export type UserRow = typeof users.$inferSelect;
export type StaffRow = typeof staff.$inferSelect;
export type StudentRow = typeof students.$inferSelect;
export type SysadminRow = typeof sysadmins.$inferSelect;

export interface AccountRow {
  user: UserRow;
  staff: StaffRow | null;
  student: StudentRow | null;
  sysadmin: SysadminRow | null;
}

const accountColumns = { user: users, staff, student: students, sysadmin: sysadmins };

function accountQuery(db: Db) {
  return db
    .select(accountColumns)
    .from(users)
    .leftJoin(staff, eq(staff.user_id, users.id))
    .leftJoin(students, eq(students.user_id, users.id))
    .leftJoin(sysadmins, eq(sysadmins.user_id, users.id));
}

export async function findAccountByUsername(db: Db, username: string): Promise<AccountRow | undefined> {
  const [row] = await accountQuery(db).where(eq(users.username, username)).limit(1);
  return row;
}

export async function findAccountByUserId(db: Db, userId: number): Promise<AccountRow | undefined> {
  const [row] = await accountQuery(db).where(eq(users.id, userId)).limit(1);
  return row;
}

/** Token → live session → user → person, in one statement. */
export async function findSessionAccount(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ ...accountColumns, session: { id: sessions.id, last_used_at: sessions.last_used_at } })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .leftJoin(staff, eq(staff.user_id, users.id))
    .leftJoin(students, eq(students.user_id, users.id))
    .leftJoin(sysadmins, eq(sysadmins.user_id, users.id))
    .where(and(eq(sessions.token_hash, tokenHash), gt(sessions.expires_at, now)))
    .limit(1);
  return row;
}

export async function insertSession(
  db: Db,
  values: { user_id: number; token_hash: string; expires_at: Date; user_agent: string | null },
) {
  await db.insert(sessions).values(values);
}

export async function touchSession(db: Db, sessionId: number, now: Date) {
  await db.update(sessions).set({ last_used_at: now }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: Db, sessionId: number) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Signs the user out everywhere, optionally keeping one session (the one changing the password). */
export async function deleteUserSessions(db: Db, userId: number, keepSessionId?: number) {
  await db
    .delete(sessions)
    .where(
      keepSessionId === undefined
        ? eq(sessions.user_id, userId)
        : and(eq(sessions.user_id, userId), ne(sessions.id, keepSessionId)),
    );
}

export async function deleteExpiredSessions(db: Db, now: Date) {
  await db.delete(sessions).where(lte(sessions.expires_at, now));
}

export async function recordAttempt(
  db: Db,
  values: { kind: string; username: string; address: string; succeeded: boolean; created_at: Date },
) {
  await db.insert(loginAttempts).values(values);
}

/** Failed attempts since a moment, by username and by address, in one statement. */
export async function countRecentFailures(
  db: Db,
  where: { kind: string; username: string; address: string; since: Date },
) {
  const failed = and(
    eq(loginAttempts.kind, where.kind),
    eq(loginAttempts.succeeded, false),
    gte(loginAttempts.created_at, where.since),
  );
  const [row] = await db
    .select({
      byUsername: sql<number>`count(*) filter (where ${loginAttempts.username} = ${where.username})`.mapWith(Number),
      byAddress: sql<number>`count(*) filter (where ${loginAttempts.address} = ${where.address})`.mapWith(Number),
    })
    .from(loginAttempts)
    .where(failed);
  return row ?? { byUsername: 0, byAddress: 0 };
}

export async function countSessions(db: Db, userId: number) {
  const [row] = await db.select({ n: count() }).from(sessions).where(eq(sessions.user_id, userId));
  return row?.n ?? 0;
}

export async function updatePassword(
  db: Db,
  userId: number,
  values: { password_hash: string; password_expired: boolean; password_changed_at: Date },
) {
  await db.update(users).set(values).where(eq(users.id, userId));
}
