import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { rows, unscheduledWhere } from "./placement";
import { staffStillHereSql } from "./staff-ref";

/**
 * The people the scheduled messages go to (lib/placement/reminders.server.ts, lib/schedule/moved.server.ts), each list one statement
 * whatever the school's size.
 */

const blockList = (blockIds: number[]) => sql.join(blockIds.map((id) => sql`(${id}::integer)`), sql`, `);

export interface NotChosenRow {
  student_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  /** The language the student chose (users.locale), or null. */
  locale: string | null;
  /** The earliest of the date's flex blocks still without a teacher (the reminder's link opens it). */
  block_id: number;
}

/** Students default placement would place on `date` (no plan, appointment or amendment), with a usable account. */
export function notChosenStudents(db: Db, input: { date: string; blockIds: number[]; existedBy: Date }): Promise<NotChosenRow[]> {
  const { date, blockIds, existedBy } = input;
  if (blockIds.length === 0) return Promise.resolve([]);
  return rows<NotChosenRow>(
    db,
    sql`select s.id as student_id, s.user_id, coalesce(nullif(s.preferred_first_name, ''), s.first_name) as first_name,
        s.last_name, s.email, u.locale,
        (select min(b.block_id) from (values ${blockList(blockIds)}) as b(block_id)
          where ${unscheduledWhere(sql`${date}::date`, sql`${existedBy.toISOString()}::timestamptz`)}) as block_id
      from students s join users u on u.id = s.user_id
      where (u.disabled_at is null or u.disabled_at > now())
        and exists (select 1 from (values ${blockList(blockIds)}) as b(block_id)
          where ${unscheduledWhere(sql`${date}::date`, sql`${existedBy.toISOString()}::timestamptz`)})
      order by s.id`,
  );
}

export interface DigestRow {
  staff_id: number;
  user_id: number;
  email: string;
  title: string;
  first_name: string;
  last_name: string;
  block_id: number;
  block_label: string;
  kind: "planned" | "appointment";
  student_first_name: string;
  student_last_name: string;
  memo: string;
}

/**
 * Who is coming to each teacher on `date` (the morning list): plans and appointments on the date's flex
 * blocks, for every teacher who takes students and has not left. Ordered by teacher, block, name.
 */
export function teacherDigestRows(db: Db, input: { date: string; blockIds: number[] }): Promise<DigestRow[]> {
  const { date, blockIds } = input;
  if (blockIds.length === 0) return Promise.resolve([]);
  return rows<DigestRow>(
    db,
    sql`with coming as (
        select p.staff_id, p.block_id, 'planned' as kind, p.student_id, '' as memo
          from plans p where p.date = ${date}::date and p.block_id in (select b.block_id from (values ${blockList(blockIds)}) as b(block_id))
        union all
        select a.staff_id, a.block_id, 'appointment' as kind, a.student_id, a.memo
          from appointments a where a.date = ${date}::date and a.block_id in (select b.block_id from (values ${blockList(blockIds)}) as b(block_id)))
      select t.id as staff_id, t.user_id, t.email, t.title, t.first_name, t.last_name, c.block_id, bl.label as block_label,
        c.kind, coalesce(nullif(s.preferred_first_name, ''), s.first_name) as student_first_name, s.last_name as student_last_name, c.memo
      from coming c
      join staff t on t.id = c.staff_id
      join students s on s.id = c.student_id and s.archived_at is null
      join blocks bl on bl.id = c.block_id
      where t.takes_students and ${staffStillHereSql("t")}
      order by t.id, c.block_id, c.kind desc, lower(f_unaccent(s.last_name)), lower(f_unaccent(s.first_name))`,
  );
}

/** Teachers who take students and have not left, with their accounts (the morning list goes to each, even an empty one). */
export function digestTeachers(db: Db) {
  return rows<{ staff_id: number; user_id: number; email: string; title: string; first_name: string; last_name: string }>(
    db,
    sql`select t.id as staff_id, t.user_id, t.email, t.title, t.first_name, t.last_name from staff t
      where t.takes_students and ${staffStillHereSql("t")} order by t.id`,
  );
}

export interface StudentAddressee {
  student_id: number;
  user_id: number;
  email: string | null;
  first_name: string;
  last_name: string;
  /** The language the student chose (users.locale), or null. */
  locale: string | null;
}

/** The students among `ids` still at the school, with what they are told by (one statement). */
export function studentAddressees(db: Db, ids: number[]): Promise<StudentAddressee[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return rows<StudentAddressee>(
    db,
    sql`select s.id as student_id, s.user_id, s.email, coalesce(nullif(s.preferred_first_name, ''), s.first_name) as first_name, s.last_name,
        (select u.locale from users u where u.id = s.user_id) as locale
      from students s where s.archived_at is null
        and s.id in (select value::integer from jsonb_array_elements_text(${JSON.stringify([...new Set(ids)])}::jsonb))`,
  );
}

/** Each student a Power Scheduler batch reached, with the dates (for All Students: every active student). */
export function batchStudents(db: Db, batchId: number, kind: "appointment" | "amendment" | "global-amendment") {
  if (kind === "global-amendment") {
    return rows<{ student_id: number; dates: string[] }>(
      db,
      sql`select s.id as student_id,
          (select coalesce(json_agg(distinct to_char(m.date, 'YYYY-MM-DD')), '[]'::json) from amendments m where m.power_schedule_id = ${batchId}::integer) as dates
        from students s where s.archived_at is null`,
    );
  }
  const table = kind === "appointment" ? sql`appointments` : sql`amendments`;
  return rows<{ student_id: number; dates: string[] }>(
    db,
    sql`select r.student_id, json_agg(distinct to_char(r.date, 'YYYY-MM-DD')) as dates
      from ${table} r where r.power_schedule_id = ${batchId}::integer and r.student_id is not null group by r.student_id`,
  );
}

/** The plans an event closing its day cancelled (kept with the event), with their teachers. */
export function closedDayPlansOf(db: Db, eventIds: number[]) {
  if (eventIds.length === 0) return Promise.resolve([]);
  return rows<{ event_id: number; event_name: string; student_id: number; date: string; title: string; first_name: string; last_name: string }>(
    db,
    sql`select c.event_id, e.name as event_name, c.student_id, to_char(c.date, 'YYYY-MM-DD') as date, t.title, t.first_name, t.last_name
      from closed_day_plans c join calendar_events e on e.id = c.event_id join staff t on t.id = c.staff_id
      where c.event_id in (select value::integer from jsonb_array_elements_text(${JSON.stringify(eventIds)}::jsonb))
      order by c.student_id, c.date`,
  );
}
