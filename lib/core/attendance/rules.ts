/**
 * The attendance rules (spec §4), in one place for the calendar tiles (components/calendar/tile-rules.ts)
 * and the attendance reports (lib/reports, whose SQL is built from ATTENDANCE_RULES by lib/core/attendance/sql.server.ts).
 * Pure and free of server code, so the browser imports them too.
 */

/**
 * A student's block: void (amended), attended, still pending, missed (a flex block while the student
 * attends), or simply past.
 */
export type AttendanceStatus = "void" | "attended" | "pending" | "missed" | "past";
/** An appointment or plan after the block: pending while the block is, then kept (success) or not (fail). */
export type ItemStatus = "pending" | "success" | "fail";

/** What decides a student's status in one block on one date. */
export interface BlockFacts {
  /** An amendment names the student, or every student (a global amendment), for the block and date. */
  amended: boolean;
  /** A log (check-in) exists for the student, block and date, by any staff member. */
  logged: boolean;
  /** The block's end on that date is still ahead (lib/time isPending). */
  pending: boolean;
  /**
   * The date is outside the student's attendance: before attendance counts at the school (the
   * `attendance_from` setting), before the student attends from (`students.attends_from`, else the
   * date their account was created) or after they were archived (lib/core/attendance/period.ts). Nobody is
   * missed there; a log or an amendment still shows for what it is.
   */
  outside: boolean;
  /** Attendance is only taken in flex blocks: a past class without a log is "past", not "missed". */
  flex: boolean;
}

/**
 * The student's status, as an ordered table: the first fact that holds decides; when none does, OTHERWISE.
 * It is data rather than an if-chain so that the reports' SQL CASE is generated from the same table.
 */
export const ATTENDANCE_RULES = [
  { when: "amended", status: "void" },
  { when: "logged", status: "attended" },
  { when: "pending", status: "pending" },
  { when: "outside", status: "past" },
  { when: "flex", status: "missed" },
] as const satisfies readonly { when: keyof BlockFacts; status: AttendanceStatus }[];
export const OTHERWISE: AttendanceStatus = "past";

export function attendanceStatus(facts: BlockFacts): AttendanceStatus {
  for (const rule of ATTENDANCE_RULES) if (facts[rule.when]) return rule.status;
  return OTHERWISE;
}

/** The statuses a report counts: a void block is "excused by amendment"; pending and past are not counted. */
export const COUNTED = { attended: "attended", missed: "missed", void: "excused" } as const;
export type CountedStatus = keyof typeof COUNTED;
export const isCounted = (status: AttendanceStatus): status is CountedStatus => status in COUNTED;

/** The SIS export's words for the counted statuses. */
export const SIS_STATUS: Record<CountedStatus, "present" | "absent" | "excused"> = {
  attended: "present",
  missed: "absent",
  void: "excused",
};

/** Attended share of the blocks that were attended or missed (excused blocks count for neither); null without any. */
export function attendanceRate(attended: number, missed: number): number | null {
  const total = attended + missed;
  return total > 0 ? attended / total : null;
}

interface Ref {
  id: number;
}
/** The parts of a log (ledger row) the rules read. */
export interface LogFacts {
  staff: Ref | null;
  student?: Ref | null;
}
/** The parts of an appointment the rules read. */
export interface AppointmentFacts {
  staff: Ref;
  student?: Ref | null;
}

/** A log keeps an appointment when the appointment's staff member made it (for the same student when both name one). */
export function logKeepsAppointment(log: LogFacts, appointment: AppointmentFacts): boolean {
  if (!log.staff || log.staff.id !== appointment.staff.id) return false;
  return !log.student || !appointment.student || log.student.id === appointment.student.id;
}

/** Pending while the block is pending; afterwards success if a log keeps it, else fail (a missed appointment). */
export function appointmentStatus(appointment: AppointmentFacts, pending: boolean, logs: readonly LogFacts[]): ItemStatus {
  if (pending) return "pending";
  return logs.some((log) => logKeepsAppointment(log, appointment)) ? "success" : "fail";
}

/** A plan (the teacher's view): success once that student has a log in the block, by anyone. */
export function planStatus(plan: { student: Ref }, pending: boolean, logs: readonly LogFacts[]): ItemStatus {
  if (pending) return "pending";
  return logs.some((log) => log.student?.id === plan.student.id) ? "success" : "fail";
}

/** The student's planned teacher: success once that teacher logged them. */
export function scheduledTeacherStatus(teacherId: number, pending: boolean, logs: readonly LogFacts[]): ItemStatus {
  if (pending) return "pending";
  return logs.some((log) => log.staff?.id === teacherId) ? "success" : "fail";
}

/** The staff calendar's "missed": the block is past and one of its appointments was not kept. */
export function appointmentsMissed(
  block: { pending: boolean; appointments: readonly AppointmentFacts[]; logs: readonly LogFacts[] },
): boolean {
  return block.appointments.some((a) => appointmentStatus(a, block.pending, block.logs) === "fail");
}
