/** Spec §9: a student in grade 11 or higher is a Senior, otherwise a Junior. */
export const SENIOR_GRADE = 11;

export type StudentClass = "Senior" | "Junior";

export const STUDENT_CLASSES: readonly StudentClass[] = ["Senior", "Junior"];

export function studentClass(grade: number): StudentClass {
  return grade >= SENIOR_GRADE ? "Senior" : "Junior";
}
