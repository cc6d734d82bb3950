import "server-only";
import type { Db } from "@/db";
import { listStaff, listStudents } from "@/db/queries/people";
import { staffName, studentName } from "./names";

/**
 * The staff and student lists: GET /api/staff and GET /api/students (staff and sysadmins only).
 * Emails appear only in the staff list, which students cannot call; student numbers never appear.
 */

export interface StaffListItem {
  id: number;
  first_name: string;
  last_name: string;
  name: string;
  title: string;
  email: string;
  initials: string;
  color: string;
  administrator: boolean;
}

export interface StudentListItem {
  id: number;
  first_name: string;
  last_name: string;
  name: string;
  grade: number;
  initials: string;
  color: string;
}

type StaffListRow = Omit<StaffListItem, "name">;
type StudentListRow = Omit<StudentListItem, "name">;

/** A staff row in the list's shape (also what POST and PUT /api/staff answer). */
export function toStaffListItem(row: StaffListRow): StaffListItem {
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

/** A student row in the list's shape. */
export function toStudentListItem(row: StudentListRow): StudentListItem {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    name: studentName(row),
    grade: row.grade,
    initials: row.initials,
    color: row.color,
  };
}

export async function staffList(db: Db): Promise<StaffListItem[]> {
  return (await listStaff(db)).map(toStaffListItem);
}

export async function studentList(db: Db): Promise<StudentListItem[]> {
  return (await listStudents(db)).map(toStudentListItem);
}
