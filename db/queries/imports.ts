import "server-only";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import {
  importMappings,
  importPasswords,
  importRows,
  imports,
  jobs,
  staff,
  students,
  sysadmins,
  uploads,
  users,
} from "../schema";
import { staffRefColumns } from "./staff-ref";

export type ImportRow = typeof imports.$inferSelect;
export type ImportRowOutcome = typeof importRows.$inferInsert;

/** A list travels as one JSON parameter, so a batch of any size is one bind. */
const jsonList = (values: readonly (string | number)[]) => sql`${JSON.stringify(values)}::json`;

export interface ExistingStudent {
  id: number;
  student_number: string;
  first_name: string;
  last_name: string;
  grade: number;
  archived_at: Date | null;
  /** The email of their default teacher, if any. */
  default_teacher_email: string | null;
  email: string | null;
  preferred_first_name: string | null;
}

/** The students holding any of these numbers (one statement whatever the count). */
export async function existingStudents(db: Db, numbers: readonly string[]): Promise<ExistingStudent[]> {
  if (numbers.length === 0) return [];
  return db
    .select({
      id: students.id,
      student_number: students.student_number,
      first_name: students.first_name,
      last_name: students.last_name,
      grade: students.grade,
      archived_at: students.archived_at,
      default_teacher_email: sql<string | null>`lower(${staff.email})`,
      email: students.email,
      preferred_first_name: students.preferred_first_name,
    })
    .from(students)
    .leftJoin(staff, eq(staff.id, students.default_teacher_id))
    .where(sql`${students.student_number} in (select json_array_elements_text(${jsonList(numbers)}))`);
}

/**
 * The staff members a homeroom column may name (`keys` lower-cased, spaces collapsed): by their homeroom's
 * code ("HR-204"), email, "first last", "last, first", "last first", "title last" or "title first last".
 * One statement whatever the count.
 */
export async function staffByTeacherKeys(db: Db, keys: readonly string[]) {
  if (keys.length === 0) return [];
  const list = sql`(select json_array_elements_text(${jsonList(keys)}))`;
  const spaced = (value: ReturnType<typeof sql>) =>
    sql`lower(regexp_replace(${value}, '[[:space:]]+', ' ', 'g'))`;
  return db
    .select({ ...staffRefColumns, email: staff.email, homeroom: staff.homeroom })
    .from(staff)
    .where(
      sql`lower(${staff.email}) in ${list}
        or ${spaced(sql`coalesce(${staff.homeroom}, '')`)} in ${list}
        or ${spaced(sql`${staff.first_name} || ' ' || ${staff.last_name}`)} in ${list}
        or ${spaced(sql`${staff.last_name} || ', ' || ${staff.first_name}`)} in ${list}
        or ${spaced(sql`${staff.last_name} || ' ' || ${staff.first_name}`)} in ${list}
        or (${staff.title} <> '' and ${spaced(sql`${staff.title} || ' ' || ${staff.last_name}`)} in ${list})
        or (${staff.title} <> '' and ${spaced(sql`${staff.title} || ' ' || ${staff.first_name} || ' ' || ${staff.last_name}`)} in ${list})`,
    );
}

/** Which student has each of these emails (lower-cased): email → student number. One statement. */
export async function studentNumbersByEmail(db: Db, emails: readonly string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ email: students.email, student_number: students.student_number })
    .from(students)
    .where(sql`lower(${students.email}) in (select json_array_elements_text(${jsonList(emails)}))`);
  return new Map(rows.map((row) => [row.email!.toLowerCase(), row.student_number]));
}

/** The mapping remembered for a header row of this kind, if any. */
export async function findImportMapping(db: Db, kind: ImportRow["kind"], headersKey: string) {
  const [row] = await db
    .select({ mapping: importMappings.mapping, updated_at: importMappings.updated_at })
    .from(importMappings)
    .where(and(eq(importMappings.kind, kind), eq(importMappings.headers_key, headersKey)))
    .limit(1);
  return row;
}

/** Remembers (or replaces) the mapping for a header row of this kind: one upsert. */
export async function saveImportMapping(
  db: Db,
  values: { kind: ImportRow["kind"]; headers_key: string; mapping: (string | null)[] },
) {
  await db
    .insert(importMappings)
    .values(values)
    .onConflictDoUpdate({
      target: [importMappings.kind, importMappings.headers_key],
      set: { mapping: values.mapping, updated_at: sql`now()` },
    });
}

