import type { StaffRow, StudentRow } from "@/db/queries/auth";

type StaffName = Pick<StaffRow, "title" | "first_name" | "last_name">;
type StudentName = Pick<StudentRow, "first_name" | "last_name">;

/** "Mr. Smith, Jane"; without a first name "Mr. Smith". */
export function staffName(staff: StaffName): string {
  const titled = [staff.title, staff.last_name].filter(Boolean).join(" ");
  return staff.first_name ? `${titled}, ${staff.first_name}` : titled;
}

/** "Jane Smith". */
export function studentName(student: StudentName): string {
  return `${student.first_name} ${student.last_name}`.trim();
}

/** Up to two upper-case letters from the first and last name. */
export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}

export const STAFF_TITLES = ["Dr.", "Miss", "Ms.", "Mlle.", "Mme.", "Mr.", "Mrs.", "Prof."] as const;
