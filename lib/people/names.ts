import type { StaffRow, StudentRow } from "@/db/queries/auth";

type StaffName = Pick<StaffRow, "title" | "first_name" | "last_name">;
type StudentName = Pick<StudentRow, "first_name" | "last_name"> &
  Partial<Pick<StudentRow, "preferred_first_name">>;

/** "Mr. Smith, Jane"; without a first name "Mr. Smith"; without a title "Smith, Jane". */
export function staffName(staff: StaffName): string {
  const titled = titledLastName(staff);
  return staff.first_name ? `${titled}, ${staff.first_name}` : titled;
}

/**
 * "Jane Smith"; with a preferred first name, "Jay Smith". Rows selected for display already carry the
 * preferred name as first_name (db/queries/people.ts studentDisplayFirstName); a full row carries both.
 */
export function studentName(student: StudentName): string {
  return `${displayFirstName(student)} ${student.last_name}`.trim();
}

/**
 * "Jane S.": the first name the student goes by and the last name's initial (a whole character), for
 * screens anyone nearby can read (a kiosk at the door).
 */
export function firstNameAndInitial(student: StudentName): string {
  const initial = [...student.last_name.trim()][0];
  return initial ? `${displayFirstName(student)} ${initial.toUpperCase()}.` : displayFirstName(student);
}

/** The first name a student is shown by: the preferred one when there is one, else the legal one. */
export function displayFirstName(student: Pick<StudentName, "first_name" | "preferred_first_name">): string {
  return student.preferred_first_name?.trim() ? student.preferred_first_name : student.first_name;
}

/** Up to two upper-case letters from the first and last name (whole characters, not UTF-16 halves). */
export function initialsOf(firstName: string, lastName: string): string {
  const first = (name: string) => Array.from(name.trim())[0] ?? "";
  return `${first(firstName)}${first(lastName)}`.toUpperCase();
}

/** The titles a staff member may have; none ("") is allowed too (STAFF_TITLE_CHOICES). */
export const STAFF_TITLES = ["Dr.", "Miss", "Ms.", "Mlle.", "Mme.", "Mr.", "Mrs.", "Mx.", "Prof."] as const;
/** "" is no title: staffName prints "Lovelace, Ada". */
export const NO_TITLE = "";
export const STAFF_TITLE_CHOICES = [...STAFF_TITLES, NO_TITLE] as const;
export type StaffTitle = (typeof STAFF_TITLE_CHOICES)[number];

/** "Mx. Lovelace" or, without a title, "Lovelace". */
export function titledLastName(staff: Pick<StaffName, "title" | "last_name">): string {
  return [staff.title, staff.last_name].filter(Boolean).join(" ");
}

/** "Mx. Ada Lovelace" or, without a title, "Ada Lovelace". */
export function titledFullName(staff: StaffName): string {
  return [staff.title, staff.first_name, staff.last_name].filter(Boolean).join(" ");
}
