import type { staff, students } from "@/db/schema";
import type { StaffListItem, StudentListItem } from "./lists";
import { staffName, studentName } from "./names";

type StaffRow = typeof staff.$inferSelect;
type StudentRow = typeof students.$inferSelect;

/** A staff row in the staff list's shape (what POST and PUT /api/staff answer). */
export function presentStaffItem(row: StaffRow): StaffListItem {
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
  };
}

export type StudentItem = StudentListItem & { archived: boolean };

/** A student row in the student list's shape, with whether the student is archived. */
export function presentStudentItem(row: StudentRow): StudentItem {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    name: studentName(row),
    grade: row.grade,
    initials: row.initials,
    color: row.color,
    archived: row.archived_at !== null,
  };
}
