import "server-only";
import { aliasedTable, and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { auditLog, calendarEvents, checkIns, settings, staff, students, topicSchedules } from "../schema";
import { flexMeetingsJson, SCHOOL_YEAR } from "./occurrences";
import { studentDisplayFirstName } from "./people";

export type CheckInMethod = (typeof checkIns.$inferSelect)["method"];

/** One occurrence of a flex block on a date (the school calendar): the candidates for "the day's Focus Block". */
export interface FlexMeeting {
  block_id: number;
  label: string;
  date: string;
  start: string;
  end: string;
}

/** Every no-blocks day of the calendar as a JSON array of `YYYY-MM-DD` (a handful a year). */
export const NO_BLOCK_DATES = sql`(select coalesce(json_agg(distinct nb.date::text), '[]')
  from ${calendarEvents} nb where nb.no_blocks)`;

/** The date part of a datetime setting's value (`start_datetime`, `end_datetime`), or null when unset. */
export const settingDate = (value: unknown) =>
  typeof value === "string" && value.length >= 10 ? value.slice(0, 10) : null;

export interface CheckInCalendar {
  timezone: string | null;
  /** The school year's first and last days (`start_datetime`, `end_datetime`), `YYYY-MM-DD` or null. */
  yearStart: string | null;
  yearEnd: string | null;
  meetings: FlexMeeting[];
  /** The dates of calendar events with `no_blocks` (lib/schedule/school-days.ts). */
  noBlockDates: string[];
}

/**
 * What every check-in request needs first, in one statement: the school's time zone and school-year
 * settings, every occurrence of a flex block in the school year (a few hundred rows, however many years
 * of history) and the no-blocks days of the calendar; the service picks the day's block
 * (lib/checkin/rules.ts focusBlockOn).
 */
export async function checkInCalendar(db: Db): Promise<CheckInCalendar> {
  const setting = (key: string) => sql`(select ${settings.value} from ${settings} where ${settings.key} = ${key})`;
  const result = await db.execute(sql`
    select ${setting("timezone")} as timezone, ${setting("start_datetime")} as year_start,
           ${setting("end_datetime")} as year_end, ${NO_BLOCK_DATES} as no_block_dates,
           ${flexMeetingsJson(SCHOOL_YEAR)} as meetings`);
  const [row] = resultRows(result);
  const json = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);
  const meetings = json(row?.meetings);
  return {
    timezone: (row?.timezone as string | null) ?? null,
    yearStart: settingDate(row?.year_start),
    yearEnd: settingDate(row?.year_end),
    meetings: (meetings ?? []) as FlexMeeting[],
    noBlockDates: (json(row?.no_block_dates) ?? []) as string[],
  };
}

/** A student as check-in shows them (the first name they go by). */
export const checkInStudentColumns = {
  id: students.id,
  student_number: students.student_number,
  first_name: studentDisplayFirstName,
  last_name: students.last_name,
  initials: students.initials,
  color: students.color,
};
export type CheckInStudentRow = {
  id: number;
  student_number: string;
  first_name: string;
  last_name: string;
  initials: string;
  color: string;
};

/** A list travels as one JSON parameter, so a 2,000-entry batch is still one bind. */
const jsonList = (values: readonly (string | number)[]) => sql`${JSON.stringify(values)}::json`;

/** The students whose student number is exactly one of the values (one statement for the whole batch). */
export async function studentsByNumber(db: Db, numbers: readonly string[]): Promise<CheckInStudentRow[]> {
  if (numbers.length === 0) return [];
  return db
    .select(checkInStudentColumns)
    .from(students)
    .where(
      sql`${students.student_number} in (select json_array_elements_text(${jsonList(numbers)})) and ${students.archived_at} is null`,
    );
}

/** The students with one of the ids. */
export async function studentsById(db: Db, ids: readonly number[]): Promise<CheckInStudentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(checkInStudentColumns)
    .from(students)
    .where(sql`${students.id} in (select (json_array_elements_text(${jsonList(ids)}))::int) and ${students.archived_at} is null`);
}

export interface NewCheckIn {
  student_id: number;
  method: CheckInMethod;
  checked_in_at: Date;
}

export interface CheckInTarget {
  block_id: number;
  date: string;
  /** Null when a sysadmin checks students in. */
  staff_id: number | null;
  /** Null when a kiosk device checks a student in (no user did). */
  checked_in_by: number | null;
}

/** How a check-in was made, as its audit entry says (the ledger's `method` cannot tell them all apart). */
export type CheckInVia = "scan" | "scheduled_list" | "offline_replay" | "air_code" | "kiosk";

/**
 * How a batch was recorded: each student written gets one `check_in.create` audit entry, whose actor is
 * the target's `checked_in_by` (a student with a code checked themselves in; none for a kiosk).
 */
export interface CheckInAudit {
  via: CheckInVia;
  /** The same for every entry of the batch, in words (teacher, block, kiosk …), beside each student's own. */
  details: Record<string, unknown>;
}

