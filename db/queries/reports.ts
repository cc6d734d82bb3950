/* eslint-disable max-lines -- each report's query sits beside the filter joins it shares with the others */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { attendanceStatusSql, studentBeganSql } from "@/lib/core/attendance/sql.server";
import type { AttendanceStatus } from "@/lib/core/attendance/rules";
import { UNPREPARED, type Db } from "../client";
import { resultRows } from "./checkin";
import { flexMeetingsJson, SCHOOL_YEAR } from "./occurrences";
import { visibleStudentNumber, type StudentNumbers } from "./people";
import { staffRefJsonOrNull, type StaffRefRow } from "./staff-ref";

/**
 * The attendance reports' SQL. Every report is ONE set-based statement over "cells": one
 * row per student in scope per Focus Block occurrence in the range while that student attends, with
 * their log and amendments, and the status decided by the rules of lib/core/attendance/rules.ts (as SQL,
 * lib/core/attendance/sql.server.ts). The occurrences (dates, which block, pending or not) are worked out in
 * JavaScript (lib/core/time) from the school calendar (reportCalendar) and passed as one JSON parameter:
 * date arithmetic never happens in SQL.
 *
 * A student attends (lib/core/attendance/period.ts) from the first Focus Block that starts after their
 * account was created and is on or after their `attends_from` (lib/core/attendance/sql.server.ts
 * studentBeganSql), until they are archived (no cell for a block that starts after it). The school's
 * `attendance_from` leaves the occurrences before it out of the report altogether
 * (lib/reports/occurrences.ts). Outside those bounds there is no cell: nobody is absent there.
 */

/** One occurrence of a flex block, in the school calendar's block_occurrences. */
export interface ReportMeeting {
  block_id: number;
  label: string;
  date: string;
  start: string;
  end: string;
}

export interface ReportCalendarRow {
  timezone: string | null;
  /** The school year's first and last days, `YYYY-MM-DD` or null. */
  yearStart: string | null;
  yearEnd: string | null;
  /** The `attendance_from` setting's raw value (lib/core/attendance/period.ts attendanceFromDate reads it). */
  attendanceFrom: string | null;
  /** Every flex block occurrence in the school year, for the day's Focus Block (lib/checkin/rules.ts focusBlockOn). */
  meetings: ReportMeeting[];
  /** The dates of calendar events with `no_blocks`. */
  noBlockDates: string[];
}

const settingValue = (key: string) => sql`(select value from settings where key = ${key})`;
const settingDay = (value: unknown) => (typeof value === "string" && value.length >= 10 ? value.slice(0, 10) : null);

/**
 * What a report needs before its own statement, in one statement: the time zone, the school year, the
 * `attendance_from` setting, the no-blocks days and the flex block occurrences of the school year (the
 * materialised calendar, docs/design/calendar.md#school-days-and-block-occurrences; a few hundred rows).
 */
export async function reportCalendar(db: Db): Promise<ReportCalendarRow> {
  const result = await db.execute(sql`
    select ${settingValue("timezone")} as timezone, ${settingValue("start_datetime")} as year_start,
      ${settingValue("end_datetime")} as year_end, ${settingValue("attendance_from")} as attendance_from,
      (select coalesce(json_agg(distinct nb.date::text), '[]') from calendar_events nb where nb.no_blocks) as no_block_dates,
      ${flexMeetingsJson(SCHOOL_YEAR)} as meetings`);
  const [row] = resultRows(result);
  const json = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;
  return {
    timezone: (row?.timezone as string | null) ?? null,
    yearStart: settingDay(row?.year_start),
    yearEnd: settingDay(row?.year_end),
    attendanceFrom: (row?.attendance_from as string | null) ?? null,
    meetings: json<ReportMeeting[] | null>(row?.meetings) ?? [],
    noBlockDates: json<string[] | null>(row?.no_block_dates) ?? [],
  };
}

