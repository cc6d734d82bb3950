import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { clusterMembers, clusters, staff, stars, students } from "../schema";
import { foldedAsc } from "../schema/columns";
import { studentListColumns, visibleStudentNumber, type StudentNumbers } from "./people";
import { staffRefJson } from "./staff-ref";

/**
 * The refusal on record for an address (a permanent 5xx: lib/reach/sender.server.ts), as json
 * { error, since }, or null: nothing more is sent to it until the address changes.
 */
const refusalOf = (email: typeof staff.email | typeof students.email) =>
  sql<unknown>`(select json_build_object('error', f.error, 'since', f.failed_at) from failing_addresses f where f.address = ${email})`;

/** The viewer's star on the item, joined (at most one row: stars are unique per staff, type and item). */
const starOf = (
  viewerStaffId: number,
  itemType: "staff" | "student",
  itemId: typeof staff.id | typeof students.id,
) => and(eq(stars.staff_id, viewerStaffId), eq(stars.item_type, itemType), eq(stars.item_id, itemId));
const starred = sql<boolean>`${stars.id} is not null`;

const staffColumns = {
  id: staff.id,
  first_name: staff.first_name,
  last_name: staff.last_name,
  title: staff.title,
  initials: staff.initials,
  color: staff.color,
  administrator: staff.administrator,
  email: staff.email,
  capacity: staff.capacity,
  takes_students: staff.takes_students,
  email_refused: refusalOf(staff.email),
};

/** A staff member, and whether the viewing staff member (if any) starred them. */
export async function findStaffProfile(db: Db, id: number, viewerStaffId: number | null) {
  const query =
    viewerStaffId === null
      ? db.select({ ...staffColumns, starred: sql<boolean>`false` }).from(staff)
      : db
          .select({ ...staffColumns, starred })
          .from(staff)
          .leftJoin(stars, starOf(viewerStaffId, "staff", staff.id));
  const [row] = await query.where(eq(staff.id, id)).limit(1);
  return row;
}

const studentColumns = (numbers: StudentNumbers) => ({
  ...studentListColumns,
  // The profile answers the legal first name and the preferred one (the display name is built from both).
  first_name: students.first_name,
  preferred_first_name: students.preferred_first_name,
  email: students.email,
  email_refused: refusalOf(students.email),
  /** Null where the viewer may not see it (visibleStudentNumber). */
  student_number: visibleStudentNumber(numbers),
  archived_at: students.archived_at,
  /** When the student attends from (lib/core/attendance/period.ts studentStartDate): their date, else their account's creation in the school's zone. */
  attends_from: students.attends_from,
  created_at: students.created_at,
  timezone: sql<string | null>`(select value from settings where key = 'timezone')`,
  /** The default (homeroom) teacher, for default placement (lib/placement). */
  default_teacher: sql<unknown>`(select ${sql.raw(staffRefJson("t"))} from staff t where t.id = ${students.default_teacher_id})`,
});

/** A student, whether the viewing staff member (if any) starred them, and the number the viewer may see. */
export async function findStudentProfile(db: Db, id: number, viewerStaffId: number | null, numbers: StudentNumbers) {
  const columns = studentColumns(numbers);
  const query =
    viewerStaffId === null
      ? db.select({ ...columns, starred: sql<boolean>`false` }).from(students)
      : db
          .select({ ...columns, starred })
          .from(students)
          .leftJoin(stars, starOf(viewerStaffId, "student", students.id));
  const [row] = await query.where(eq(students.id, id)).limit(1);
  return row;
}

/** The clusters a student belongs to, hidden ones only when asked. */
export function studentClusters(db: Db, studentId: number, includeHidden: boolean) {
  return db
    .select({ id: clusters.id, name: clusters.name })
    .from(clusterMembers)
    .innerJoin(clusters, eq(clusters.id, clusterMembers.cluster_id))
    .where(
      and(eq(clusterMembers.student_id, studentId), includeHidden ? undefined : eq(clusters.hidden, false)),
    )
    .orderBy(foldedAsc(clusters.name), asc(clusters.id));
}

export async function updateCapacity(db: Db, staffId: number, capacity: number) {
  await db.update(staff).set({ capacity, updated_at: new Date() }).where(eq(staff.id, staffId));
}
