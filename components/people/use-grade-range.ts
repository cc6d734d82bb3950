"use client";

import { useContext, useMemo } from "react";
import { AuthContext } from "@/components/auth/auth-context";
import { DEFAULT_GRADE_RANGE, gradeRangeOf, type GradeRange } from "@/lib/grade-range";

/**
 * The school's grade range and Seniors' first grade from the signed-in settings (the spec's 8–12 and
 * 11 until they load, or outside the app's provider).
 */
export function useGradeRange(): GradeRange {
  const values = useContext(AuthContext)?.settings?.values;
  const min = values?.grade_min?.value;
  const max = values?.grade_max?.value;
  const seniors = values?.seniors_from_grade?.value;
  return useMemo(
    () =>
      values
        ? gradeRangeOf({ grade_min: min, grade_max: max, seniors_from_grade: seniors })
        : DEFAULT_GRADE_RANGE,
    [values, min, max, seniors],
  );
}
