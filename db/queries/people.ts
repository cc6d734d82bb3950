import { asc } from "drizzle-orm";
import type { Db } from "../client";
import { staff, students } from "../schema";

/** Every staff member for the staff list, by last then first name (one statement). */
export function listStaff(db: Db) {
  return db
    .select({
      id: staff.id,
      first_name: staff.first_name,
      last_name: staff.last_name,
      title: staff.title,
      email: staff.email,
      initials: staff.initials,
      color: staff.color,
      administrator: staff.administrator,
    })
    .from(staff)
    .orderBy(asc(staff.last_name), asc(staff.first_name), asc(staff.id));
}

/** Every student for the student list, by last then first name (one statement; no student numbers). */
export function listStudents(db: Db) {
  return db
    .select({
      id: students.id,
      first_name: students.first_name,
      last_name: students.last_name,
      grade: students.grade,
      initials: students.initials,
      color: students.color,
    })
    .from(students)
    .orderBy(asc(students.last_name), asc(students.first_name), asc(students.id));
}
