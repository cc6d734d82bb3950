import { z } from "zod";
import { personRefAnswer } from "@/lib/core/schedule/types";

/** The attendance report's JSON answers as zod schemas; the presenters' types are inferred from them. */

/** A student's counts over the range (`student_number` null where the viewer may not see it). */
export const studentReportEntryAnswer = z.object({
  student: z.object({ id: z.number(), student_number: z.string().nullable(), name: z.string(), grade: z.number() }),
  attended: z.number(),
  missed: z.number(),
  excused: z.number(),
  /** Attended over attended and missed; null when neither. */
  attendance_rate: z.number().nullable(),
  appointments: z.number(),
  missed_appointments: z.number(),
});
export type StudentReportEntry = z.infer<typeof studentReportEntryAnswer>;

/** A teacher's Focus Blocks over the range. */
export const teacherReportEntryAnswer = z.object({
  teacher: personRefAnswer,
  blocks: z.number(),
  planned: z.number(),
  attended: z.number(),
  appointments: z.number(),
  appointments_kept: z.number(),
  checked_in: z.number(),
  capacity: z.number(),
  /** The seats the teacher offered: capacity × the ended Focus Blocks they took students in. */
  seats: z.number(),
  /** Planned students over the seats offered; null with no seats. */
  capacity_used: z.number().nullable(),
});
export type TeacherReportEntry = z.infer<typeof teacherReportEntryAnswer>;

/** A day's counts over the students in scope. */
export const dayReportEntryAnswer = z.object({
  date: z.string(),
  attended: z.number(),
  missed: z.number(),
  excused: z.number(),
  attendance_rate: z.number().nullable(),
});
export type DayReportEntry = z.infer<typeof dayReportEntryAnswer>;

/** One of a student's blocks (the drill-down, with `student_id`). */
export const studentBlockEntryAnswer = z.object({
  date: z.string(),
  /** attended, missed or excused once counted; pending or past otherwise. */
  status: z.enum(["attended", "missed", "excused", "pending", "past"]),
  teacher: z.string().nullable(),
  method: z.string().nullable(),
  /** The check-in's capture time in the school's zone (`2026-03-18T09:41:00-07:00`). */
  checked_in_at: z.string().nullable(),
  planned_with: z.string().nullable(),
  appointment: z.object({ teacher: z.string(), memo: z.string(), kept: z.boolean() }).nullable(),
  amendment: z.string().nullable(),
});
export type StudentBlockEntry = z.infer<typeof studentBlockEntryAnswer>;

const reportHead = {
  from: z.string(),
  to: z.string(),
  group_by: z.enum(["student", "teacher", "day"]),
  /** Focus Block occurrences in the range. */
  focus_blocks: z.number(),
};

/** GET /api/reports/attendance (JSON): the rows of the view asked for (`group_by`), and one student's blocks with `student_id`. */
export const attendanceReportAnswer = z.union([
  z.object({ ...reportHead, rows: z.array(studentReportEntryAnswer), blocks: z.array(studentBlockEntryAnswer).optional() }),
  z.object({ ...reportHead, rows: z.array(teacherReportEntryAnswer) }),
  z.object({ ...reportHead, rows: z.array(dayReportEntryAnswer) }),
]);
export type AttendanceReportAnswer = z.infer<typeof attendanceReportAnswer>;