export interface ReportOccurrence {
  date: string;
  block_id: number;
  /** The block's end on that date is still ahead: its cells count for nothing yet. */
  pending: boolean;
  /**
   * The block's start (ISO instant, lib/core/time): a student whose account was created after it, or who
   * was archived before it, is not expected there.
   */
  starts_at: string;
}

export interface ReportScope {
  from: string;
  to: string;
  occurrences: ReportOccurrence[];
  /** A teacher sees their default students and the students of their own blocks; null: everyone. */
  teacherId: number | null;
  grade: number | null;
  clusterId: number | null;
  studentId: number | null;
  /** The students of one homeroom (students.default_teacher_id; the dashboard's filter); absent or null: any. */
  homeroomId?: number | null;
  /** Which student numbers the caller sees (lib/people/lists.server.ts studentNumbersFor); hidden ones are null. */
  studentNumbers: StudentNumbers;
}

const int = (value: number | null) => sql`${value}::int`;

/** The students a teacher's reports cover: default students, and anyone planned, booked or checked in with them. */
const teacherStudents = (scope: ReportScope) => sql`
  select id from students where default_teacher_id = ${int(scope.teacherId)}
  union select student_id from plans where staff_id = ${int(scope.teacherId)} and date between ${scope.from}::date and ${scope.to}::date
  union select student_id from appointments where staff_id = ${int(scope.teacherId)} and date between ${scope.from}::date and ${scope.to}::date
  union select student_id from check_ins where staff_id = ${int(scope.teacherId)} and date between ${scope.from}::date and ${scope.to}::date`;

/**
 * The status of a cell, from the shared rules. Every occurrence is the day's Focus Block, a flex block,
 * and cells are only made while the student attends (cellsCte), so none is `outside`.
 * The amendments of the range are few: each IN is one hash of them, probed once per cell (joined
 * instead, the planner sometimes merged them on date and block and filtered by student: millions of
 * comparisons).
 */
const cellStatusSql = (scope: ReportScope) =>
  attendanceStatusSql({
    amended: sql`((o.date, o.block_id) in (select date, block_id from amendments
        where student_id is null and date between ${scope.from}::date and ${scope.to}::date)
      or (s.id, o.date, o.block_id) in (select student_id, date, block_id from amendments
        where student_id is not null and date between ${scope.from}::date and ${scope.to}::date))`,
    logged: sql`ci.id is not null`,
    pending: sql`o.pending`,
    outside: sql`false`,
    flex: sql`true`,
  });

/** occ: the scope's occurrences, from their one JSON parameter. */
export function occurrencesCte(scope: ReportScope): SQL {
  return sql`occ as (
    select o.date, o.block_id, o.pending, o.starts_at
    from json_to_recordset(${JSON.stringify(scope.occurrences)}::json)
      as o(date date, block_id int, pending boolean, starts_at timestamptz)
  )`;
}

/** The student `s` is in the scope's filters (grade, cluster, one student, homeroom, a teacher's students). */
export function studentsInScope(scope: ReportScope): SQL {
  return sql`(${int(scope.grade)} is null or s.grade = ${int(scope.grade)})
      and (${int(scope.clusterId)} is null or exists (
        select 1 from cluster_members m where m.student_id = s.id and m.cluster_id = ${int(scope.clusterId)}))
      and (${int(scope.studentId)} is null or s.id = ${int(scope.studentId)})
      and (${int(scope.homeroomId ?? null)} is null or s.default_teacher_id = ${int(scope.homeroomId ?? null)})
      and (${int(scope.teacherId)} is null or s.id in (${teacherStudents(scope)}))`;
}

/**
 * stu: the students in scope, each with the date of the first occurrence they attend (studentBeganSql;
 * null when that is none of the range's; one Focus Block a day, so that date is that block) and their
 * place in name order. Reads occ.
 */
