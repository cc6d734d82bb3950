import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../client";
import { appointments, kiosks, plans, staff, students, users } from "../schema";
import { checkInStudentColumns } from "./checkin";
import { staffRefColumns } from "./staff-ref";

export async function insertKiosk(
  db: Db,
  values: { label: string; staff_id: number; token_hash: string; created_by: number; created_at: Date },
) {
  const [row] = await db.insert(kiosks).values(values).returning({ id: kiosks.id });
  return row!.id;
}

/** Every kiosk, newest first, with its teacher's name (the administrators' list). */
export function listKiosks(db: Db) {
  return db
    .select({
      id: kiosks.id,
      label: kiosks.label,
      created_at: kiosks.created_at,
      last_used_at: kiosks.last_used_at,
      revoked_at: kiosks.revoked_at,
      staff: staffRefColumns,
    })
    .from(kiosks)
    .innerJoin(staff, eq(staff.id, kiosks.staff_id))
    .orderBy(sql`${kiosks.revoked_at} is not null`, desc(kiosks.created_at), desc(kiosks.id));
}
export type KioskRow = Awaited<ReturnType<typeof listKiosks>>[number];

export async function kioskById(db: Db, id: number) {
  const [row] = await listKiosks(db).where(eq(kiosks.id, id));
  return row ?? null;
}

/** Revokes a kiosk that is not revoked yet; answers whether this call did it. */
export async function revokeKiosk(db: Db, id: number, by: number, now: Date) {
  const rows = await db
    .update(kiosks)
    .set({ revoked_at: now, revoked_by: by })
    .where(and(eq(kiosks.id, id), isNull(kiosks.revoked_at)))
    .returning({ id: kiosks.id });
  return rows.length > 0;
}

/**
 * The device's kiosk from its token hash, touching its last use in the same statement; null when no
 * live kiosk has that token. Its teacher must still be an active staff member.
 */
export async function touchKioskByToken(db: Db, tokenHash: string, now: Date) {
  // The lint rule cannot see a where() after from(); this update has one.
  // eslint-disable-next-line drizzle/enforce-update-with-where
  const [row] = await db
    .update(kiosks)
    .set({ last_used_at: now })
    .from(staff)
    .where(
      and(
        eq(kiosks.token_hash, tokenHash),
        isNull(kiosks.revoked_at),
        eq(staff.id, kiosks.staff_id),
        sql`not exists (select 1 from ${users} where ${users.id} = ${staff.user_id} and ${users.disabled_at} is not null and ${users.disabled_at} <= ${now.toISOString()}::timestamptz)`,
      ),
    )
    .returning({
      id: kiosks.id,
      label: kiosks.label,
      staff_id: kiosks.staff_id,
      title: staff.title,
      first_name: staff.first_name,
      last_name: staff.last_name,
    });
  return row ?? null;
}

/** A staff member a kiosk can be registered for (with the user id the audit entry names). */
export async function kioskTeacher(db: Db, staffId: number) {
  const [row] = await db
    .select({ ...staffRefColumns, user_id: staff.user_id })
    .from(staff)
    .where(eq(staff.id, staffId));
  return row ?? null;
}

/**
 * The student with exactly that number (archived students are not found), and whether they are expected
 * in the kiosk's teacher's block that day: a plan or an appointment with that teacher. One statement.
 */
export async function kioskStudentByNumber(
  db: Db,
  studentNumber: string,
  where: { staff_id: number; block_id: number; date: string },
) {
  const withTeacher = (table: typeof plans | typeof appointments) =>
    sql`exists (select 1 from ${table} where ${table.student_id} = ${students.id} and ${table.staff_id} = ${where.staff_id}
      and ${table.block_id} = ${where.block_id} and ${table.date} = ${where.date}::date)`;
  const [row] = await db
    .select({ ...checkInStudentColumns, expected: sql<boolean>`(${withTeacher(plans)} or ${withTeacher(appointments)})` })
    .from(students)
    .where(and(eq(students.student_number, studentNumber), isNull(students.archived_at)))
    .limit(1);
  return row ?? null;
}
