import "server-only";
import type { Db } from "@/db";
import { settingValues } from "@/db/queries/settings";
import { invalid } from "@/lib/api/errors.server";
import {
  GRADE_SETTING_KEYS,
  gradeRangeMessage,
  gradeRangeOf,
  isInRange,
  type GradeRange,
} from "@/lib/grade-range";

/** The school's grade range and Seniors' first grade, from the settings (one statement). */
export async function schoolGradeRange(db: Db): Promise<GradeRange> {
  const rows = await settingValues(db, [...GRADE_SETTING_KEYS]);
  return gradeRangeOf(Object.fromEntries(rows.map((row) => [row.key, row.value])));
}

/** 422 on `grade` naming the school's range when the grade is outside it. */
export async function checkSchoolGrade(db: Db, grade: number): Promise<void> {
  const range = await schoolGradeRange(db);
  if (!isInRange(range, grade)) throw invalid({ grade: [gradeRangeMessage(range)] });
}