export function reportStudentsCte(scope: ReportScope): SQL {
  return sql`stu as (
    -- first_name: the name the student goes by (their preferred first name when they have one).
    select s.id, ${visibleStudentNumber(scope.studentNumbers, sql.raw("s.student_number"))} as student_number,
      coalesce(nullif(s.preferred_first_name, ''), s.first_name) as first_name,
      s.last_name, s.grade, s.archived_at,
      (select min(o.date) from occ o where ${studentBeganSql({ date: sql`o.date`, startsAt: sql`o.starts_at` })}) as first_date,
      row_number() over (order by lower(f_unaccent(s.last_name)), lower(f_unaccent(coalesce(nullif(s.preferred_first_name, ''), s.first_name))), s.id) as ord
    from students s
    where ${studentsInScope(scope)}
  )`;
}

/**
 * The CTEs every report starts from: occ (occurrences), stu (reportStudentsCte) and cells (one per
 * student and occurrence from their first date on, until they were archived).
 */
export function cellsCte(scope: ReportScope): SQL {
  return sql`
  ${sql.raw(UNPREPARED)}
  ${occurrencesCte(scope)},
  ${reportStudentsCte(scope)},
  cells as (
    select o.date, o.block_id, o.pending, s.id as student_id, s.ord, ci.id as log_id, ci.staff_id as log_staff_id,
      ci.method, ci.checked_in_at, ${cellStatusSql(scope)} as status
    from occ o
    cross join stu s
    -- The range again on the ledger (the occurrences are a JSON list the planner cannot see into): without
    -- it a four-week range hashed every check-in of the year.
    left join check_ins ci on ci.student_id = s.id and ci.block_id = o.block_id and ci.date = o.date
      and ci.date between ${scope.from}::date and ${scope.to}::date
    where ${hasCell(sql`o`, sql`ci`)}
  )`;
}

/**
 * The student `s` of stu has a cell in the occurrence `o`: they attend it (from their first date), or
 * `log` (a check-in of theirs there) shows them present all the same (a log wins over "outside", as
 * lib/core/attendance/rules.ts orders them: a student whose account was made during the block and who was
 * checked in then is present); not once archived before it began.
 */
export const hasCell = (o: SQL, log: SQL) =>
  sql`(s.first_date <= ${o}.date or ${log}.id is not null) and (s.archived_at is null or s.archived_at > ${o}.starts_at)`;

const num = (value: unknown) => Number(value ?? 0);
/** A student number, or null where the caller may not see it. */
const numberOf = (value: unknown) => (value === null || value === undefined ? null : String(value));

/**
 * by_status: the cells counted per key and status, so that each cell's status (the rules' CASE and its
 * amendment probes) is worked out once; counting each status straight from the cells repeated it.
 */
const byStatus = (key: SQL) => sql`by_status as (select ${key}, status, count(*) as n from cells group by ${key}, status)`;
/** The counted statuses of by_status rows, summed over a group. */
const statusCounts = sql.raw(`coalesce(sum(n) filter (where status = 'attended'), 0) as attended,
  coalesce(sum(n) filter (where status = 'missed'), 0) as missed,
  coalesce(sum(n) filter (where status = 'void'), 0) as excused`);

export interface StudentReportRow {
  id: number;
  student_number: string | null;
  first_name: string;
  last_name: string;
  grade: number;
  attended: number;
  missed: number;
  excused: number;
  appointments: number;
  missed_appointments: number;
}

