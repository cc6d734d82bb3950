import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { UNPREPARED, type Db } from "../client";
import { resultRows } from "./checkin";
import { visibleStudentNumber, type StudentNumbers } from "./people";
import type { AttendanceStatus } from "@/lib/core/attendance/rules";
import { attendanceStatusSql } from "@/lib/core/attendance/sql.server";
import { occurrencesCte, reportStudentsCte, studentsInScope, type ReportScope } from "./reports";

/**
 * The dashboard's SQL (GET /api/dashboard, lib/dashboard/service.server.ts): one statement per list at
 * most, whatever the range. The cells are the attendance reports' (db/queries/reports.ts cellsCte: one
 * per student in scope per Focus Block occurrence while they attend, the status from the shared
 * attendance rules), so "absent" here is the reports' "missed". Each statement answers its rows as one
 * JSON value, names and homerooms included, so the app makes no second read for them. Filed by the
 * tables read: the cells here; the teachers' lists (enrolments and check-ins, plans and capacity) in
 * dashboard-teachers.ts; the choices and requests that did not become a plan in dashboard-unmet.ts.
 */

export interface DashboardScope extends ReportScope {
  missedMin: number;
  elsewhereMin: number;
}

export const int = (value: number | null) => sql`${value}::int`;
const ATTENDED: AttendanceStatus = "attended";
const MISSED: AttendanceStatus = "missed";
export const inRange = (column: SQL, scope: ReportScope) => sql`${column} between ${scope.from}::date and ${scope.to}::date`;
export const json = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : (value ?? [])) as T;

/** The homeroom a list shows (`h` the student's homeroom teacher): its code, else the teacher ("Mr. Reyes"). */
const HOMEROOM = `'homeroom', case when h.id is null then null
  else coalesce(nullif(h.homeroom, ''), nullif(concat_ws(' ', nullif(h.title, ''), h.last_name), '')) end`;
/** A student as the lists show them: `s` a row of stu, `st` their students row, `h` their homeroom teacher. */
export const studentJson = sql.raw(`'student_id', s.id, 'first_name', s.first_name, 'last_name', s.last_name,
  'student_number', s.student_number, 'grade', s.grade, ${HOMEROOM}`);
/** studentJson for `s` a students row (not stu's): the name it goes by and the number the caller may see. */
export const studentJsonOf = (numbers: StudentNumbers) => sql`'student_id', s.id,
  'first_name', coalesce(nullif(s.preferred_first_name, ''), s.first_name), 'last_name', s.last_name,
  'student_number', ${visibleStudentNumber(numbers, sql.raw("s.student_number"))}, 'grade', s.grade, ${sql.raw(HOMEROOM)}`;
export const homeroomJoin = sql.raw(`join students st on st.id = s.id left join staff h on h.id = st.default_teacher_id`);

/**
 * occ and stu as the lists that need no cells read them: the occurrences, and the students in the
 * filters with what a list shows and their name order (the reports' stu without each student's first
 * Focus Block, which costs a look at every occurrence per student).
 */
export const peopleCte = (scope: ReportScope) => sql`${sql.raw(UNPREPARED)}
  ${occurrencesCte(scope)},
  -- Materialised: read once by a short list, inlined it was sorted again for each of the list's rows.
  stu as materialized (
    select s.id, ${visibleStudentNumber(scope.studentNumbers, sql.raw("s.student_number"))} as student_number,
      coalesce(nullif(s.preferred_first_name, ''), s.first_name) as first_name, s.last_name, s.grade, s.archived_at,
      row_number() over (order by lower(f_unaccent(s.last_name)), lower(f_unaccent(coalesce(nullif(s.preferred_first_name, ''), s.first_name))), s.id) as ord
    from students s
    where ${studentsInScope(scope)}
  )`;

export interface DashboardStudentRow {
  student_id: number;
  first_name: string;
  last_name: string;
  student_number: string | null;
  grade: number;
  homeroom: string | null;
}

/** The filters' targets and the school's grade range, in one statement (unknown ones are 422s). */
export async function dashboardTargets(
  db: Db,
  ids: { clusterId: number | null; homeroomId: number | null; staffId: number | null },
) {
  const result = await db.execute(sql`
    select exists (select 1 from clusters where id = ${int(ids.clusterId)}) as cluster,
      exists (select 1 from staff where id = ${int(ids.homeroomId)}) as homeroom,
      exists (select 1 from staff where id = ${int(ids.staffId)}) as staff,
      (select value from settings where key = 'grade_min') as grade_min,
      (select value from settings where key = 'grade_max') as grade_max`);
  const [row] = resultRows(result);
  return {
    cluster: row?.cluster === true,
    homeroom: row?.homeroom === true,
    staff: row?.staff === true,
    grade_min: row?.grade_min ?? null,
    grade_max: row?.grade_max ?? null,
  };
}

