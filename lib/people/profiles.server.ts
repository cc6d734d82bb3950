import "server-only";
import type { Db } from "@/db";
import { findStaffProfile, findStudentProfile, studentClusters } from "@/db/queries/profiles";
import { forbidden, notFound } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import type { EmailRefusal, StaffProfile, StudentProfile } from "@/lib/core/schedule/types";
import { studentStartDate } from "@/lib/core/attendance/period";
import { studentNumbersFor } from "./lists.server";
import type { StaffRefRow } from "@/db/queries/staff-ref";
import { staffName, studentName } from "./names";
import { presentStaffRef } from "./present-person";

/**
 * Profiles: GET /api/staff/profile/{id}, GET /api/students/profile/{id|self}, POST /api/staff/capacity (lib/schedule/waitlist.server.ts).
 * Capacity is shown to its owner and to administrators; student numbers to staff only, as the one rule
 * allows (lib/people/lists.server.ts studentNumbersFor); `starred` is the
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
    takes_students: row.takes_students,
    starred: Boolean(row.starred),
    // Those who see the capacity (the owner, administrators) see a refused address too.
    ...(seesCapacity ? { email_refused: refusalOf(row.email_refused) } : {}),
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
  // Before any look-up: a student asking for another id gets 403 whether or not it exists.
  if (isStudent && studentId !== viewer.student!.id) throw forbidden("Students may only see their own profile.");
  const [row, clusters] = await Promise.all([
    findStudentProfile(db, studentId, viewer.staff?.id ?? null, studentNumbersFor(viewer)),
    studentClusters(db, studentId, !isStudent),
  ]);
  if (!row) throw notFound("The student could not be found.");
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    name: studentName(row),
    preferred_first_name: row.preferred_first_name || null,
    grade: row.grade,
    initials: row.initials,
    color: row.color,
    clusters,
    student_number: isStudent ? null : row.student_number,
    starred: Boolean(row.starred),
    // Staff see whether a student is archived (a student who left cannot sign in to see their own).
    ...(isStudent ? {} : { archived: row.archived_at !== null }),
    // Staff see (and administrators edit) the default teacher default placement uses.
    ...(isStudent ? {} : { default_teacher: defaultTeacherOf(row.default_teacher) }),
    // Staff see (and administrators edit) the optional school email (single sign-on matches on it).
    ...(isStudent ? {} : { email: row.email ?? null, email_refused: refusalOf(row.email_refused) }),
    // Staff see the first date the student attends (absences count from it): attends_from, else their account's creation date.
    ...(isStudent ? {} : { attends_from: studentStartDate(row, row.timezone || "UTC") }),
  };
}

/** The refusal's json (text on some drivers), with `since` as an ISO instant. */
function refusalOf(value: unknown): EmailRefusal | null {
  const refusal = (typeof value === "string" ? JSON.parse(value) : value) as { error: string; since: string } | null;
  return refusal ? { error: refusal.error, since: new Date(refusal.since).toISOString() } : null;
}

/** The caller sets their own capacity (0..500). Plans above a lowered capacity stay; remaining shows 0. */
/** The default teacher from the profile row's json (text on some drivers) as {id, name}, or null. */
function defaultTeacherOf(value: unknown): { id: number; name: string } | null {
  const row = (typeof value === "string" ? JSON.parse(value) : value) as StaffRefRow | null;
  return row ? presentStaffRef(row) : null;
}
