import type { Db } from "@/db";
import { findStaffProfile, findStudentProfile, studentClusters, updateCapacity } from "@/db/queries/profiles";
import { forbidden, notFound } from "@/lib/api/errors";
import { requireStaff, type Principal } from "@/lib/auth/principal";
import type { StaffProfile, StudentProfile } from "@/lib/schedule/types";
import { staffName, studentName } from "./names";

/**
 * Profiles: GET /api/staff/profile/{id}, GET /api/students/profile/{id|self}, POST /api/staff/capacity.
 * Capacity is shown to its owner and to administrators; student numbers to staff only; `starred` is the
 * staff viewer's own star (false for sysadmins and students).
 */

export async function staffProfile(db: Db, viewer: Principal, id: number): Promise<StaffProfile> {
  const row = await findStaffProfile(db, id, viewer.staff?.id ?? null);
  if (!row) throw notFound("The staff member could not be found.");
  const seesCapacity = viewer.staff?.id === row.id || viewer.role === "admin" || viewer.role === "sysadmin";
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    name: staffName(row),
    title: row.title,
    initials: row.initials,
    color: row.color,
    administrator: row.administrator,
    email: row.email,
    capacity: seesCapacity ? row.capacity : null,
    starred: Boolean(row.starred),
  };
}

export async function studentProfile(
  db: Db,
  viewer: Principal,
  id: number | "self",
): Promise<StudentProfile> {
  const isStudent = viewer.role === "student";
  if (!isStudent && id === "self") throw notFound("Only students have their own profile.");
  const studentId = id === "self" ? viewer.student!.id : id;
  const [row, clusters] = await Promise.all([
    findStudentProfile(db, studentId, viewer.staff?.id ?? null),
    studentClusters(db, studentId, !isStudent),
  ]);
  if (!row) throw notFound("The student could not be found.");
  if (isStudent && studentId !== viewer.student!.id)
    throw forbidden("Students may only see their own profile.");
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    name: studentName(row),
    grade: row.grade,
    initials: row.initials,
    color: row.color,
    clusters,
    student_number: isStudent ? null : row.student_number,
    starred: Boolean(row.starred),
  };
}

/** The caller sets their own capacity (0..500). Plans above a lowered capacity stay; remaining shows 0. */
export async function setOwnCapacity(db: Db, viewer: Principal, capacity: number): Promise<StaffProfile> {
  const own = requireStaff(viewer);
  await updateCapacity(db, own.id, capacity);
  return staffProfile(db, viewer, own.id);
}