export interface ParticipationRow {
  date: string;
  chose: number;
  placed: number;
  appointment: number;
  checked_in: number;
  absent: number;
}

export interface FollowUpRow extends DashboardStudentRow {
  /** Blocks placed by default, chosen (their own plan, a standing choice or a seat from a waitlist), missed, and checked in elsewhere. */
  placed: number;
  chose: number;
  missed: number;
  elsewhere: number;
}

/** A cell's status by the shared rules: every occurrence is the day's Focus Block and the cell is one the student attends. */
const statusOf = (facts: { amended: SQL; logged: SQL }) =>
  attendanceStatusSql({ ...facts, pending: sql`o.pending`, outside: sql`false`, flex: sql`true` });

/**
 * Participation per day and the students to follow up (never chose, missed, elsewhere), in one
 * statement. The cells are the reports' (db/queries/reports.ts cellsCte: each student in scope in each
 * occurrence from their first date on until archived, and wherever they were checked in), but not one
 * row each: the cells with a plan, an appointment or a check-in are the rows of student_block_facts
 * (db/schema/facts.ts, kept by triggers), and the rest, the bare cells, are only counted: per
 * occurrence and per student, the cells the student attends less those with facts and those excused
 * by an amendment naming the student (a few, looked at one by one). A bare cell has no check-in, so
 * its status is the rules' with "logged" false: the same for all of an occurrence's unexcused ones.
 *
 * Each cell with facts came about one way: an appointment (it holds the student, lib/core/choice/ladder.ts),
 * else a plan the student made (chosen, standing, waitlist), else one default placement made
 * ("placed"); a bare cell came about no way. Elsewhere: checked in by a staff member other than the one
 * the student was expected with (their appointment's, else their plan's).
 */
