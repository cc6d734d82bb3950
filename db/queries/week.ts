import "server-only";
import type { PlanSource } from "@/db/schema/choice";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { ONE_ROW, preparedPerDb } from "../prepared";
import { occurrencesIn } from "./occurrences";
import { staffRefJson, type StaffRefRow } from "./staff-ref";
import type { AttendanceBoundsRow } from "@/lib/core/attendance/period";
import type { LogMethod } from "@/lib/core/schedule/types";

/**
 * A whole week of schedule data in ONE statement: every table is read once by its own sub-select
 * (json_agg), and lib/schedule/week.server.ts assembles the days in memory. One round trip instead of one
 * per table keeps the week schedules inside their speed budget under load (docs/benchmarks.md). The statement
 * is prepared once (db/prepared.ts) and runs as a server-side prepared statement (parsed and planned
 * once per connection).
 */

export type StudentRefRow = { id: number; first_name: string; last_name: string };
export type TopicRow = { id: number; memo: string; color: string; unavailable: boolean; deleted: boolean };

export interface TimetableRow {
  block_id: number;
  label: string;
  flex: boolean;
  /** The date it meets (a block occurrence of the school calendar, docs/design/calendar.md#school-days-and-block-occurrences). */
  date: string;
  start: string;
  end: string;
}
/** A section meeting on a date of the week (its course's id, name and short name, and the section). */
export interface CourseRow {
  block_id: number;
  date: string;
  id: number;
  name: string;
  short_name: string;
  section_id: number;
  section_code: string;
}
export interface EventRow {
  id: number;
  date: string;
  name: string;
  /** No block meets that date (lib/schedule/school-days.ts). */
  no_blocks: boolean;
}
interface Placed {
  id: number;
  date: string;
  block_id: number;
}
export interface AmendmentRow extends Placed {
  memo: string;
  staff: StaffRefRow | null;
  student: StudentRefRow | null;
}
export interface AppointmentRow extends Placed {
  memo: string;
  staff: StaffRefRow;
  student: StudentRefRow;
  locked?: boolean;
  series_id?: number | null;
}
export interface LogRow extends Placed {
  method: LogMethod;
  checked_in_at: string;
  staff: StaffRefRow | null;
  student: StudentRefRow;
  topic: TopicRow | null;
  topic_owner: StaffRefRow | null;
}
export interface StudentPlanRow extends Placed {
  staff: StaffRefRow & { initials: string; color: string };
  topic: TopicRow | null;
}
export interface StaffPlanRow extends Placed {
  student: StudentRefRow;
  /** Why the plan is there (lib/schedule/reason-rows.ts). */
  source?: PlanSource;
  chosen_at?: string;
  cutoff_at?: string | null;
  /** The standing choice that made the plan (source "standing"). */
  standing?: { day_type: string | null; weekday: number | null } | null;
}
export interface TopicScheduleRow extends Placed {
  topic: TopicRow;
}

export interface WeekWindow {
  /** First and last shown date (YYYY-MM-DD). */
  from: string;
  to: string;
  /** The Sunday–Saturday week as instants (enrolments). */
  startsAt: Date;
  endsAt: Date;
}

/** A student as the week shows them: the preferred first name when they have one, the name they go by. */
const studentJson = (a: string) =>
  `json_build_object('id', ${a}.id, 'first_name', coalesce(nullif(${a}.preferred_first_name, ''), ${a}.first_name), 'last_name', ${a}.last_name)`;
const topicJson = (a: string) =>
  `json_build_object('id', ${a}.id, 'memo', ${a}.memo, 'color', ${a}.color, 'unavailable', ${a}.unavailable, 'deleted', ${a}.deleted)`;
const orNull = (a: string, json: string) => `case when ${a}.id is null then null else ${json} end`;

/** `coalesce(json_agg(<object> order by <order>), '[]')` over the rest of a sub-select. */
const list = (object: string, order: string, rest: SQL) =>
  sql`(select coalesce(json_agg(${sql.raw(object)} order by ${sql.raw(order)}), '[]'::json) ${rest})`;

