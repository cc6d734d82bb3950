import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { ATTENDANCE_RULES, OTHERWISE, type BlockFacts } from "@/lib/core/attendance/rules";

/**
 * The attendance rules as SQL, generated from the same table the calendar tiles read
 * (lib/core/attendance/rules.ts): `case when <amended> then 'void' when <logged> then 'attended' … else 'past' end`.
 * The caller gives each fact as a boolean SQL expression over its rows.
 */
export function attendanceStatusSql(facts: Record<keyof BlockFacts, SQL>): SQL {
  const whens = ATTENDANCE_RULES.map((rule) => sql`when ${facts[rule.when]} then ${sql.raw(`'${rule.status}'`)}`);
  return sql`(case ${sql.join(whens, sql` `)} else ${sql.raw(`'${OTHERWISE}'`)} end)`;
}

/**
 * The student `s` has begun to attend a block on `date` that starts (or, for placement, is decided) at
 * the instant `startsAt` (lib/core/attendance/period.ts attendsOn, as SQL): on or after their `attends_from`
 * when they have one, and their account was created before that instant. The school's
 * `attendance_from` and archiving are the callers' own conditions (attendsBySql, the reports).
 */
export function studentBeganSql(input: { date: SQL; startsAt: SQL }): SQL {
  return sql`((s.attends_from is null or s.attends_from <= ${input.date}) and s.created_at < ${input.startsAt})`;
}

/**
 * The student `s` has begun to attend by the school date `date` (default placement): it is on or
 * after the school's `attendance_from` (an empty setting is no bound; compared as `YYYY-MM-DD` text, so
 * nothing is cast) and studentBeganSql holds with their account existing by `existedBy` (the day's
 * first flex block's start, worked out in JavaScript: a student added after the cutoff but before the block
 * is placed, and a run caught up late for a past date leaves out an account made after that block). An instant from JavaScript has milliseconds and created_at
 * microseconds: an account made in the same millisecond as the instant existed by it.
 * Archiving is the caller's own condition.
 */
export function attendsBySql(input: { date: SQL; existedBy: SQL }): SQL {
  const { date, existedBy } = input;
  return sql`(to_char(${date}, 'YYYY-MM-DD') >= coalesce((select left(value, 10) from settings where key = 'attendance_from'), '')
    and ${studentBeganSql({ date, startsAt: sql`(${existedBy})::timestamptz + interval '1 millisecond'` })})`;
}
