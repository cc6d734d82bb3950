import type { StaffRefRow } from "@/db/queries/staff-ref";
import type { PersonRef } from "@/lib/core/schedule/types";
import { displayFirstName, staffName, studentName } from "./names";
import type { StudentPerson } from "./answers";

/**
 * The two shapes a person takes in most answers, built here once:
 * - a staff reference `{id, name}` ("Mx. Lovelace, Ada"), from the columns every query selects for it
 *   (db/queries/staff-ref.ts);
 * - a student as lists show them (the student list, a course's or a cluster's members, a section's
 *   class list): `{id, first_name, last_name, name, grade, initials, color}`, never the student number.
 */

export const presentStaffRef = (row: StaffRefRow): PersonRef => ({ id: row.id, name: staffName(row) });

export type { StudentPerson };

type StudentPersonRow = Omit<StudentPerson, "name"> & { preferred_first_name?: string | null };

export function presentStudentPerson(row: StudentPersonRow): StudentPerson {
  return {
    id: row.id,
    // The display first name, as list queries select it (a full row carries the preferred one too).
    first_name: displayFirstName(row),
    last_name: row.last_name,
    name: studentName(row),
    grade: row.grade,
    initials: row.initials,
    color: row.color,
  };
}
