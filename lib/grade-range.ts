/**
 * The school's grades and who counts as a Senior (schools differ: K–12, 9–12): the grade_min, grade_max and
 * seniors_from_grade settings, with the spec's 8–12 and 11 as defaults. Client-safe and import-free,
 * at the bottom of lib: the setting definitions (lib/setting-definitions.ts) take their bounds from here.
 */

/** What the database allows: pre-K (-1) to 13. */
export const GRADE_FLOOR = -1;
export const GRADE_CEILING = 13;

export const GRADE_SETTING_KEYS = ["grade_min", "grade_max", "seniors_from_grade"] as const;

export interface GradeRange {
  min: number;
  max: number;
  /** Students in this grade or above are Seniors. */
  seniorsFrom: number;
}

export const DEFAULT_GRADE_RANGE: GradeRange = { min: 8, max: 12, seniorsFrom: 11 };

const inBounds = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= GRADE_FLOOR && value <= GRADE_CEILING;

/** A setting's value as a number (stored as text, presented as a number). */
function numberOf(value: unknown): number | undefined {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return inBounds(number) ? number : undefined;
}

/**
 * The range from the settings' values (missing or unreadable ones take the defaults; a minimum above
 * the maximum is read as the two swapped, so the range is never empty).
 */
export function gradeRangeOf(
  values: Partial<Record<(typeof GRADE_SETTING_KEYS)[number], unknown>>,
): GradeRange {
  const a = numberOf(values.grade_min) ?? DEFAULT_GRADE_RANGE.min;
  const b = numberOf(values.grade_max) ?? DEFAULT_GRADE_RANGE.max;
  return {
    min: Math.min(a, b),
    max: Math.max(a, b),
    seniorsFrom: numberOf(values.seniors_from_grade) ?? DEFAULT_GRADE_RANGE.seniorsFrom,
  };
}

/** Every grade of the range, lowest first. */
export function gradesOf(range: GradeRange): number[] {
  return Array.from({ length: range.max - range.min + 1 }, (_, i) => range.min + i);
}

/** "Pre-K", "K", "7" … */
export function gradeLabel(grade: number): string {
  if (grade === -1) return "Pre-K";
  if (grade === 0) return "K";
  return String(grade);
}

/** "8 to 12", "K to 12" */
export const rangeText = (range: GradeRange) => `${gradeLabel(range.min)} to ${gradeLabel(range.max)}`;

/** The message of a grade outside the range. */
export const gradeRangeMessage = (range: GradeRange) => `Choose a grade from ${rangeText(range)}.`;

export const isInRange = (range: GradeRange, grade: number) => grade >= range.min && grade <= range.max;
