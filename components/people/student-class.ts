import { DEFAULT_GRADE_RANGE } from "@/lib/grade-range";

/**
 * Spec §9: a student in grade 11 or higher is a Senior, otherwise a Junior; the first Senior grade is
 * the seniors_from_grade setting (11 by default).
 */
export const SENIOR_GRADE = DEFAULT_GRADE_RANGE.seniorsFrom;

export type StudentClass = "Senior" | "Junior";

export const STUDENT_CLASSES: readonly StudentClass[] = ["Senior", "Junior"];

/** Senior from the first Senior grade up (the seniors_from_grade setting), else Junior. */
export function classOf(grade: number, seniorsFrom: number): StudentClass {
  return grade >= seniorsFrom ? "Senior" : "Junior";
}

/** With the spec's default: Senior from grade 11. */
export function studentClass(grade: number): StudentClass {
  return classOf(grade, SENIOR_GRADE);
}
