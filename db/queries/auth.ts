import "server-only";
import { and, count, eq, gt, inArray, isNull, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
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

/** An account with its person (staff, student or sysadmin); callers add the where and any join. */
export function accountQuery(db: Db) {
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
    .select({
      ...accountColumns,
      session: { id: sessions.id, last_used_at: sessions.last_used_at, sign_in_method: sessions.sign_in_method },
    })
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
  values: {
    user_id: number;
    token_hash: string;
    expires_at: Date;
    user_agent: string | null;
    /** Default password (the column's default). */
    sign_in_method?: "password" | "sso";
  },
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

/** A leaky bucket: `capacity` places at once, one more every `drainSeconds`. */
export interface BucketRule {
  type: "bucket";
  key: string;
  capacity: number;
  drainSeconds: number;
}

/**
 * Progressive delays: `level` counts the attempts in a row that were not followed by a success (the
 * row's `since` is the last one, `locked_until` when the next may start). The first `freeAttempts`
 * have no wait; after attempt n ≥ freeAttempts the next waits firstDelay × 2^(n − freeAttempts)
 * seconds, at most maxDelay. A streak untouched for `forgetSeconds` starts again from nothing.
 */
export interface StreakRule {
  type: "streak";
  key: string;
  freeAttempts: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  forgetSeconds: number;
}

export type ThrottleRule = BucketRule | StreakRule;

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;
const seconds = (value: SQL | number) => sql`(${value}::float8 * interval '1 second')`;
/**
 * The bucket's level drained to `now`. Concurrent requests each bring their own clock, so a row may
 * have been stamped a few milliseconds after this request's `now`: time never runs backwards in a bucket
 * (no negative drain, and `since` only moves forward).
 */
const drained = (rule: BucketRule, now: Date) =>
  sql`greatest(0, t.level - greatest(0, extract(epoch from (${at(now)} - t.since))) / ${rule.drainSeconds}::float8)`;
const forgotten = (rule: StreakRule, now: Date) => sql`t.since + ${seconds(rule.forgetSeconds)} <= ${at(now)}`;
/** When the attempt after the streak's `level`-th may start: null (at once) below the free attempts. */
const waitAfter = (rule: StreakRule, level: SQL, now: Date) =>
  sql`case when ${level} < ${rule.freeAttempts} then null::timestamptz else ${at(now)} + ${seconds(
    sql`least(${rule.maxDelaySeconds}::float8, ${rule.firstDelaySeconds}::float8 * power(2::float8, least(${level} - ${rule.freeAttempts}, 30)))`,
  )} end`;

/** One rule's upsert: takes a place and answers the new level, or changes nothing and answers no row. */
function takePlaceStatement(rule: ThrottleRule, now: Date, guard: SQL) {
  if (rule.type === "bucket") {
    return sql`insert into ${authThrottle} as t (key, level, since) select ${rule.key}, 1, ${at(now)} ${guard}
      on conflict (key) do update set level = ${drained(rule, now)} + 1, since = greatest(t.since, ${at(now)})
      where ${drained(rule, now)} + 1 <= ${rule.capacity}
      returning level`;
  }
  const next = sql`(case when ${forgotten(rule, now)} then 1 else t.level + 1 end)`;
  return sql`insert into ${authThrottle} as t (key, level, since, locked_until)
      select ${rule.key}, 1, ${at(now)}, ${waitAfter(rule, sql`1`, now)} ${guard}
      on conflict (key) do update set level = ${next}, since = greatest(t.since, ${at(now)}),
        locked_until = ${waitAfter(rule, next, now)}
      where ${forgotten(rule, now)} or t.locked_until is null or t.locked_until <= ${at(now)}
      returning level`;
}

/**
 * Takes one place under each rule, in order, in one statement: each upsert runs only if the one before
 * it took its place. Each upsert holds its row's lock until the statement ends, so concurrent attempts
 * are counted one after another and none slips past a limit. Answers how many rules gave a place
 * (rules.length: all of them; fewer: the rule at that index refused, and the ones before it must be
 * given back).
 */
export async function reserveRules(db: Db, rules: readonly ThrottleRule[], now: Date): Promise<number> {
  if (rules.length === 0) return 0;
  const steps = rules.map((rule, i) =>
    sql`${sql.raw(`r${i}`)} as (${takePlaceStatement(rule, now, i === 0 ? sql`` : sql.raw(`where exists (select 1 from r${i - 1})`))})`,
  );
  const result = await db.execute(sql`with ${sql.join(steps, sql`, `)}
    select ${sql.join(
      rules.map((_, i) => sql.raw(`(select count(*) from r${i})::int as r${i}`)),
      sql`, `,
    )}`);
  const [row] = resultRows(result);
  let taken = 0;
  while (taken < rules.length && Number(row?.[`r${taken}`]) > 0) taken++;
  return taken;
}

/**
 * Gives places back, optionally with the attempt's record. `success`: a streak is over (level 0, no
 * wait); otherwise (an attempt that never reached the password check) the streak only loses this
 * attempt. Buckets lose one place either way. One statement per row, so a release never holds one
 * row while waiting for another (the order of updates inside one statement is not defined, and a
 * reservation takes its rows in its rules' order: two rows at once could deadlock with it).
 */
export async function releaseRules(
  db: Db,
  rules: readonly ThrottleRule[],
  mode: "success" | "unchecked",
  attempt: AttemptRecord | null,
) {
  const updates: SQL[] = rules.map((rule) => {
    if (rule.type === "bucket" || mode === "unchecked") {
      const waitStays =
        rule.type === "streak" ? sql`, locked_until = case when level - 1 < ${rule.freeAttempts} then null else locked_until end` : sql``;
      return sql`update ${authThrottle} set level = greatest(0, level - 1)${waitStays} where key = ${rule.key}`;
    }
    return sql`update ${authThrottle} set level = 0, locked_until = null where key = ${rule.key}`;
  });
  if (attempt) {
    // The record rides along with the first update (an insert into another table locks no throttle row).
    const [first, ...rest] = updates;
    await db.execute(first ? sql`with logged as (${logAttempt(attempt)}) ${first}` : logAttempt(attempt));
    for (const update of rest) await db.execute(update);
    return;
  }
  for (const update of updates) await db.execute(update);
}

/** A failed attempt keeps its places; only its record is written. */
export async function recordFailedAttempt(db: Db, attempt: AttemptRecord) {
  await db.execute(logAttempt(attempt));
}

/** The throttle rows of some keys, to tell a refused caller how long to wait. */
export async function throttleRows(db: Db, keys: string[]) {
  return db.select().from(authThrottle).where(inArray(authThrottle.key, keys));
}

/**
 * Deletes throttle rows nothing depends on any more: last touched (`since`) and any wait ended before
 * `before`. A missing row counts as an empty bucket or no streak, so this never changes an answer once
 * every bucket has drained and every streak is forgotten by `before`. Answers how many.
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

/** The person's chosen language (lib/i18n/locales.ts), or null to follow their browser and the school. */
export async function updateUserLocale(db: Db, userId: number, locale: string | null) {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}