/** By student: attended, missed and excused blocks, appointments and missed appointments (kept = logged by its staff). */
export async function studentReportRows(db: Db, scope: ReportScope): Promise<StudentReportRow[]> {
  const result = await db.execute(sql`
    with ${cellsCte(scope)},
    ${byStatus(sql`student_id`)},
    counts as (
      select student_id, ${statusCounts} from by_status group by student_id
    ),
    appts as (
      select a.student_id, count(*) as appointments,
        count(*) filter (where ci.staff_id is distinct from a.staff_id) as missed_appointments
      from appointments a
      join occ o on o.date = a.date and o.block_id = a.block_id and not o.pending
      join stu s on s.id = a.student_id
      left join check_ins ci on ci.student_id = a.student_id and ci.block_id = a.block_id and ci.date = a.date
      where ${hasCell(sql`o`, sql`ci`)}
      group by a.student_id
    )
    select s.id, s.student_number, s.first_name, s.last_name, s.grade, c.attended, c.missed, c.excused,
      coalesce(a.appointments, 0) as appointments, coalesce(a.missed_appointments, 0) as missed_appointments
    from counts c
    join stu s on s.id = c.student_id
    left join appts a on a.student_id = c.student_id
    order by s.ord`);
  return resultRows(result).map((row) => ({
    id: num(row.id),
    student_number: numberOf(row.student_number),
    first_name: String(row.first_name),
    last_name: String(row.last_name),
    grade: num(row.grade),
    attended: num(row.attended),
    missed: num(row.missed),
    excused: num(row.excused),
    appointments: num(row.appointments),
    missed_appointments: num(row.missed_appointments),
  }));
}

export interface TeacherReportRow {
  id: number;
  title: string;
  first_name: string;
  last_name: string;
  capacity: number;
  /** Focus Blocks that have ended in the range. */
  blocks: number;
  /** Of those, the ones on which this teacher offered seats (teacherReportRows' `offered`). */
  offered_blocks: number;
  planned: number;
  /** Planned students with a log in that block (the plan item's "success"). */
  attended: number;
  appointments: number;
  appointments_kept: number;
  /** Students this teacher checked in. */
  checked_in: number;
}

/**
 * A per-day count row `d` on an ended occurrence `e`, its student not yet archived when the block began
 * (the per-day rows only count students on or after their first date: plan_days, appt_days, log_days).
 */
const onEnded = sql`e.date = d.date and e.block_id = d.block_id and (d.archived_at is null or d.archived_at > e.starts_at)`;

/**
 * By teacher: plans, attended plans, appointments kept, check-ins made, over the students in scope.
 * Read straight from plans, appointments and the ledger on the ended occurrences (no per-student
 * cells): a plan is kept by any log of its student in that block (planStatus), an appointment by a
 * log of its own staff member (appointmentStatus), as lib/core/attendance/rules.ts says.
 * Counted per teacher and day over the date range first, then kept on the ended occurrences: joined to
 * the occurrences (a JSON list the planner guesses at 100 rows) before counting, the year's 324,000
 * plans were estimated at 600 and each looked up its check-in by index, one at a time.
 */
