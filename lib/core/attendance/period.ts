import { isValidSchoolDate, schoolDateOf, schoolInstant, type SchoolDate } from "@/lib/core/time";

/**
 * When a student's attendance counts: from the first block that *starts* after the school's
 * `attendance_from` date (the day it started using Flexblock), their own `students.attends_from` date
 * when they have one, and the moment their account was created, all three; and not once they were
 * archived. A block, not a day: a student imported at 11:00 never misses the Focus Block that met at
 * 10:00 that morning. The SQL of the reports, the SIS export and placement is built from the same rule
 * (lib/core/attendance/sql.server.ts studentBeganSql); the calendar tiles read it through the `outside`
 * fact of lib/core/attendance/rules.ts. Pure and free of server code, so the browser imports it too.
 */

/** The `attendance_from` setting's date (`YYYY-MM-DD…`), or null when it is empty or not a date: no bound. */
export function attendanceFromDate(value: string | null | undefined): SchoolDate | null {
  const date = (value ?? "").slice(0, 10);
  return isValidSchoolDate(date) ? date : null;
}

/** The parts of a student row that say when they attend. */
export interface StudentAttendanceRow {
  attends_from: string | null;
  created_at: Date;
  archived_at: Date | null;
}

/** The student's own first date (the profile shows it): `attends_from`, else the school-local date their account was created. */
export function studentStartDate(student: Pick<StudentAttendanceRow, "attends_from" | "created_at">, timezone: string): SchoolDate {
  return student.attends_from ? student.attends_from.slice(0, 10) : schoolDateOf(student.created_at, timezone);
}

export interface AttendancePeriod {
  /** The first date the student can be missed: the later of the school's attendance_from and their attends_from; null: neither is set. */
  from: SchoolDate | null;
  /** When their account was created: a block that began before it is not theirs to miss. */
  createdAt: Date;
  /** When they were archived (they are expected in no block that starts at or after it); null when active. */
  archivedAt: Date | null;
}

/** A student's attendance period from their row and the school's attendance_from (or null). */
export function attendancePeriod(student: StudentAttendanceRow, attendanceFrom: SchoolDate | null): AttendancePeriod {
  const own = student.attends_from ? student.attends_from.slice(0, 10) : null;
  const from = own && (!attendanceFrom || own > attendanceFrom) ? own : attendanceFrom;
  return { from, createdAt: student.created_at, archivedAt: student.archived_at };
}

/**
 * Whether the student attends the block that starts at `startsAt` on `date` (so could be missed there):
 * on or after the period's first date, begun after the account was created, and not after archiving.
 */
export function attendsOn(period: AttendancePeriod, date: SchoolDate, startsAt: Date): boolean {
  if (period.from && date < period.from) return false;
  if (period.createdAt.getTime() >= startsAt.getTime()) return false;
  return period.archivedAt === null || period.archivedAt.getTime() > startsAt.getTime();
}

/** The student's bounds and the school's attendance_from as one statement reads them (JSON: instants as text). */
export interface AttendanceBoundsRow {
  attends_from: string | null;
  created_at: string;
  archived_at: string | null;
  /** The `attendance_from` setting's raw value. */
  attendance_from: string | null;
}

/** The period from such a row; null without one (then nothing is said about attendance). */
export function attendancePeriodOf(row: AttendanceBoundsRow | null | undefined): AttendancePeriod | null {
  if (!row) return null;
  return attendancePeriod(
    {
      attends_from: row.attends_from,
      created_at: new Date(row.created_at),
      archived_at: row.archived_at ? new Date(row.archived_at) : null,
    },
    attendanceFromDate(row.attendance_from),
  );
}

/** Whether the student attends the block meeting on `date` from `start` (`HH:MM[:SS]`, school-local). */
export function attendsBlock(period: AttendancePeriod, date: SchoolDate, start: string, timezone: string): boolean {
  return attendsOn(period, date, schoolInstant(date, start, timezone));
}
