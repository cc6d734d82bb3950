import "server-only";
import { and, count, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../client";
import { preparedPerDb } from "../prepared";
import { authThrottle, loginAttempts, sessions, staff, students, sysadmins, users } from "../schema";
import { resultRows } from "./checkin";

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

/**
 * Token → live session → user → person, in one statement, built once (db/prepared.ts): every
 * signed-in request runs it, so it is prepared at first use per database and only filled after that.
 */
export const sessionAccountQuery = (db: Db) =>
  db
    .select({ ...accountColumns, session: { id: sessions.id, last_used_at: sessions.last_used_at } })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .leftJoin(staff, eq(staff.user_id, users.id))
    .leftJoin(students, eq(students.user_id, users.id))
    .leftJoin(sysadmins, eq(sysadmins.user_id, users.id))
    .where(and(eq(sessions.token_hash, sql.placeholder("token_hash")), gt(sessions.expires_at, sql.placeholder("now"))))
    .limit(1);
const sessionAccount = preparedPerDb((db) => sessionAccountQuery(db).prepare("session_account"));

export async function findSessionAccount(db: Db, tokenHash: string, now: Date) {
  // A placeholder is not mapped by the column (drizzle), so the instant goes as ISO text.
  const [row] = await sessionAccount(db).execute({ token_hash: tokenHash, now: now.toISOString() });
  return row;
}

export async function insertSession(
  db: Db,
  values: { user_id: number; token_hash: string; expires_at: Date; user_agent: string | null },
) {
  await db.insert(sessions).values(values);
}

/** POST /api/verify-user succeeded: this session may take one credentials action for a while. */
export async function markPasswordConfirmed(db: Db, sessionId: number, now: Date) {
  await db.update(sessions).set({ password_confirmed_at: now }).where(eq(sessions.id, sessionId));
}

/**
 * Takes the session's password confirmation if it was made after `since`, in one statement, so two
 * concurrent actions cannot both use one confirmation. Answers whether there was one to take.
 */
export async function takePasswordConfirmation(db: Db, sessionId: number, since: Date): Promise<boolean> {
  const taken = await db
    .update(sessions)
    .set({ password_confirmed_at: null })
    .where(and(eq(sessions.id, sessionId), gt(sessions.password_confirmed_at, since)))
    .returning({ id: sessions.id });
  return taken.length > 0;
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

/** A leaky bucket: `capacity` attempts at once, one more every `drainSeconds`. */
export interface BucketRule {
  key: string;
  capacity: number;
  drainSeconds: number;
}

/** A fixed window: at most `limit` attempts counted from the window's first one, then a lock. */
export interface WindowRule {
  key: string;
  limit: number;
  windowSeconds: number;
}

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;
const seconds = (value: number) => sql`(${value}::float8 * interval '1 second')`;
/**
 * The bucket's level drained to `now`. Concurrent requests each bring their own clock, so a row may
 * have been stamped a few milliseconds after this request's `now`: time never runs backwards in a bucket
 * (no negative drain, and `since` only moves forward).
 */
const drained = (rule: BucketRule, now: Date) =>
  sql`greatest(0, t.level - greatest(0, extract(epoch from (${at(now)} - t.since))) / ${rule.drainSeconds}::float8)`;
/** The window (or the lock after it) is over: the count starts again. */
const windowOver = (rule: WindowRule, now: Date) =>
  sql`coalesce(t.locked_until, t.since + ${seconds(rule.windowSeconds)}) <= ${at(now)}`;

/**
 * Takes one place in the address bucket and, if that succeeded, one in the username window, in one
 * statement. Each upsert holds its row's lock until the statement ends, so concurrent attempts are
 * counted one after another and none slips past a limit. A refused upsert changes nothing and returns
 * no row: the answer's level is then null. The username is only counted once the address admitted it.
 */
export async function reserveAttempt(db: Db, bucket: BucketRule, window: WindowRule | null, now: Date) {
  const userStatement = window
    ? sql`insert into ${authThrottle} as t (key, level, since)
          select ${window.key}, 1, ${at(now)} where exists (select 1 from a)
          on conflict (key) do update set
            level = case when ${windowOver(window, now)} then 1 else t.level + 1 end,
            since = case when ${windowOver(window, now)} then ${at(now)} else t.since end,
            locked_until = case when ${windowOver(window, now)} then null else t.locked_until end
          where ${windowOver(window, now)} or (t.locked_until is null and t.level + 1 <= ${window.limit})
          returning level`
    : sql`select null::float8 as level where false`;
  const result = await db.execute(sql`
    with a as (
      insert into ${authThrottle} as t (key, level, since) values (${bucket.key}, 1, ${at(now)})
      on conflict (key) do update set level = ${drained(bucket, now)} + 1, since = greatest(t.since, ${at(now)})
      where ${drained(bucket, now)} + 1 <= ${bucket.capacity}
      returning level
    ), u as (${userStatement})
    select (select level from a) as address, (select level from u) as "user"`);
  const [row] = resultRows(result);
  const level = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return { address: level(row?.address), user: level(row?.user) };
}

/** The throttle rows of some keys, to tell a refused caller how long to wait. */
export async function throttleRows(db: Db, keys: string[]) {
  return db.select().from(authThrottle).where(inArray(authThrottle.key, keys));
}

/**
 * Deletes throttle rows nothing depends on any more: last touched (`since`) and any lock ended before
 * `before`. A missing row counts as an empty bucket or a fresh window, so this never changes an answer
 * once every bucket has drained and every window and lock has passed by `before`. Answers how many.
 */
export async function deleteThrottleRowsIdleSince(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(authThrottle)
    .where(
      and(
        lt(authThrottle.since, before),
        or(isNull(authThrottle.locked_until), lt(authThrottle.locked_until, before)),
      ),
    )
    .returning({ key: authThrottle.key });
  return deleted.length;
}

/** Gives places back (a success, or an attempt that never reached the password check). */
export async function releaseAttempt(db: Db, keys: string[], attempt: AttemptRecord | null) {
  const release = sql`update ${authThrottle} set level = greatest(0, level - 1) where key in (${sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  )})`;
  await db.execute(attempt ? sql`with logged as (${logAttempt(attempt)}) ${release}` : release);
}

/** A failed password check: once the username's window holds `limit` failures it is locked for `lockSeconds`. */
export async function recordFailedAttempt(
  db: Db,
  window: WindowRule,
  lockSeconds: number,
  attempt: AttemptRecord,
  now: Date,
) {
  await db.execute(sql`
    with logged as (${logAttempt(attempt)})
    update ${authThrottle} set locked_until = ${at(now)} + ${seconds(lockSeconds)}
    where key = ${window.key} and level >= ${window.limit} and locked_until is null`);
}

export interface AttemptRecord {
  kind: string;
  username: string;
  address: string;
  succeeded: boolean;
  created_at: Date;
}

/** login_attempts keeps a record of every password check, for an administrator looking into an incident. */
const logAttempt = (a: AttemptRecord) =>
  sql`insert into ${loginAttempts} (kind, username, address, succeeded, created_at)
      values (${a.kind}, ${a.username}, ${a.address}, ${a.succeeded}, ${at(a.created_at)})`;

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
