import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { resultRows } from "./checkin";

/** The sysadmin's setting: a OneRoster import gives the administrator flag to the SIS's administrators. */
export const SIS_ADMINISTRATORS_SETTING = "sis-administrators-are-administrators";

/**
 * The OneRoster import's SQL (lib/oneroster): what the school has, read in a fixed handful of
 * statements, and the plan's writes, each list one set-based statement whatever its length (rows
 * travel as one JSON parameter and are matched by sourcedId in the database). The writes are filed by
 * table: people and their accounts in oneroster-people.ts, terms and classes in oneroster-classes.ts.
 */

/** A list of rows as one JSON parameter (one bind, however long the list). */
export const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
/** A list of ids as one JSON parameter, for `id in …`. */
export const ids = (list: readonly number[]) => sql`(select value::int from jsonb_array_elements_text(${json(list)}))`;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return resultRows(await db.execute(query)) as T[];
}

/** Everything the plan compares with: people, courses, sections (teachers, blocks), terms, SIS enrolments. */
export async function loadRosterState(db: Db) {
  const [students, staff, courses, sections, terms, enrollments, blocks, usernames, year] = await Promise.all([
    rows<{
      id: number;
      user_id: number;
      sourced_id: string | null;
      student_number: string;
      first_name: string;
      last_name: string;
      preferred_first_name: string | null;
      email: string | null;
      grade: number;
      archived: boolean;
      disabled: boolean;
      default_teacher_id: number | null;
      sis_values: Record<string, unknown> | null;
    }>(
      db,
      sql`select s.id, s.user_id, s.sourced_id, s.student_number, s.first_name, s.last_name, s.preferred_first_name,
            s.email, s.grade::int as grade, s.archived_at is not null as archived,
            (u.disabled_at is not null and u.disabled_at <= now()) as disabled,
            s.default_teacher_id, s.sis_values
          from students s join users u on u.id = s.user_id`,
    ),
    rows<{
      id: number;
      user_id: number;
      sourced_id: string | null;
      email: string;
      first_name: string;
      last_name: string;
      administrator: boolean;
      disabled: boolean;
      position: string;
      department: string;
      sis_role: string | null;
      homeroom: string | null;
      sis_values: Record<string, unknown> | null;
    }>(
      db,
      sql`select s.id, s.user_id, s.sourced_id, s.email, s.first_name, s.last_name, s.administrator,
            (u.disabled_at is not null and u.disabled_at <= now()) as disabled,
            s.position, s.department, s.sis_role, s.homeroom, s.sis_values
          from staff s join users u on u.id = s.user_id`,
    ),
    rows<{ id: number; sourced_id: string | null; name: string; short_name: string; archived: boolean }>(
      db,
      sql`select id, sourced_id, name, short_name, archived_at is not null as archived from courses`,
    ),
    rows<{
      id: number;
      sourced_id: string | null;
      course_id: number;
      code: string;
      term_id: number | null;
      archived: boolean;
      teachers: number[];
      blocks: number[];
    }>(
      db,
      sql`select s.id, s.sourced_id, s.course_id, s.code, s.term_id, s.archived_at is not null as archived,
            coalesce((select json_agg(t.staff_id order by t.staff_id) from section_teachers t where t.section_id = s.id), '[]'::json) as teachers,
            coalesce((select json_agg(m.block_id order by m.block_id) from section_meetings m
                      where m.section_id = s.id and m.day_type is null), '[]'::json) as blocks
          from sections s`,
    ),
    rows<{ id: number; sourced_id: string | null; name: string; start: string; end: string }>(
      db,
      sql`select id, sourced_id, name, start::text as start, "end"::text as "end" from terms`,
    ),
    rows<{
      id: number;
      sourced_id: string;
      student_id: number;
      section_id: number | null;
      begin_date: string | null;
      end_date: string | null;
      dropped: boolean;
    }>(
      db,
      sql`select id, sourced_id, student_id, section_id, begin_date::text as begin_date, end_date::text as end_date,
            dropped_at is not null as dropped
          from enrollments where sourced_id is not null`,
    ),
    rows<{ id: number; label: string }>(db, sql`select id, label from blocks order by id`),
    rows<{ username: string; sysadmin: boolean }>(
      db,
      sql`select lower(username) as username, account_type = 'sysadmin' as sysadmin from users`,
    ),
    // The school year's first and last day, the day attendance counts from (settings; '' when unset),
    // and whether the sysadmin lets the SIS's administrators be Flexblock administrators.
    rows<{ key: string; value: string | null }>(
      db,
      sql`select key, value from settings
          where key in ('start_datetime', 'end_datetime', 'attendance_from', ${SIS_ADMINISTRATORS_SETTING})`,
    ),
  ]);
  const setting = (key: string) => (year.find((r) => r.key === key)?.value ?? "").slice(0, 10);
  const parse = (v: unknown) => (typeof v === "string" ? (JSON.parse(v) as number[]) : (v as number[]));
  return {
    students,
    staff,
    courses,
    sections: sections.map((s) => ({ ...s, teachers: parse(s.teachers), blocks: parse(s.blocks) })),
    terms,
    enrollments,
    blocks,
    usernames: usernames.map((u) => u.username),
    /** Sysadmins' usernames: no row of a bundle may take or change one. */
    sysadmin_usernames: usernames.filter((u) => u.sysadmin).map((u) => u.username),
    year: { start: setting("start_datetime"), end: setting("end_datetime"), attendance_from: setting("attendance_from") },
    sis_administrators_are_administrators: setting(SIS_ADMINISTRATORS_SETTING) === "true",
  };
}

/** The bundle kept for the job until it is applied, then replaced by the result (a roster is personal data). */
export async function replaceJobPayload(db: Db, jobId: number, payload: Record<string, unknown>) {
  await db.execute(sql`update jobs set payload = ${json(payload)} where id = ${jobId}`);
}

/** Who made an API token (an import it sends is theirs: their job to read, their name in the audit log). */
export async function apiTokenCreator(db: Db, tokenId: number): Promise<number | null> {
  const [row] = await rows<{ created_by_user_id: number | null }>(
    db,
    sql`select created_by_user_id from api_tokens where id = ${tokenId}`,
  );
  return row?.created_by_user_id ?? null;
}
