import type {
  AttendanceCellRow,
  DayReportRow,
  ReportPeople,
  SisPieces,
  StudentReportRow,
  TeacherReportRow,
} from "@/db/queries/reports";
import { attendanceRate, COUNTED, isCounted, logKeepsAppointment, SIS_STATUS } from "@/lib/core/attendance/rules";
import { staffName, studentName } from "@/lib/people/names";
import { presentStaffRef } from "@/lib/people/present-person";
import { schoolTimestampOf } from "@/lib/school-clock";
import { csvCells } from "./csv";
import type { DayReportEntry, StudentBlockEntry, StudentReportEntry, TeacherReportEntry } from "./answers";

export type { DayReportEntry, StudentBlockEntry, StudentReportEntry, TeacherReportEntry };

/** The JSON rows of each report view, and their CSV columns. */

export function presentStudentRow(row: StudentReportRow): StudentReportEntry {
  return {
    student: {
      id: row.id,
      student_number: row.student_number,
      name: studentName(row),
      grade: row.grade,
    },
    attended: row.attended,
    missed: row.missed,
    excused: row.excused,
    attendance_rate: attendanceRate(row.attended, row.missed),
    appointments: row.appointments,
    missed_appointments: row.missed_appointments,
  };
}

export function presentTeacherRow(row: TeacherReportRow): TeacherReportEntry {
  const seats = row.capacity * row.offered_blocks;
  return {
    teacher: presentStaffRef(row),
    blocks: row.blocks,
    planned: row.planned,
    attended: row.attended,
    appointments: row.appointments,
    appointments_kept: row.appointments_kept,
    checked_in: row.checked_in,
    capacity: row.capacity,
    /**
     * The seats the teacher offered: capacity × the ended Focus Blocks they took students in (not before
     * their account existed or after it was locked, not a block voided for everyone or one they marked
     * unavailable). Counting every Focus Block of the range made 27 of 30 seats read 45 % when the
     * range held a block from before the teacher was imported.
     */
    seats,
    /** Planned students over the seats offered; null with no seats. */
    capacity_used: seats > 0 ? row.planned / seats : null,
  };
}

export function presentDayRow(row: DayReportRow): DayReportEntry {
  return { ...row, attendance_rate: attendanceRate(row.attended, row.missed) };
}

/** `2026-03-18T09:41:00-07:00`: the check-in's capture time (to the second) in the school's zone (lib/school-clock). */
export const schoolIsoTime = schoolTimestampOf;

/** The teacher of a cell: who checked the student in, else the appointment's staff, else the plan's. */
const teacherOf = (cell: AttendanceCellRow) => cell.logged_by ?? cell.appointment ?? cell.planned_with;

/** One of a student's blocks (the drill-down). */
export function presentStudentBlock(cell: AttendanceCellRow, timezone: string): StudentBlockEntry {
  const teacher = teacherOf(cell);
  return {
    date: cell.date,
    status: isCounted(cell.status) ? COUNTED[cell.status] : cell.status,
    teacher: teacher ? staffName(teacher) : null,
    method: cell.method,
    checked_in_at: cell.checked_in_at ? schoolIsoTime(cell.checked_in_at, timezone) : null,
    planned_with: cell.planned_with ? staffName(cell.planned_with) : null,
    appointment: cell.appointment
      ? {
          teacher: staffName(cell.appointment),
          memo: cell.appointment.memo,
          kept: logKeepsAppointment({ staff: cell.logged_by }, { staff: cell.appointment }),
        }
      : null,
    amendment: cell.amendment_memo,
  };
}

const percent = (rate: number | null) => (rate === null ? "" : Math.round(rate * 1000) / 10);

export const STUDENT_CSV = [
  "student_number",
  "student_name",
  "grade",
  "attended",
  "missed",
  "excused",
  "attendance_rate_percent",
  "appointments",
  "missed_appointments",
];
export const studentCsvRow = (e: StudentReportEntry) => [
  e.student.student_number,
  e.student.name,
  e.student.grade,
  e.attended,
  e.missed,
  e.excused,
  percent(e.attendance_rate),
  e.appointments,
  e.missed_appointments,
];

export const TEACHER_CSV = [
  "teacher",
  "focus_blocks",
  "planned",
  "attended",
  "appointments",
  "appointments_kept",
  "checked_in",
  "capacity",
  "capacity_used_percent",
  "seats",
];
export const teacherCsvRow = (e: TeacherReportEntry) => [
  e.teacher.name,
  e.blocks,
  e.planned,
  e.attended,
  e.appointments,
  e.appointments_kept,
  e.checked_in,
  e.capacity,
  percent(e.capacity_used),
  e.seats,
];

export const DAY_CSV = ["date", "attended", "missed", "excused", "attendance_rate_percent"];
export const dayCsvRow = (e: DayReportEntry) => [e.date, e.attended, e.missed, e.excused, percent(e.attendance_rate)];

export const BLOCK_CSV = [
  "date",
  "status",
  "teacher",
  "method",
  "check_in_time",
  "planned_with",
  "appointment_with",
  "appointment_memo",
  "appointment_kept",
  "amendment",
];
export const blockCsvRow = (e: StudentBlockEntry) => [
  e.date,
  e.status,
  e.teacher,
  e.method,
  e.checked_in_at,
  e.planned_with,
  e.appointment?.teacher,
  e.appointment?.memo,
  e.appointment ? e.appointment.kept : null,
  e.amendment,
];

/** The SIS export (documented in docs/design/reports.md#sis-export): one row per student per Focus Block date. */
export const SIS_CSV = ["date", "student_number", "student_name", "status", "method", "teacher", "check_in_time"];

/**
 * The pieces of the SIS export's lines that csv-stringify encodes (quoting, formula escaping): each
 * student's number and name, each teacher's name, the status words; the lines themselves are put
 * together by the database (db/queries/reports.ts sisExportTexts).
 */
export function sisPieces(people: ReportPeople): SisPieces {
  const status: Record<string, string> = {};
  for (const [counted, word] of Object.entries(SIS_STATUS)) status[counted] = csvCells([word]);
  return {
    students: Object.fromEntries(people.students.map((s) => [s.id, csvCells([s.student_number, studentName(s)])])),
    staff: Object.fromEntries(people.staff.map((t) => [t.id, csvCells([staffName(t)])])),
    status,
    amendment: csvCells(["amendment"]),
  };
}

/**
 * A run of SIS export lines from the database with each line's last cell, the check-in instant in
 * seconds since 1970, written as the school's time (`2026-03-18T09:41:00-07:00`): digits and -T:+,
 * nothing to quote or escape. A line whose last cell is empty (no check-in) is left as it is. Names
 * are one line (lib/api/schemas.ts text), so each CRLF ends a line.
 */
export const sisCheckInTimes = (text: string, timezone: string) =>
  text.replace(/,(\d+)(?=\r\n|$)/g, (_, seconds: string) => `,${schoolIsoTime(new Date(Number(seconds) * 1000), timezone)}`);
