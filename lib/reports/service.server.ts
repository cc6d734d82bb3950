import "server-only";
import type { Db } from "@/db";
import {
  attendanceCellRows,
  dayReportRows,
  reportCalendar,
  reportFilterTargets,
  reportPeople,
  sisExportTexts,
  studentReportRows,
  teacherReportRows,
  type ReportScope,
} from "@/db/queries/reports";
import { invalid } from "@/lib/api/errors.server";
import { attendanceFromDate } from "@/lib/attendance/period";
import type { Principal } from "@/lib/auth/principal";
import type { StudentNumbers } from "@/db/queries/people";
import { studentNumbersFor } from "@/lib/people/lists.server";
import { readSchoolDate } from "@/lib/schedule/occurrence.server";
import { csvFile } from "@/lib/api/answers";
import { csvStreamAsync, csvText } from "./csv";
import { daysBetween, reportOccurrences } from "./occurrences";
import {
  BLOCK_CSV,
  blockCsvRow,
  DAY_CSV,
  dayCsvRow,
  presentDayRow,
  presentStudentBlock,
  presentStudentRow,
  presentTeacherRow,
  SIS_CSV,
  sisCheckInTimes,
  sisPieces,
  STUDENT_CSV,
  studentCsvRow,
  TEACHER_CSV,
  teacherCsvRow,
} from "./present";
import { MAX_REPORT_DAYS, type AttendanceQuery, type SisExportQuery } from "./schemas";

/**
 * Attendance reports and the SIS export. Who sees what: a teacher their own blocks and
 * their students (default students, and anyone planned, booked or checked in with them in the range);
 * administrators, sysadmins and API tokens with reports:read everyone. Each request runs a fixed
 * number of statements: the calendar, the filter check when a filter names a row, and one report
 * (the SIS export: the names, then its lines). Nobody is counted before attendance counts at the
 * school or for them, or while archived (db/queries/reports.ts, lib/attendance/period.ts).
 */

/**
 * The caller's reach: a teacher's staff id (null for everyone), and which student numbers they see
 * (lib/people/lists.server.ts studentNumbersFor: a teacher only while show-student-numbers is on).
 */
export function reportReach(user: Principal | null): Reach {
  return { teacherId: user?.role === "teacher" ? user.staff!.id : null, studentNumbers: studentNumbersFor(user) };
}
export interface Reach {
  teacherId: number | null;
  studentNumbers: StudentNumbers;
}

interface Filters {
  grade?: number;
  cluster_id?: number;
  student_id?: number;
}

async function scopeOf(db: Db, reach: Reach, query: { from: string; to: string } & Filters, now: Date) {
  const calendar = await reportCalendar(db);
  const timezone = calendar.timezone || "UTC";
  const from = readSchoolDate(query.from, timezone, "from");
  const to = readSchoolDate(query.to, timezone, "to");
  if (from > to) throw invalid({ to: ["The end date must be on or after the start date."] });
  if (daysBetween(from, to) > MAX_REPORT_DAYS) {
    throw invalid({ to: [`A report covers at most ${MAX_REPORT_DAYS} days.`] });
  }
  const clusterId = query.cluster_id ?? null;
  const studentId = query.student_id ?? null;
  if (clusterId !== null || studentId !== null) {
    const found = await reportFilterTargets(db, clusterId, studentId);
    if (clusterId !== null && !found.cluster) throw invalid({ cluster_id: ["There is no such cluster."] });
    if (studentId !== null && !found.student) throw invalid({ student_id: ["There is no such student."] });
  }
  const scope: ReportScope = {
    from,
    to,
    occurrences: reportOccurrences(
      { ...calendar, timezone, attendanceFrom: attendanceFromDate(calendar.attendanceFrom) },
      from,
      to,
      now,
    ),
    teacherId: reach.teacherId,
    grade: query.grade ?? null,
    clusterId,
    studentId,
    studentNumbers: reach.studentNumbers,
  };
  return { scope, timezone };
}

const fileName = (name: string, from: string, to: string) => `${name}-${from}-to-${to}.csv`;

/** GET /api/reports/attendance: by student (with one student's blocks on drill-down), teacher or day; JSON or CSV. */
export async function attendanceReport(db: Db, reach: Reach, query: AttendanceQuery, now: Date) {
  const { scope, timezone } = await scopeOf(db, reach, query, now);
  const csv = query.format === "csv";
  const head = { from: scope.from, to: scope.to, group_by: query.group_by, focus_blocks: scope.occurrences.length };
  if (query.group_by === "teacher") {
    const rows = (await teacherReportRows(db, scope)).map(presentTeacherRow);
    if (csv) return csvFile(csvText(TEACHER_CSV, rows.map(teacherCsvRow)), fileName("attendance-by-teacher", scope.from, scope.to));
    return { ...head, rows };
  }
  if (query.group_by === "day") {
    const rows = (await dayReportRows(db, scope)).map(presentDayRow);
    if (csv) return csvFile(csvText(DAY_CSV, rows.map(dayCsvRow)), fileName("attendance-by-day", scope.from, scope.to));
    return { ...head, rows };
  }
  if (scope.studentId !== null) {
    const blocks = (await attendanceCellRows(db, scope)).map((cell) => presentStudentBlock(cell, timezone));
    if (csv) {
      return csvFile(
        csvText(BLOCK_CSV, blocks.map(blockCsvRow)),
        fileName(`attendance-student-${scope.studentId}`, scope.from, scope.to),
      );
    }
    const rows = (await studentReportRows(db, scope)).map(presentStudentRow);
    return { ...head, rows, blocks };
  }
  const rows = (await studentReportRows(db, scope)).map(presentStudentRow);
  if (csv) return csvFile(csvText(STUDENT_CSV, rows.map(studentCsvRow)), fileName("attendance-by-student", scope.from, scope.to));
  return { ...head, rows };
}

/** How many Focus Block dates of the SIS export are read from the database at a time. */
export const SIS_DATES_PER_READ = 20;

/** The scope's occurrences in runs of `size` dates (a date's occurrences kept together). */
function byDates(occurrences: ReportScope["occurrences"], size: number) {
  const dates = [...new Set(occurrences.map((o) => o.date))];
  const runs: ReportScope["occurrences"][] = [];
  for (let i = 0; i < dates.length; i += size) {
    const wanted = new Set(dates.slice(i, i + size));
    runs.push(occurrences.filter((o) => wanted.has(o.date)));
  }
  return runs;
}

/**
 * GET /api/reports/sis-export: one row per student per Focus Block date (docs/design/reports.md#sis-export). The
 * lines are read SIS_DATES_PER_READ dates at a time while the download is sent (a year of a
 * large school is 53 MB, and was all in memory): the names first, then one statement per run of dates.
 * Each run covers whole dates and reckons the students' first dates the same way (the first
 * occurrence after their account was made), so the file is the one a single statement gave.
 */
export async function sisExport(db: Db, reach: Reach, query: SisExportQuery, now: Date) {
  const { scope, timezone } = await scopeOf(db, reach, query, now);
  const pieces = sisPieces(await reportPeople(db, scope));
  const runs = byDates(scope.occurrences, SIS_DATES_PER_READ);
  const lines = (async function* () {
    for (const occurrences of runs) {
      const texts = await sisExportTexts(db, { ...scope, occurrences }, pieces);
      yield texts.map((text) => sisCheckInTimes(text, timezone)).join("\r\n");
    }
  })();
  return csvFile(csvStreamAsync(SIS_CSV, lines), fileName("sis-export", scope.from, scope.to));
}