export async function teacherReportRows(db: Db, scope: ReportScope): Promise<TeacherReportRow[]> {
  const result = await db.execute(sql`
    with ${cellsCte(scope)},
    ended as (
      select o.date, o.block_id, o.starts_at from occ o where not o.pending
    ),
    tea as (
      select st.id, st.title, st.first_name, st.last_name, st.capacity, st.created_at, u.disabled_at
      from staff st join users u on u.id = st.user_id
      where ${int(scope.teacherId)} is null or st.id = ${int(scope.teacherId)}
    ),
    -- The ended Focus Blocks on which a teacher offered seats: not one that began before their account
    -- existed or after it was locked, nor one voided for every student (a global amendment), nor one whose
    -- topic they marked unavailable. Capacity used is planned over capacity × these (lib/reports/present.ts).
    offered as (
      select t.id as staff_id, count(*) as blocks
      from tea t join ended e on e.starts_at >= t.created_at and (t.disabled_at is null or e.starts_at < t.disabled_at)
      where not exists (select 1 from amendments m where m.student_id is null and m.date = e.date and m.block_id = e.block_id)
        and not exists (select 1 from topic_schedules ts join topics tp on tp.id = ts.topic_id
          where ts.staff_id = t.id and ts.date = e.date and ts.block_id = e.block_id and tp.unavailable and not tp.deleted)
      group by t.id
    ),
    plan_days as (
      select p.staff_id, p.date, p.block_id, s.archived_at, count(*) as planned, count(ci.id) as attended
      from plans p
      join stu s on s.id = p.student_id
      left join check_ins ci on ci.student_id = p.student_id and ci.block_id = p.block_id and ci.date = p.date
      where p.date between ${scope.from}::date and ${scope.to}::date and (p.date >= s.first_date or ci.id is not null)
      group by p.staff_id, p.date, p.block_id, s.archived_at
    ),
    appt_days as (
      select a.staff_id, a.date, a.block_id, s.archived_at, count(*) as appointments,
        count(*) filter (where ci.staff_id is not distinct from a.staff_id) as kept
      from appointments a
      join stu s on s.id = a.student_id
      left join check_ins ci on ci.student_id = a.student_id and ci.block_id = a.block_id and ci.date = a.date
      where a.date between ${scope.from}::date and ${scope.to}::date and (a.date >= s.first_date or ci.id is not null)
      group by a.staff_id, a.date, a.block_id, s.archived_at
    ),
    log_days as (
      select ci.staff_id, ci.date, ci.block_id, s.archived_at, count(*) as checked_in
      from check_ins ci
      join stu s on s.id = ci.student_id
      where ci.staff_id is not null and ci.date between ${scope.from}::date and ${scope.to}::date
      group by ci.staff_id, ci.date, ci.block_id, s.archived_at
    ),
    planned as (
      select d.staff_id, sum(d.planned) as planned, sum(d.attended) as attended
      from plan_days d join ended e on ${onEnded}
      group by d.staff_id
    ),
    appts as (
      select d.staff_id, sum(d.appointments) as appointments, sum(d.kept) as kept
      from appt_days d join ended e on ${onEnded}
      group by d.staff_id
    ),
    logged as (
      select d.staff_id, sum(d.checked_in) as checked_in
      from log_days d join ended e on ${onEnded}
      group by d.staff_id
    )
    select t.id, t.title, t.first_name, t.last_name, t.capacity,
      (select count(*) from ended) as blocks, coalesce(ob.blocks, 0) as offered_blocks,
      coalesce(p.planned, 0) as planned, coalesce(p.attended, 0) as attended,
      coalesce(a.appointments, 0) as appointments, coalesce(a.kept, 0) as appointments_kept,
      coalesce(l.checked_in, 0) as checked_in
    from tea t
    left join planned p on p.staff_id = t.id
    left join appts a on a.staff_id = t.id
    left join logged l on l.staff_id = t.id
    left join offered ob on ob.staff_id = t.id
    order by lower(f_unaccent(t.last_name)), lower(f_unaccent(t.first_name)), t.id`);
  return resultRows(result).map((row) => ({
    id: num(row.id),
    title: String(row.title),
    first_name: String(row.first_name),
    last_name: String(row.last_name),
    capacity: num(row.capacity),
    blocks: num(row.blocks),
    offered_blocks: num(row.offered_blocks),
    planned: num(row.planned),
    attended: num(row.attended),
    appointments: num(row.appointments),
    appointments_kept: num(row.appointments_kept),
    checked_in: num(row.checked_in),
  }));
}

export interface DayReportRow {
  date: string;
  attended: number;
  missed: number;
  excused: number;
}

/** By day: the counts of every Focus Block that has ended, over the students in scope. */
export async function dayReportRows(db: Db, scope: ReportScope): Promise<DayReportRow[]> {
  const result = await db.execute(sql`
    with ${cellsCte(scope)},
    ${byStatus(sql`date, block_id`)}
    select o.date::text as date, ${statusCounts}
    from occ o
    left join by_status c on c.date = o.date and c.block_id = o.block_id
    where not o.pending
    group by o.date
    order by o.date`);
  return resultRows(result).map((row) => ({
    date: String(row.date).slice(0, 10),
    attended: num(row.attended),
    missed: num(row.missed),
    excused: num(row.excused),
  }));
}