/**
 * Records the batch in one statement, with its audit entries: students already in the ledger for the
 * block and date (by anyone) are skipped by the unique key; only the rows actually written come back,
 * and each of them gets one `check_in.create` entry in audit_log (who, whom, when, how) inside the same
 * statement, so a 2,000-number batch is still one statement and no check-in is ever left unaudited.
 * topic_id is the checking teacher's topic scheduled on that block and date, looked up once inside the
 * statement. checked_in_at is the client's capture time; created_at (and the audit entry's time) the
 * server's receive time (`receivedAt`), so an entry with a client clock that is off can still be told apart.
 */
export async function insertCheckIns(
  db: Db,
  target: CheckInTarget,
  rows: readonly NewCheckIn[],
  receivedAt: Date,
  audit: CheckInAudit,
) {
  if (rows.length === 0) return [];
  // Rows go in by student id: two teachers submitting overlapping students at once then take the
  // unique key's locks in the same order and wait for each other instead of deadlocking.
  const payload = JSON.stringify(
    [...rows]
      .sort((a, b) => a.student_id - b.student_id)
      .map((row) => ({ s: row.student_id, m: row.method, t: row.checked_in_at.toISOString() })),
  );
  const topic =
    target.staff_id === null
      ? sql`null::int`
      : sql`(select ${topicSchedules.topic_id} from ${topicSchedules}
           where ${topicSchedules.staff_id} = ${target.staff_id} and ${topicSchedules.block_id} = ${target.block_id}
             and ${topicSchedules.date} = ${target.date} limit 1)`;
  const received = sql`${receivedAt.toISOString()}::timestamptz`;
  const details = JSON.stringify({ ...audit.details, via: audit.via, date: target.date, block_id: target.block_id });
  const result = await db.execute(sql`
    with written as (
      insert into ${checkIns} (student_id, block_id, date, staff_id, checked_in_by, topic_id, method, checked_in_at, created_at)
      select r.s, ${target.block_id}, ${target.date}::date, ${target.staff_id}::int, ${target.checked_in_by}, ${topic},
             r.m::check_in_method, r.t, ${received}
      from json_to_recordset(${payload}::json) as r(s int, m text, t timestamptz)
      order by r.s
      on conflict (student_id, block_id, date) do nothing
      returning id, student_id, method, checked_in_at
    ), audited as (
      insert into ${auditLog} (actor_user_id, action, target_user_id, details, created_at)
      select ${target.checked_in_by}::int, 'check_in.create', ${students.user_id},
             ${details}::jsonb || jsonb_build_object('check_in_id', written.id,
               'student', ${studentDisplayFirstName} || ' ' || ${students.last_name}, 'method', written.method,
               'captured_at', to_char(written.checked_in_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
             ${received}
      from written join ${students} on ${students.id} = written.student_id
      order by written.student_id
    )
    select id, student_id from written`);
  return resultRows(result).map((row) => ({ id: Number(row.id), student_id: Number(row.student_id) }));
}

/** postgres.js answers an array of rows, PGlite `{ rows }`. */
export function resultRows(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}

const checker = aliasedTable(staff, "checker");

const ledgerColumns = {
  id: checkIns.id,
  method: checkIns.method,
  checked_in_at: checkIns.checked_in_at,
  staff_id: checkIns.staff_id,
  checked_in_by: checkIns.checked_in_by,
  student: checkInStudentColumns,
  staff: {
    id: checker.id,
    title: checker.title,
    first_name: checker.first_name,
    last_name: checker.last_name,
  },
};

export type LedgerRow = {
  id: number;
  method: CheckInMethod;
  checked_in_at: Date;
  staff_id: number | null;
  checked_in_by: number | null;
  student: CheckInStudentRow;
  staff: { id: number; title: string; first_name: string; last_name: string } | null;
};

function ledgerQuery(db: Db, where: SQL | undefined) {
  return db
    .select(ledgerColumns)
    .from(checkIns)
    .innerJoin(students, eq(students.id, checkIns.student_id))
    .leftJoin(checker, eq(checker.id, checkIns.staff_id))
    .where(where)
    .orderBy(desc(checkIns.checked_in_at), desc(checkIns.id));
}

/** The ledger rows of some students for one block and date, whoever recorded them. */
export async function checkInsOfStudents(
  db: Db,
  blockId: number,
  date: string,
  studentIds: readonly number[],
) {
  if (studentIds.length === 0) return [] as LedgerRow[];
  return (await ledgerQuery(
    db,
    and(
      eq(checkIns.block_id, blockId),
      eq(checkIns.date, date),
      sql`${checkIns.student_id} in (select (json_array_elements_text(${jsonList(studentIds)}))::int)`,
    ),
  )) as LedgerRow[];
}

/** Who "the caller" is in the ledger: a staff member by staff id, a sysadmin by user id. */
export type Recorder = { staff_id: number } | { user_id: number };