/** The week's block occurrences (an index range scan of the materialised calendar). */
const timetable = () =>
  list(
    `json_build_object('block_id', b.id, 'label', b.label, 'flex', b.flex, 'date', o.date, 'start', o.start, 'end', o."end")`,
    "o.date, o.start, b.id",
    occurrencesIn({ from: sql`${P.from}::date`, to: sql`${P.to}::date` }),
  );

/**
 * The sections (`se`, of course `co`) meeting in the week: each section meeting (`sm`) on the dates its
 * block occurs (`o`) whose day type (school_days, joined by date) is the meeting's, or any when the meeting
 * has none, within the section's term (`te`, the whole year when none). `joins` and `where` add the
 * person's rows (an enrolment or a teaching assignment).
 */
const sectionsMeeting = (joins: SQL, where: SQL) =>
  list(
    `json_build_object('block_id', o.block_id, 'date', o.date, 'id', co.id, 'name', co.name,
       'short_name', co.short_name, 'section_id', se.id, 'section_code', se.code)`,
    "o.date, o.block_id, co.id, se.id",
    sql`from sections se join courses co on co.id = se.course_id ${joins}
        join section_meetings sm on sm.section_id = se.id
        join block_occurrences o on o.block_id = sm.block_id and o.date between ${P.from}::date and ${P.to}::date
        join school_days sd on sd.date = o.date
        left join terms te on te.id = se.term_id
        where se.archived_at is null and co.archived_at is null
          and (sm.day_type is null or sm.day_type = sd.day_type)
          and (te.id is null or o.date between te.start and te."end")
          and ${where}`,
  );

const events = () =>
  list(
    `json_build_object('id', e.id, 'date', e.date, 'name', e.name, 'no_blocks', e.no_blocks)`,
    "e.date, e.id",
    sql`from calendar_events e where e.date between ${P.from}::date and ${P.to}::date`,
  );

/**
 * Why a row is there (every placement explained, lib/schedule/reason-rows.ts): the Power Scheduler batch `a` belongs to
 * (its memo, when it ran, and who ran it: a staff member or a sysadmin), read by the same sub-select.
 */
const batchJson = `case when ps.id is null then null else json_build_object('id', ps.id, 'memo', ps.memo,
  'created_at', ps.created_at, 'staff', ${orNull("pst", staffRefJson("pst"))},
  'sysadmin', case when psa.id is null then null else json_build_object('id', psa.id, 'name', psa.name) end) end`;
const batchJoins = sql.raw(`left join power_schedules ps on ps.id = a.power_schedule_id
        left join staff pst on pst.user_id = ps.created_by left join sysadmins psa on psa.user_id = ps.created_by`);

const amendmentsWhere = (whose: SQL) =>
  list(
    `json_build_object('id', a.id, 'memo', a.memo, 'date', a.date, 'block_id', a.block_id,
       'staff', ${orNull("st", staffRefJson("st"))}, 'student', ${orNull("s", studentJson("s"))},
       'created_at', a.created_at, 'batch', ${batchJson})`,
    "a.id",
    sql`from amendments a left join staff st on st.id = a.staff_id left join students s on s.id = a.student_id
        ${batchJoins}
        where ${whose} and a.date between ${P.from}::date and ${P.to}::date`,
  );

const appointmentsWhere = (whose: SQL) =>
  list(
    `json_build_object('id', a.id, 'memo', a.memo, 'date', a.date, 'block_id', a.block_id,
       'staff', ${staffRefJson("st")}, 'student', ${studentJson("s")},
       'created_at', a.created_at, 'batch', ${batchJson}, 'locked', a.locked, 'series_id', a.series_id)`,
    "a.id",
    sql`from appointments a join staff st on st.id = a.staff_id join students s on s.id = a.student_id
        ${batchJoins}
        where ${whose} and a.date between ${P.from}::date and ${P.to}::date`,
  );