export interface AttendanceCellRow {
  date: string;
  block_id: number;
  student_id: number;
  student_number: string | null;
  first_name: string;
  last_name: string;
  status: AttendanceStatus;
  method: string | null;
  checked_in_at: Date | null;
  /** Who checked the student in; else their appointment's staff; else their plan's. */
  logged_by: StaffRefRow | null;
  appointment: (StaffRefRow & { memo: string }) | null;
  planned_with: StaffRefRow | null;
  amendment_memo: string | null;
}

const staffJson = (alias: string) => sql.raw(staffRefJsonOrNull(alias));

/**
 * Every counted cell (pending ones left out), with the people and memos around it: the SIS export
 * (one row per student per Focus Block date) and a student's drill-down.
 */
export async function attendanceCellRows(db: Db, scope: ReportScope): Promise<AttendanceCellRow[]> {
  const result = await db.execute(sql`
    with ${cellsCte(scope)},
    appt as (
      select distinct on (a.student_id, a.block_id, a.date) a.student_id, a.block_id, a.date, a.staff_id, a.memo
      from appointments a join occ o on o.date = a.date and o.block_id = a.block_id
      order by a.student_id, a.block_id, a.date, a.id
    ),
    amend as (
      select distinct on (c.student_id, c.date) c.student_id, c.date, am.memo
      from cells c
      join amendments am on am.date = c.date and am.block_id = c.block_id
        and (am.student_id = c.student_id or am.student_id is null)
      where c.status = 'void'
      order by c.student_id, c.date, am.student_id nulls last, am.id
    )
    select c.date::text as date, c.block_id, c.student_id, s.student_number, s.first_name, s.last_name, c.status,
      c.method::text as method, c.checked_in_at,
      ${staffJson("ls")} as logged_by,
      case when ast.id is null then null else json_build_object('id', ast.id, 'title', ast.title,
        'first_name', ast.first_name, 'last_name', ast.last_name, 'memo', ap.memo) end as appointment,
      ${staffJson("ps")} as planned_with,
      amend.memo as amendment_memo
    from cells c
    join stu s on s.id = c.student_id
    left join staff ls on ls.id = c.log_staff_id
    left join appt ap on ap.student_id = c.student_id and ap.block_id = c.block_id and ap.date = c.date
    left join staff ast on ast.id = ap.staff_id
    left join plans pl on pl.student_id = c.student_id and pl.block_id = c.block_id and pl.date = c.date
    left join staff ps on ps.id = pl.staff_id
    left join amend on amend.student_id = c.student_id and amend.date = c.date
    where not c.pending
    order by c.date, s.ord`);
  const json = <T>(value: unknown): T | null =>
    value === null || value === undefined ? null : ((typeof value === "string" ? JSON.parse(value) : value) as T);
  return resultRows(result).map((row) => ({
    date: String(row.date).slice(0, 10),
    block_id: num(row.block_id),
    student_id: num(row.student_id),
    student_number: numberOf(row.student_number),
    first_name: String(row.first_name),
    last_name: String(row.last_name),
    status: row.status as AttendanceStatus,
    method: (row.method as string | null) ?? null,
    checked_in_at: row.checked_in_at ? new Date(row.checked_in_at as string) : null,
    logged_by: json<StaffRefRow>(row.logged_by),
    appointment: json<StaffRefRow & { memo: string }>(row.appointment),
    planned_with: json<StaffRefRow>(row.planned_with),
    amendment_memo: (row.amendment_memo as string | null) ?? null,
  }));
}

/** The pieces of the SIS export's lines encoded by csv-stringify in JavaScript (lib/reports/present.ts sisPieces). */
export interface SisPieces {
  /** Student id → their `number,name` cells. */
  students: Record<number, string>;
  /** Staff id → their name cell. */
  staff: Record<number, string>;
  /** Each counted status (void, attended, missed) → its word's cell. */
  status: Record<string, string>;
  /** The method cell of an excused (void) cell. */
  amendment: string;
}