export async function dashboardCells(db: Db, scope: DashboardScope) {
  const range = sql`between ${scope.from}::date and ${scope.to}::date`;
  const result = await db.execute(sql`
    with ${sql.raw(UNPREPARED)} ${occurrencesCte(scope)},
    ${reportStudentsCte(scope)},
    -- Each occurrence with the status of its bare cells, unexcused (or every student's amendment) and excused.
    oc as (
      select o.date, o.block_id, o.starts_at, o.pending, o.closed,
        ${statusOf({ amended: sql`o.closed`, logged: sql`false` })} as bare_status,
        ${statusOf({ amended: sql`true`, logged: sql`false` })} as excused_status
      from (
        select occ.*, (occ.date, occ.block_id) in (select date, block_id from amendments where student_id is null and date ${range}) as closed
        from occ
      ) o
    ),
    excused as (
      select distinct student_id, date, block_id from amendments where student_id is not null and date ${range}
    ),
    -- The cells with facts, counted once per day and once per student (grouping sets: one pass). For
    -- each, its own status, and that of the occurrence's bare cells when it is one the student attends
    -- (subtracted from the attended cells counted below, which it is among).
    fx as (
      select f.date, f.student_id, grouping(f.date) = 1 as per_student,
        count(*) filter (where came = 'chose') as chose, count(*) filter (where came = 'placed') as placed,
        count(*) filter (where came = 'appointment') as appointment,
        count(*) filter (where status = ${sql.raw(`'${ATTENDED}'`)}) - count(*) filter (where attends and bare_status = ${sql.raw(`'${ATTENDED}'`)}) as attended,
        count(*) filter (where status = ${sql.raw(`'${MISSED}'`)}) - count(*) filter (where attends and bare_status = ${sql.raw(`'${MISSED}'`)}) as missed,
        count(*) filter (where status = ${sql.raw(`'${ATTENDED}'`)} and check_in_staff_id is not null
          and expected_staff_id is not null and check_in_staff_id <> expected_staff_id) as elsewhere
      from (
        select f.date, f.student_id, o.bare_status, coalesce(f.first_date <= f.date, false) as attends,
          ${statusOf({
            amended: sql`(o.closed or (f.student_id, f.date, f.block_id) in (select student_id, date, block_id from excused))`,
            logged: sql`f.check_in_id is not null`,
          })} as status,
          f.check_in_staff_id,
          case when f.appointment_staff_id is not null then 'appointment' when f.plan_source = 'placed' then 'placed'
            when f.plan_source is not null then 'chose' end as came,
          coalesce(f.appointment_staff_id, f.plan_staff_id) as expected_staff_id
        -- The facts of the students in scope first (offset 0 keeps it a step of its own): joined to the
        -- occurrences, whose number the planner cannot see in their JSON, it took the two for a few rows
        -- and hashed all the facts of the range instead of the students.
        from (
          select f.*, s.first_date, s.archived_at from student_block_facts f join stu s on s.id = f.student_id
          where f.date ${range} offset 0
        ) f
        join oc o on o.date = f.date and o.block_id = f.block_id
        where (f.first_date <= f.date or f.check_in_id is not null) and (f.archived_at is null or f.archived_at > o.starts_at)
      ) f
      group by grouping sets ((f.date), (f.student_id))
    ),
    -- Bare cells excused by an amendment naming the student: their status instead of the occurrence's bare one.
    bare_excused as (
      select e.student_id, o.date,
        (o.excused_status = ${sql.raw(`'${ATTENDED}'`)})::int - (o.bare_status = ${sql.raw(`'${ATTENDED}'`)})::int as attended,
        (o.excused_status = ${sql.raw(`'${MISSED}'`)})::int - (o.bare_status = ${sql.raw(`'${MISSED}'`)})::int as missed
      from excused e
      join oc o on o.date = e.date and o.block_id = e.block_id
      join stu s on s.id = e.student_id
      where s.first_date <= o.date and (s.archived_at is null or s.archived_at > o.starts_at)
        and not exists (select 1 from student_block_facts x
          where x.date = e.date and x.block_id = e.block_id and x.student_id = e.student_id)
    ),
    -- The cells the students attend, each of the occurrence's bare status, counted by groups of students
    -- who began on the same date and were archived at the same instant (a handful, not one per student).
    began as (
      select first_date, coalesce(archived_at, 'infinity') as archived_at, count(*) as n
      from stu where first_date is not null group by 1, 2
    ),
    attending as (
      select b.first_date, b.archived_at, b.n, o.date, o.bare_status
      from began b join oc o on b.first_date <= o.date and b.archived_at > o.starts_at
    ),
    per_group as (
      select first_date, archived_at, count(*) filter (where bare_status = ${sql.raw(`'${ATTENDED}'`)}) as attended,
        count(*) filter (where bare_status = ${sql.raw(`'${MISSED}'`)}) as missed
      from attending group by first_date, archived_at
    ),
    days as (
      select date, sum(chose) as chose, sum(placed) as placed, sum(appointment) as appointment,
        sum(attended) as checked_in, sum(missed) as absent
      from (
        select date, chose, placed, appointment, attended, missed from fx where not per_student
        union all select date, 0, 0, 0, attended, missed from bare_excused
        union all select date, 0, 0, 0, sum(n) filter (where bare_status = ${sql.raw(`'${ATTENDED}'`)}), sum(n) filter (where bare_status = ${sql.raw(`'${MISSED}'`)})
          from attending group by date
      ) x group by date
    ),
    per_student as (
      select student_id, sum(placed) as placed, sum(chose) as chose, sum(missed) as missed, sum(elsewhere) as elsewhere
      from (
        select student_id, placed, chose, missed, elsewhere from fx where per_student
        union all select student_id, 0, 0, missed, 0 from bare_excused
        union all select s.id, 0, 0, g.missed, 0 from stu s
          join per_group g on g.first_date = s.first_date and g.archived_at = coalesce(s.archived_at, 'infinity')
      ) x group by student_id
    )
    select
      (select coalesce(json_agg(json_build_object('date', o.date::text, 'chose', coalesce(d.chose, 0),
          'placed', coalesce(d.placed, 0), 'appointment', coalesce(d.appointment, 0),
          'checked_in', coalesce(d.checked_in, 0), 'absent', coalesce(d.absent, 0)) order by o.date), '[]')
        from (select distinct date from occ) o left join days d on d.date = o.date) as days,
      (select coalesce(json_agg(json_build_object(${studentJson}, 'placed', ps.placed, 'chose', ps.chose,
          'missed', ps.missed, 'elsewhere', ps.elsewhere) order by s.ord), '[]')
        from per_student ps join stu s on s.id = ps.student_id ${homeroomJoin}
        where (ps.chose = 0 and ps.placed > 0) or ps.missed >= ${scope.missedMin}::int
          or ps.elsewhere >= ${scope.elsewhereMin}::int) as students`);
  const [row] = resultRows(result);
  return { days: json<ParticipationRow[]>(row?.days), students: json<FollowUpRow[]>(row?.students) };
}