const logsWhere = (whose: SQL) =>
  list(
    // A kiosk's check-in is 'air' with nobody signed in (lib/checkin/present.ts ledgerMethod): "kiosk" on the week.
    `json_build_object('id', c.id, 'date', c.date, 'block_id', c.block_id,
       'method', case when c.method = 'air' and c.checked_in_by is null and c.staff_id is not null then 'kiosk' else c.method::text end,
       'checked_in_at', c.checked_in_at, 'staff', ${orNull("st", staffRefJson("st"))}, 'student', ${studentJson("s")},
       'topic', ${orNull("t", topicJson("t"))}, 'topic_owner', ${orNull("o", staffRefJson("o"))})`,
    "c.checked_in_at, c.id",
    sql`from check_ins c join students s on s.id = c.student_id left join staff st on st.id = c.staff_id
        left join topics t on t.id = c.topic_id left join staff o on o.id = t.staff_id
        where ${whose} and c.date between ${P.from}::date and ${P.to}::date`,
  );

/** The values a week statement is filled with: the person's id and the week. */
const P = {
  id: sql.placeholder("id"),
  from: sql.placeholder("from"),
  to: sql.placeholder("to"),
  startsAt: sql.placeholder("starts_at"),
  endsAt: sql.placeholder("ends_at"),
};

/** The placeholder values for a person's week. */
export const weekValues = (id: number, w: WeekWindow) => ({
  id,
  from: w.from,
  to: w.to,
  starts_at: w.startsAt.toISOString(),
  ends_at: w.endsAt.toISOString(),
});

/** The one row of a week statement, json columns parsed (postgres.js and PGlite may give them as text). */
export function weekRowOf(rows: Record<string, unknown>[]): Record<string, unknown> {
  const row = (rows[0] ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(row)) if (typeof value === "string") row[key] = JSON.parse(value);
  return row;
}

/** What a student's and a teacher's week both read. */
interface WeekRows {
  timetable: TimetableRow[];
  courses: CourseRow[];
  events: EventRow[];
  amendments: AmendmentRow[];
  appointments: AppointmentRow[];
  logs: LogRow[];
}

export interface StudentWeekRows extends WeekRows {
  student: StudentRefRow | null;
  plans: StudentPlanRow[];
  /** When the student's attendance counts (lib/core/attendance/period.ts); absent from rows made elsewhere. */
  attendance?: AttendanceBoundsRow | null;
  /** The choice deadline's setting and the week's dates with their own (lib/choice/deadlines.ts); absent from rows made elsewhere. */
  deadlines?: WeekDeadlinesRow | null;
}

export interface WeekDeadlinesRow {
  choice: string | null;
  request: string | null;
  days: { date: string; choice_deadline: string | null; request_deadline: string | null }[];
}

/**
 * The student, the sections they are enrolled in, own and global amendments, appointments, logs and plans (with
 * topics). Exported for the bench floor (scripts/bench/floor.ts).
 */
export const studentWeekQuery = (db: Db) =>
  db
    .select({
      student: sql`(select ${sql.raw(studentJson("s"))} from students s where s.id = ${P.id})`.as("student"),
      attendance:
        sql`(select json_build_object('attends_from', s.attends_from, 'created_at', s.created_at, 'archived_at', s.archived_at,
        'attendance_from', (select value from settings where key = 'attendance_from'))
      from students s where s.id = ${P.id})`.as("attendance"),
      deadlines: sql`json_build_object(
        'choice', (select value from settings where key = 'choice-deadline'),
        'request', (select value from settings where key = 'request-deadline'),
        'days', coalesce((select json_agg(json_build_object('date', dd.date, 'choice_deadline', dd.choice_deadline,
          'request_deadline', dd.request_deadline)) from day_deadlines dd where dd.date between ${P.from}::date and ${P.to}::date), '[]'::json))`.as(
        "deadlines",
      ),
      timetable: timetable().as("timetable"),
      courses: sectionsMeeting(
        sql`join enrollments en on en.section_id = se.id and en.student_id = ${P.id}`,
        // The enrolment's dates (an earlier release's rows have none: when it was made and dropped).
        sql`(o.date >= en.begin_date or (en.begin_date is null and en.enrolled_at < ${P.endsAt}::timestamptz))
          and (o.date <= en.end_date
            or (en.end_date is null and (en.dropped_at is null or en.dropped_at > ${P.startsAt}::timestamptz)))`,
      ).as("courses"),
      events: events().as("events"),
      amendments: amendmentsWhere(sql`(a.student_id = ${P.id} or a.student_id is null)`).as("amendments"),
      appointments: appointmentsWhere(sql`a.student_id = ${P.id}`).as("appointments"),
      logs: logsWhere(sql`c.student_id = ${P.id}`).as("logs"),
      plans: list(
        `json_build_object('id', p.id, 'date', p.date, 'block_id', p.block_id,
         'staff', ${staffRefJson("st", "initials", "color")},
         'topic', ${orNull("t", topicJson("t"))},
         'source', p.source, 'chosen_at', p.updated_at, 'cutoff_at', pr.cutoff_at,
         'standing', ${orNull("sc", "json_build_object('day_type', sc.day_type, 'weekday', sc.weekday)")})`,
        "p.id",
        sql`from plans p join staff st on st.id = p.staff_id
          left join placement_runs pr on pr.id = p.placement_run_id
          left join standing_choices sc on sc.id = p.standing_choice_id
          left join topic_schedules ts on ts.staff_id = p.staff_id and ts.block_id = p.block_id and ts.date = p.date
          left join topics t on t.id = ts.topic_id and not t.deleted
          where p.student_id = ${P.id} and p.date between ${P.from}::date and ${P.to}::date`,
      ).as("plans"),
    })
    .from(ONE_ROW);