/**
 * The SIS export's text, one piece per Focus Block date (pending ones left out): that date's lines,
 * one per student in name order, CRLF-joined. A year of a large school is 360,000 lines: put
 * together here from the pieces csv-stringify encoded once (names, status words), so that the app
 * receives 180 texts rather than 360,000 rows. Each line ends with the check-in's instant in whole
 * seconds since 1970 (or nothing): the app writes it in the school's zone (sisCheckInTimes), with
 * the zone rules the rest of the app uses rather than the database's. The teacher is
 * whoever checked the student in, else their appointment's staff, else their plan's (teacherOf,
 * lib/reports/present.ts), looked up by index only for the cells nobody logged with a staff member.
 * Method: the check-in method's enum label (a plain word, nothing to escape) or the amendment cell.
 */
export async function sisExportTexts(db: Db, scope: ReportScope, pieces: SisPieces): Promise<string[]> {
  const statusCell = sql.join(
    Object.entries(pieces.status).map(([status, cell]) => sql`when ${status} then ${cell}::text`),
    sql` `,
  );
  const result = await db.execute(sql`
    with ${cellsCte(scope)},
    names as (select key::int as id, value as cells from json_each_text(${JSON.stringify(pieces.students)}::json)),
    teachers as (select key::int as id, value as cells from json_each_text(${JSON.stringify(pieces.staff)}::json)),
    lines as (
      select c.date, c.ord, c.status, c.method, c.checked_in_at, n.cells as student,
        coalesce(c.log_staff_id,
          (select a.staff_id from appointments a where a.student_id = c.student_id and a.block_id = c.block_id
            and a.date = c.date order by a.id limit 1),
          (select p.staff_id from plans p where p.student_id = c.student_id and p.block_id = c.block_id
            and p.date = c.date)) as teacher_id
      from cells c join names n on n.id = c.student_id
      where not c.pending
    )
    select string_agg(l.date::text || ',' || l.student
        || ',' || (case l.status ${statusCell} else l.status end)
        || ',' || (case when l.status = 'void' then ${pieces.amendment}::text else coalesce(l.method::text, '') end)
        || ',' || coalesce(t.cells, '')
        || ',' || coalesce(floor(extract(epoch from l.checked_in_at))::bigint::text, ''),
      ${"\r\n"} order by l.ord) as text
    from lines l left join teachers t on t.id = l.teacher_id
    group by l.date
    order by l.date`);
  return resultRows(result).map((row) => String(row.text));
}

export interface ReportPeople {
  students: { id: number; student_number: string | null; first_name: string; last_name: string }[];
  staff: StaffRefRow[];
}

/** The students in scope and every staff member, with what their names are made of: one statement. */
export async function reportPeople(db: Db, scope: ReportScope): Promise<ReportPeople> {
  const result = await db.execute(sql`
    with ${cellsCte(scope)}
    select (select coalesce(json_agg(json_build_object('id', id, 'student_number', student_number,
        'first_name', first_name, 'last_name', last_name)), '[]') from stu) as students,
      (select coalesce(json_agg(json_build_object('id', id, 'title', title,
        'first_name', first_name, 'last_name', last_name)), '[]') from staff) as staff`);
  const [row] = resultRows(result);
  const json = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : (value ?? []));
  return { students: json(row?.students), staff: json(row?.staff) };
}

/** Whether the filters name a cluster and a student that exist (422 otherwise), in one statement. */
export async function reportFilterTargets(db: Db, clusterId: number | null, studentId: number | null) {
  const result = await db.execute(sql`
    select exists (select 1 from clusters where id = ${int(clusterId)}) as cluster,
      exists (select 1 from students where id = ${int(studentId)}) as student`);
  const [row] = resultRows(result);
  return { cluster: row?.cluster === true, student: row?.student === true };
}