export interface ExistingStaff {
  /** Null when the username is not a staff member's (a sysadmin's). */
  id: number | null;
  username: string;
  account_type: "staff" | "student" | "sysadmin";
  first_name: string | null;
  last_name: string | null;
  title: string | null;
  capacity: number | null;
  takes_students: boolean | null;
  position: string | null;
  department: string | null;
  homeroom: string | null;
}

/** The accounts whose username is one of these emails, with their staff row if any (one statement). */
export async function existingStaffAccounts(db: Db, emails: readonly string[]): Promise<ExistingStaff[]> {
  if (emails.length === 0) return [];
  return db
    .select({
      id: staff.id,
      username: users.username,
      account_type: users.account_type,
      first_name: staff.first_name,
      last_name: staff.last_name,
      title: staff.title,
      capacity: staff.capacity,
      takes_students: staff.takes_students,
      position: staff.position,
      department: staff.department,
      homeroom: staff.homeroom,
    })
    .from(users)
    .leftJoin(staff, eq(staff.user_id, users.id))
    .where(sql`${users.username} in (select json_array_elements_text(${jsonList(emails)}))`);
}

export async function insertImport(db: Db, values: typeof imports.$inferInsert): Promise<ImportRow> {
  const [row] = await db.insert(imports).values(values).returning();
  return row!;
}

export async function findImport(db: Db, id: number): Promise<ImportRow | undefined> {
  const [row] = await db.select().from(imports).where(eq(imports.id, id)).limit(1);
  return row;
}

/**
 * The import with its file: the rows the upload read from it (kept in the upload's `result` as
 * `{ candidates }`), and the bytes for an import queued before its rows were kept.
 */
export async function importWithFile(db: Db, id: number) {
  const [row] = await db
    .select({ import: imports, data: uploads.data, result: uploads.result })
    .from(imports)
    .innerJoin(uploads, eq(uploads.id, imports.upload_id))
    .where(eq(imports.id, id))
    .limit(1);
  return row;
}

export async function updateImport(db: Db, id: number, values: Partial<typeof imports.$inferInsert>) {
  await db.update(imports).set(values).where(eq(imports.id, id));
}

/** The history row of the import a job runs (a OneRoster import's), by the job. */
export async function updateImportOfJob(db: Db, jobId: number, values: Partial<typeof imports.$inferInsert>) {
  await db.update(imports).set(values).where(eq(imports.job_id, jobId));
}

/** The staff members with these SIS ids, as the one-click "Make administrator" needs them (one statement). */
export async function staffBySourcedIds(db: Db, sourcedIds: readonly string[]) {
  if (sourcedIds.length === 0) return [];
  return db
    .select({
      id: staff.id,
      sourced_id: staff.sourced_id,
      first_name: staff.first_name,
      last_name: staff.last_name,
      title: staff.title,
      initials: staff.initials,
      administrator: staff.administrator,
    })
    .from(staff)
    .where(sql`${staff.sourced_id} in (select json_array_elements_text(${jsonList(sourcedIds)}))`);
}

/** Adds one batch's outcomes to the import's counters. */
export async function addImportCounts(
  db: Db,
  id: number,
  counts: { created: number; updated: number; unchanged: number; skipped: number; conflict: number },
) {
  await db
    .update(imports)
    .set({
      created_count: sql`${imports.created_count} + ${counts.created}`,
      updated_count: sql`${imports.updated_count} + ${counts.updated}`,
      unchanged_count: sql`${imports.unchanged_count} + ${counts.unchanged}`,
      skipped_count: sql`${imports.skipped_count} + ${counts.skipped}`,
      conflict_count: sql`${imports.conflict_count} + ${counts.conflict}`,
    })
    .where(eq(imports.id, id));
}

export async function insertImportRows(db: Db, rows: ImportRowOutcome[]) {
  if (rows.length) await db.insert(importRows).values(rows);
}

export async function insertImportPasswords(db: Db, rows: (typeof importPasswords.$inferInsert)[]) {
  if (rows.length) await db.insert(importPasswords).values(rows);
}