const studentWeek = preparedPerDb((db) => studentWeekQuery(db).prepare("student_week"));

export async function loadStudentWeek(db: Db, studentId: number, w: WeekWindow): Promise<StudentWeekRows> {
  return weekRowOf(await studentWeek(db).execute(weekValues(studentId, w))) as unknown as StudentWeekRows;
}

export interface StaffWeekRows extends WeekRows {
  staff: StaffRefRow | null;
  plans: StaffPlanRow[];
  topics: TopicScheduleRow[];
}

/**
 * The teacher, the sections they teach, the amendments, appointments and logs they made, plans with them, their
 * topics. Exported for the bench floor (scripts/bench/floor.ts).
 */
export const staffWeekQuery = (db: Db) =>
  db
    .select({
      staff: sql`(select ${sql.raw(staffRefJson("st"))} from staff st where st.id = ${P.id})`.as("staff"),
      timetable: timetable().as("timetable"),
      courses: sectionsMeeting(
        sql`join section_teachers tch on tch.section_id = se.id and tch.staff_id = ${P.id}`,
        sql`true`,
      ).as("courses"),
      events: events().as("events"),
      amendments: amendmentsWhere(sql`a.staff_id = ${P.id}`).as("amendments"),
      appointments: appointmentsWhere(sql`a.staff_id = ${P.id}`).as("appointments"),
      logs: logsWhere(sql`c.staff_id = ${P.id}`).as("logs"),
      plans: list(
        `json_build_object('id', p.id, 'date', p.date, 'block_id', p.block_id, 'student', ${studentJson("s")},
         'source', p.source, 'chosen_at', p.updated_at, 'cutoff_at', pr.cutoff_at,
         'standing', ${orNull("sc", "json_build_object('day_type', sc.day_type, 'weekday', sc.weekday)")})`,
        "lower(f_unaccent(s.last_name)), lower(f_unaccent(s.first_name)), p.id",
        sql`from plans p join students s on s.id = p.student_id
          left join placement_runs pr on pr.id = p.placement_run_id
          left join standing_choices sc on sc.id = p.standing_choice_id
          where p.staff_id = ${P.id} and p.date between ${P.from}::date and ${P.to}::date`,
      ).as("plans"),
      topics: list(
        `json_build_object('id', ts.id, 'date', ts.date, 'block_id', ts.block_id, 'topic', ${topicJson("t")})`,
        "ts.id",
        sql`from topic_schedules ts join topics t on t.id = ts.topic_id and not t.deleted
          where ts.staff_id = ${P.id} and ts.date between ${P.from}::date and ${P.to}::date`,
      ).as("topics"),
    })
    .from(ONE_ROW);

const staffWeek = preparedPerDb((db) => staffWeekQuery(db).prepare("staff_week"));

export async function loadStaffWeek(db: Db, staffId: number, w: WeekWindow): Promise<StaffWeekRows> {
  return weekRowOf(await staffWeek(db).execute(weekValues(staffId, w))) as unknown as StaffWeekRows;
}
