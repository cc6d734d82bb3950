import "server-only";
import { and, eq, gt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { setupTokens, users } from "../schema";
import { focusDays, nextFocusDay } from "./occurrences";

/** Serialises the first administrator's setup: two tabs with the same link create one account. */
const SETUP_LOCK = 728148;

export async function lockSetup(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK})`);
}

export async function anyAccountExists(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

export async function insertSetupToken(
  db: Db,
  values: { token_hash: string; created_at: Date; expires_at: Date },
) {
  await db.insert(setupTokens).values(values);
}

/** The unexpired setup token with this hash, if any. */
export async function findLiveSetupToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: setupTokens.id })
    .from(setupTokens)
    .where(and(eq(setupTokens.token_hash, tokenHash), gt(setupTokens.expires_at, now)))
    .limit(1);
  return row;
}

/** Every setup link (they all die with the first account). */
export async function deleteSetupTokens(db: Db) {
  await db.delete(setupTokens).where(sql`true`);
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as T[];
}

/** The label of the check-in block (spec: the check-in block is fixed). */
export const FOCUS_BLOCK_LABEL = "Focus Block";

export interface SetupCounts {
  school_name: string | null;
  timezone: string | null;
  year_start: string | null;
  year_end: string | null;
  terms: number;
  /** The terms by start (a bundle imported twice left copies: each name and dates twice); json, text on some drivers. */
  term_list: { name: string; start: string; end: string }[] | string | null;
  school_days: number;
  timetables: number;
  /** The latest timetable's cycle, its day types and how many blocks it gives times to. */
  cycle_kind: "weekly" | "rotation" | null;
  day_types: string[] | string | null;
  timetable_blocks: number;
  focus_blocks: number;
  focus_days: number;
  first_focus_day: string | null;
  /** The dates of events without school (json, text on some drivers) and the include_days setting they are read with. */
  no_school_dates: string[] | string | null;
  include_days: string | null;
  staff: number;
  staff_taking_students: number;
  students: number;
  /** Active students with a homeroom (default) teacher, whom default placement uses. */
  students_with_homeroom: number;
  courses: number;
  courses_with_students: number;
  enrolments: number;
  /** Classes (sections, not archived), and those with no meeting time (no block): made by hand, or from the SIS. */
  sections: number;
  sections_without_meetings: number;
  sis_sections_without_meetings: number;
  /** The last test message the mail server took (POST /api/mail/test), and to whom. */
  mail_tested_at: string | null;
  mail_tested_to: string | null;
  /** {product_key: post id} of the setup help posts this school still has (json; text on some drivers). */
  help: Record<string, number> | string | null;
}

/**
 * Everything the setup checklist counts (GET /api/setup), in ONE statement however big the school:
 * settings, the year's school days and terms, timetables, the Focus Block's occurrences, the dates of
 * days without school, staff, active students, courses with enrolled students, classes without meeting
 * times, and the setup help posts' ids.
 */
export async function setupCounts(db: Db, helpKeys: readonly string[]): Promise<SetupCounts> {
  const setting = (key: string) => sql`(select value from settings where key = ${key})`;
  const keys = sql.join(
    helpKeys.map((key) => sql`${key}`),
    sql`, `,
  );
  const [row] = await rows<SetupCounts>(
    db,
    sql`with latest as (select id, cycle_kind, day_types from timetables order by effective_from desc limit 1),
      focus as (select id from blocks where flex and label = ${FOCUS_BLOCK_LABEL}),
      focus_days as (${focusDays(FOCUS_BLOCK_LABEL)}),
      waiting as (
        select s.sourced_id from sections s
        where s.archived_at is null and not exists (select 1 from section_meetings m where m.section_id = s.id))
    select ${setting("school_name")} as school_name,
      ${setting("timezone")} as timezone,
      left(${setting("start_datetime")}, 10) as year_start,
      left(${setting("end_datetime")}, 10) as year_end,
      (select count(*) from terms)::integer as terms,
      (select coalesce(json_agg(json_build_object('name', name, 'start', start::text, 'end', "end"::text)
        order by start, lower(name), id), '[]') from terms) as term_list,
      (select count(*) from school_days where in_session)::integer as school_days,
      (select count(*) from timetables)::integer as timetables,
      (select cycle_kind from latest) as cycle_kind,
      (select day_types from latest) as day_types,
      (select count(distinct block_id) from timetable_meetings where timetable_id = (select id from latest))::integer
        as timetable_blocks,
      (select count(*) from focus)::integer as focus_blocks,
      (select count(*) from focus_days)::integer as focus_days,
      (select to_char(min(date), 'YYYY-MM-DD') from focus_days) as first_focus_day,
      (select coalesce(json_agg(distinct date::text), '[]') from calendar_events where no_blocks) as no_school_dates,
      ${setting("include_days")} as include_days,
      (select count(*) from staff)::integer as staff,
      (select count(*) from staff where takes_students)::integer as staff_taking_students,
      (select count(*) from students where archived_at is null)::integer as students,
      (select count(*) from students where archived_at is null and default_teacher_id is not null)::integer
        as students_with_homeroom,
      (select count(*) from courses)::integer as courses,
      (select count(distinct e.course_id) from enrollments e
        join students s on s.id = e.student_id and s.archived_at is null
        where e.dropped_at is null)::integer as courses_with_students,
      (select count(*) from enrollments e
        join students s on s.id = e.student_id and s.archived_at is null
        where e.dropped_at is null)::integer as enrolments,
      (select count(*) from sections where archived_at is null)::integer as sections,
      (select count(*) from waiting)::integer as sections_without_meetings,
      (select count(*) from waiting where sourced_id is not null)::integer as sis_sections_without_meetings,
      (select max(sent_at)::text from outbox where kind = 'test' and status = 'sent') as mail_tested_at,
      (select to_address from outbox where kind = 'test' and status = 'sent' order by sent_at desc limit 1) as mail_tested_to,
      (select json_object_agg(product_key, id) from wiki_posts where product_key in (${keys})) as help`,
  );
  return row!;
}

export interface PreviewRow {
  date: string;
  day_type: string | null;
  bell_schedule: string | null;
  block_id: number | null;
  label: string | null;
  flex: boolean | null;
  start: string | null;
  end: string | null;
}

/**
 * The first in-session date from `from` on with a Focus Block, and the school days of the week it starts
 * (up to 7 days from it), each with its blocks by start time: the setup page's preview, in ONE statement.
 */
export function firstWeekPreview(db: Db, from: string): Promise<PreviewRow[]> {
  return rows<PreviewRow>(
    db,
    sql`with first as (${nextFocusDay(FOCUS_BLOCK_LABEL, sql`${from}::date`)}),
      days as (
        select d.date, d.day_type, d.bell_schedule from school_days d, first
        where d.in_session and d.date >= first.date and d.date < first.date + 7)
    select to_char(days.date, 'YYYY-MM-DD') as date, days.day_type, days.bell_schedule,
      b.id as block_id, b.label, b.flex, to_char(o.start, 'HH24:MI') as start, to_char(o."end", 'HH24:MI') as "end"
    from days
    left join block_occurrences o on o.date = days.date
    left join blocks b on b.id = o.block_id
    order by days.date, o.start, b.id`,
  );
}
