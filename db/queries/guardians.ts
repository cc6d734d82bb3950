import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { guardians, students } from "../schema";
import { rows } from "./placement";

/**
 * Family contacts (guardians) of students: no account, only an address the weekly summary goes to. By
 * hand on the profile, from the student CSV's guardian columns, or from OneRoster (users.csv rows with
 * role parent, guardian or relative linked by agentSourcedIds). Every write is one statement.
 */

export type GuardianRow = typeof guardians.$inferSelect;

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export function guardiansOf(db: Db, studentId: number): Promise<GuardianRow[]> {
  return db.select().from(guardians).where(eq(guardians.student_id, studentId)).orderBy(asc(guardians.name), asc(guardians.id));
}

export async function studentExists(db: Db, studentId: number): Promise<boolean> {
  const [row] = await db.select({ id: students.id }).from(students).where(eq(students.id, studentId)).limit(1);
  return Boolean(row);
}

/** A contact added by hand; undefined when the student already has one with that address. */
export async function insertGuardian(
  db: Db,
  values: { student_id: number; name: string; email: string; relationship: string; locale?: string | null },
): Promise<GuardianRow | undefined> {
  const [row] = await db
    .insert(guardians)
    .values({ ...values, source: "manual" })
    .onConflictDoNothing({ target: [guardians.student_id, guardians.email] })
    .returning();
  return row;
}

export async function deleteGuardian(db: Db, studentId: number, guardianId: number): Promise<GuardianRow | undefined> {
  const [row] = await db
    .delete(guardians)
    .where(and(eq(guardians.id, guardianId), eq(guardians.student_id, studentId)))
    .returning();
  return row;
}

export interface RosterGuardian {
  student_sourced_id: string;
  sourced_id: string;
  name: string;
  email: string;
  relationship: string;
}

/**
 * A OneRoster import's guardians, in at most four statements whatever their number: those it made before are
 * updated (matched on the student and the guardian's sourcedId), new ones added (an address the school
 * already has for that student, by hand or by CSV, stays theirs), and — for the students of a bulk
 * users.csv (`syncStudents`) — those it made before and no longer lists removed, as are guardians the
 * SIS deletes (`removed`, by sourcedId). Contacts the school
 * added by hand or by CSV are never touched. A guardian is a contact row, never an account.
 */
export async function writeRosterGuardians(db: Db, list: RosterGuardian[], syncStudents: string[], removed: string[] = []) {
  if (removed.length) {
    await db.execute(sql`delete from guardians where source = 'oneroster'
      and sourced_id in (select value from jsonb_array_elements_text(${json(removed)}))`);
  }
  if (list.length) {
    await db.execute(sql`update guardians g set name = r.name, email = r.email, relationship = r.relationship
      from jsonb_to_recordset(${json(list)}) as r(student_sourced_id text, sourced_id text, name text, email text, relationship text)
      join students s on s.sourced_id = r.student_sourced_id
      where g.student_id = s.id and g.source = 'oneroster' and g.sourced_id = r.sourced_id
        and not exists (select 1 from guardians o where o.student_id = s.id and o.email = r.email and o.id <> g.id)`);
    await db.execute(sql`insert into guardians (student_id, name, email, relationship, source, sourced_id)
      select distinct on (s.id, r.email) s.id, r.name, r.email, r.relationship, 'oneroster', r.sourced_id
      from jsonb_to_recordset(${json(list)}) as r(student_sourced_id text, sourced_id text, name text, email text, relationship text)
      join students s on s.sourced_id = r.student_sourced_id
      where not exists (select 1 from guardians g where g.student_id = s.id and g.source = 'oneroster' and g.sourced_id = r.sourced_id)
      order by s.id, r.email
      on conflict (student_id, email) do nothing`);
  }
  if (syncStudents.length) {
    const kept = list.map((g) => ({ student_sourced_id: g.student_sourced_id, sourced_id: g.sourced_id }));
    await db.execute(sql`delete from guardians g using students s
      where g.student_id = s.id and g.source = 'oneroster'
        and s.sourced_id in (select value from jsonb_array_elements_text(${json(syncStudents)}))
        and not exists (select 1 from jsonb_to_recordset(${json(kept)}) as k(student_sourced_id text, sourced_id text)
          where k.student_sourced_id = s.sourced_id and k.sourced_id = g.sourced_id)`);
  }
}

export interface CsvGuardian {
  student_id: number;
  name: string;
  email: string;
  locale: string | null;
}

/**
 * The student CSV's guardian columns, in one statement: a new address is added (source csv); one the
 * CSV added before gets the file's name and language; one the school typed by hand or OneRoster sent
 * is left as it is.
 */
export async function writeCsvGuardians(db: Db, list: CsvGuardian[]) {
  if (!list.length) return;
  await db.execute(sql`insert into guardians (student_id, name, email, relationship, locale, source)
    select distinct on (r.student_id, r.email) r.student_id, r.name, r.email, 'guardian', r.locale, 'csv'
    from jsonb_to_recordset(${json(list)}) as r(student_id int, name text, email text, locale text)
    order by r.student_id, r.email
    on conflict (student_id, email) do update set name = case when excluded.name = '' then guardians.name else excluded.name end,
      locale = coalesce(excluded.locale, guardians.locale)
      where guardians.source = 'csv'`);
}

export interface DigestGuardianRow {
  guardian_id: number;
  name: string;
  email: string;
  student_id: number;
  first_name: string;
  last_name: string;
  /** The language the roster or CSV recorded, as typed ("es", "Spanish"); null when none. */
  locale: string | null;
}

/** Every guardian of every active student (not archived, account not locked), one statement. */
export function digestGuardians(db: Db): Promise<DigestGuardianRow[]> {
  return rows<DigestGuardianRow>(
    db,
    sql`select g.id as guardian_id, g.name, g.email, g.locale, s.id as student_id,
        coalesce(nullif(s.preferred_first_name, ''), s.first_name) as first_name, s.last_name
      from guardians g
      join students s on s.id = g.student_id and s.archived_at is null
      join users u on u.id = s.user_id and (u.disabled_at is null or u.disabled_at > now())
      order by g.id`,
  );
}
