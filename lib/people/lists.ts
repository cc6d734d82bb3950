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

export async function staffList(db: Db): Promise<StaffListItem[]> {
  const rows = await listStaff(db);
  return rows.map((row) => ({
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    name: staffName(row),
    title: row.title,
    email: row.email,
    initials: row.initials,
    color: row.color,
    administrator: row.administrator,
  }));
}

export async function studentList(db: Db): Promise<StudentListItem[]> {
  const rows = await listStudents(db);
  return rows.map((row) => ({
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    name: studentName(row),
    grade: row.grade,
    initials: row.initials,
    color: row.color,
  }));
}
