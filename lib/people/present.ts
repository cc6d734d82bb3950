import type { staff, students } from "@/db/schema";
import { toStaffListItem } from "./lists.server";
import type { StaffListItem, StudentItem } from "./answers";
import { presentStudentPerson } from "./present-person";

type StaffRow = typeof staff.$inferSelect;
type StudentRow = typeof students.$inferSelect;

/** A staff row in the staff list's shape (what POST and PUT /api/staff answer). */
export function presentStaffItem(row: StaffRow): StaffListItem {
  return toStaffListItem(row);
}

export type { StudentItem };

/** A student row in the student list's shape, with whether the student is archived. */
export function presentStudentItem(row: StudentRow): StudentItem {
  return { ...presentStudentPerson(row), archived: row.archived_at !== null };
}
