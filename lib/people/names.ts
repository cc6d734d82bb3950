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

/** Up to two upper-case letters from the first and last name (whole characters, not UTF-16 halves). */
export function initialsOf(firstName: string, lastName: string): string {
  const first = (name: string) => Array.from(name.trim())[0] ?? "";
  return `${first(firstName)}${first(lastName)}`.toUpperCase();
}

export const STAFF_TITLES = ["Dr.", "Miss", "Ms.", "Mlle.", "Mme.", "Mr.", "Mrs.", "Prof."] as const;
