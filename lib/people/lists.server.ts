import "server-only";
import type { Db } from "@/db";
import { listStaff, listStudents, type StudentNumbers } from "@/db/queries/people";
import type { Principal } from "@/lib/auth/principal";
import { staffName } from "./names";
import { presentStudentPerson } from "./present-person";
import type { StaffListItem, StudentListItem } from "./answers";

/**
 * The staff and student lists: GET /api/staff and GET /api/students (staff and sysadmins only).
 * Emails appear only in the staff list, which students cannot call; student numbers only in the
 * student list, to administrators and sysadmins, and to other staff when show-student-numbers is on.
 * Capacity, as on the profile, only to administrators and sysadmins (and a teacher's own row).
 */

export type { StaffListItem, StudentListItem };

type StaffListRow = Omit<StaffListItem, "name" | "capacity"> & { capacity: number };

/**
 * A staff row in the list's shape (also what POST and PUT /api/staff answer, to administrators).
 * `seesCapacity`: the viewer is an administrator or sysadmin, or this is their own row.
 */
export function toStaffListItem(row: StaffListRow, seesCapacity = true): StaffListItem {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    name: staffName(row),
    title: row.title,
    email: row.email,
    initials: row.initials,
    color: row.color,
    administrator: row.administrator,
    capacity: seesCapacity ? row.capacity : null,
    takes_students: row.takes_students,
    position: row.position,
    department: row.department,
    homeroom: row.homeroom,
  };
}

/** Whether the viewer may see this staff member's capacity (as on the profile). */
export const seesCapacityOf = (viewer: Principal, staffId: number) =>
  viewer.role === "admin" || viewer.role === "sysadmin" || viewer.staff?.id === staffId;

export async function staffList(db: Db, viewer: Principal): Promise<StaffListItem[]> {
  return (await listStaff(db)).map((row) => toStaffListItem(row, seesCapacityOf(viewer, row.id)));
}

/** Whether the viewer sees every student number whatever the show-student-numbers setting says. */
export const seesAllStudentNumbers = (viewer: Principal) => viewer.role === "admin" || viewer.role === "sysadmin";

/**
 * The one rule for student numbers, wherever one is shown or exported to staff (the student list, a
 * profile, the Unscheduled list, reports and their CSV, the SIS export): administrators, sysadmins and
 * API tokens (`null`: made by administrators, for the school's systems) see every number; other staff
 * only while the show-student-numbers setting is on (db/queries/people.ts visibleStudentNumber).
 */
export const studentNumbersFor = (viewer: Principal | null): StudentNumbers =>
  viewer === null || seesAllStudentNumbers(viewer) ? "all" : "setting";

export async function studentList(db: Db, viewer: Principal): Promise<StudentListItem[]> {
  const rows = await listStudents(db, studentNumbersFor(viewer));
  return rows.map((row) => ({ ...presentStudentPerson(row), student_number: row.student_number }));
}
