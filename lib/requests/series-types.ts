import type { PersonRef } from "@/lib/core/schedule/types";

/** The JSON of a teacher's recurring request (GET/POST/PATCH/DELETE /api/appointments/series). Client-safe. */

export interface SeriesSkip {
  student_id: number;
  date: string;
  /** Why that occurrence could not be booked ("The maximum number of appointments has been reached."). */
  reason: string;
}

export interface SeriesDate {
  date: string;
  /** How many of the series' students are booked that date. */
  booked: number;
  /** False when the block no longer meets that date (a holiday added after booking): nobody is expected. */
  meets: boolean;
}

export interface AppointmentSeries {
  id: number;
  staff: PersonRef;
  block: { id: number; label: string };
  /** The pattern: a day type of the rotation ("Day 2") or a weekday (0 = Sunday … 6); the other is null. */
  day_type: string | null;
  weekday: number | null;
  /** "every Day 2", "every Tuesday". */
  pattern: string;
  from: string;
  until: string;
  memo: string;
  /** False: an unlocked request (the student may still choose). */
  locked: boolean;
  students: PersonRef[];
  /** Occurrences booked (past ones included); `dates` has them by date. */
  booked: number;
  dates: SeriesDate[];
  skipped: SeriesSkip[];
  cancelled_at: string | null;
  created_at: string;
}

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

export const patternWords = (pattern: { day_type: string | null; weekday: number | null }) =>
  pattern.day_type !== null ? `every ${pattern.day_type}` : `every ${WEEKDAYS[pattern.weekday ?? 0]}`;