/** Every row's outcome, in file order. */
export function importRowsOf(db: Db, importId: number) {
  return db
    .select({
      row_number: importRows.row_number,
      outcome: importRows.outcome,
      reason: importRows.reason,
      key: importRows.key,
      name: importRows.name,
      person_id: importRows.person_id,
    })
    .from(importRows)
    .where(eq(importRows.import_id, importId))
    .orderBy(importRows.row_number);
}

/** The initial passwords, removed in the same statement that reads them (a one-time download). */
export function takeImportPasswords(db: Db, importId: number) {
  return db.delete(importPasswords).where(eq(importPasswords.import_id, importId)).returning({
    row_number: importPasswords.row_number,
    username: importPasswords.username,
    name: importPasswords.name,
    password: importPasswords.password,
  });
}

/** Passwords past their 24 hours, gone for good. */
export async function purgeExpiredPasswords(db: Db): Promise<number> {
  const deleted = await db
    .delete(importPasswords)
    .where(
      inArray(
        importPasswords.import_id,
        db
          .select({ id: imports.id })
          .from(imports)
          .where(sql`${imports.passwords_until} < now()`),
      ),
    )
    .returning({ id: importPasswords.id });
  return deleted.length;
}

/** Recent imports, newest first, with who uploaded them (staff name or sysadmin name). */
export function listImports(db: Db, limit: number) {
  return db
    .select({
      import: imports,
      staff: staffRefColumns,
      sysadmin_name: sysadmins.name,
      done: jobs.progress_done,
    })
    .from(imports)
    .leftJoin(staff, eq(staff.user_id, imports.uploaded_by))
    .leftJoin(sysadmins, eq(sysadmins.user_id, imports.uploaded_by))
    .leftJoin(jobs, eq(jobs.id, imports.job_id))
    .orderBy(desc(imports.created_at), desc(imports.id))
    .limit(limit);
}

/** Files this person uploaded that are still waiting or running (optionally of one wizard batch). */
/** The uploader's account row, locked until the transaction ends: their waiting imports are counted under it. */
export async function lockUploader(db: Db, userId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

export async function countImports(db: Db, userId: number, filter: { batch?: string; open?: boolean }) {
  const [row] = await db
    .select({ n: count() })
    .from(imports)
    .where(
      and(
        eq(imports.uploaded_by, userId),
        filter.batch !== undefined ? eq(imports.batch, filter.batch) : undefined,
        filter.open ? inArray(imports.status, ["queued", "running"]) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** The first skipped rows with their reasons (the notification names a few; the report lists all). */
export function firstSkippedRows(db: Db, importId: number, limit: number) {
  return db
    .select({ row: importRows.row_number, reason: importRows.reason })
    .from(importRows)
    .where(and(eq(importRows.import_id, importId), eq(importRows.outcome, "skipped")))
    .orderBy(importRows.row_number)
    .limit(limit);
}

/** One import with its uploader's name. */
export async function importWithUploader(db: Db, id: number) {
  const [row] = await db
    .select({
      import: imports,
      staff: staffRefColumns,
      sysadmin_name: sysadmins.name,
      done: jobs.progress_done,
    })
    .from(imports)
    .leftJoin(staff, eq(staff.user_id, imports.uploaded_by))
    .leftJoin(sysadmins, eq(sysadmins.user_id, imports.uploaded_by))
    .leftJoin(jobs, eq(jobs.id, imports.job_id))
    .where(eq(imports.id, id))
    .limit(1);
  return row;
}

/** Locks the import row for the one-time password download. */
export async function lockImport(db: Db, id: number): Promise<ImportRow | undefined> {
  const [row] = await db.select().from(imports).where(eq(imports.id, id)).limit(1).for("update");
  return row;
}

/**
 * Empties the stored CSV once its import has ended: a roster is personal data, and the report keeps
 * every row's outcome. (The row stays: the import points at it.)
 */
export async function discardImportFile(db: Db, importId: number) {
  await db
    .update(uploads)
    .set({ data: Buffer.alloc(0), result: null, status: "processed", processed_at: sql`now()` })
    .where(
      sql`${uploads.id} = (select ${imports.upload_id} from ${imports} where ${imports.id} = ${importId})`,
    );
}
