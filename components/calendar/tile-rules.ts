import type {
  Appointment,
  Log,
  ScheduledTeacher,
  ScheduledTopic,
  StaffScheduleBlock,
  StudentScheduleBlock,
} from "@/lib/core/schedule/types";
import { capCount } from "@/components/ui/badge";
import {
  appointmentsMissed,
  appointmentStatus,
  attendanceStatus,
  logKeepsAppointment,
  planStatus,
  scheduledTeacherStatus,
  type AttendanceStatus,
  type ItemStatus,
} from "@/lib/core/attendance/rules";

/**
 * The calendar's display rules (spec §4): a tile's status, title, memo and badge, and the
 * pending / success / fail state of appointment and plan items. Pure, so they are unit tested. What is
 * attended, missed or void is decided by lib/core/attendance/rules.ts, the rules the reports use too.
 */
export type StudentTileStatus = AttendanceStatus;
export type StaffTileStatus = "missed" | "topic" | "pending";

export interface TileView<S extends string> {
  status: S;
  title: string;
  memo: string | null;
  /** Palette colour name when the status is "topic". */
  color: string | null;
  badge: string | null;
}

export const NO_SCHEDULE = "No Schedule";
export const BLOCK_AMENDED = "Block Amended";
/** Said of a phone's day tab whose day still has a Focus Block without a teacher chosen. */
export const STILL_TO_CHOOSE = "still to choose";

/** The words the rules put on a tile, in the page's language (use-tile-words.ts); English by default. */
export interface TileWords {
  noSchedule: string;
  blockAmended: string;
  unavailable: string;
  /** "3 planned". */
  planned: (count: number) => string;
  /** "Appointment: retake", or "Appointment" without a memo. */
  appointment: (memo: string) => string;
  stillToChoose: string;
}

export const ENGLISH_TILE_WORDS: TileWords = {
  noSchedule: NO_SCHEDULE,
  blockAmended: BLOCK_AMENDED,
  unavailable: "Unavailable",
  planned: (count) => `${count} planned`,
  appointment: (memo) => (memo ? `Appointment: ${memo}` : "Appointment"),
  stillToChoose: STILL_TO_CHOOSE,
};

/** The appointment badge: nothing at 0, the count up to 9, then "9+". */
export function badgeLabel(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return capCount(Math.floor(count));
}

export { appointmentStatus, planStatus, scheduledTeacherStatus };
export type { ItemStatus };

/** A log made by the appointment's staff member (and, when both name one, for the same student). */
export const logMatchesAppointment: (log: Log, appointment: Appointment) => boolean = logKeepsAppointment;

export function isScheduledTopic(scheduled: StaffScheduleBlock["scheduled"]): scheduled is ScheduledTopic {
  return !!scheduled && "topic" in scheduled && !!scheduled.topic && "block_id" in scheduled;
}

export function isScheduledTeacher(
  scheduled: StudentScheduleBlock["scheduled"],
): scheduled is ScheduledTeacher {
  return !!scheduled && "initials" in scheduled;
}

/**
 * Staff calendar: missed when the block is past, an appointment exists and no log matches that
 * appointment's staff; the topic's colour on a flex block with a topic; otherwise pending.
 */
export function staffTileStatus(block: StaffScheduleBlock): StaffTileStatus {
  if (appointmentsMissed(block)) return "missed";
  if (block.flex && isScheduledTopic(block.scheduled)) return "topic";
  return "pending";
}

export function staffTile(block: StaffScheduleBlock, words: TileWords = ENGLISH_TILE_WORDS): TileView<StaffTileStatus> {
  const status = staffTileStatus(block);
  const topic = block.flex && isScheduledTopic(block.scheduled) ? block.scheduled.topic : null;
  let title: string;
  if (block.flex) title = topic ? topic.memo : words.noSchedule;
  else title = block.scheduled && "name" in block.scheduled ? block.scheduled.name : block.label;
  let memo: string | null = null;
  if (topic?.unavailable) memo = words.unavailable;
  else if (block.flex && block.planned.length > 0) memo = words.planned(block.planned.length);
  return {
    status,
    title,
    memo,
    color: status === "topic" && topic ? topic.color : null,
    badge: badgeLabel(block.appointments.length),
  };
}

/**
 * Student calendar: void when amended ('Block Amended'), attended with a log, pending, else missed
 * (a past class without a log is "past": attendance is only taken in flex blocks, and only while the
 * student attends: `attending` false is never missed). lib/core/attendance/rules.ts.
 */
export function studentTileStatus(block: StudentScheduleBlock): StudentTileStatus {
  return attendanceStatus({
    amended: block.amendments.length > 0,
    logged: block.logs.length > 0,
    pending: block.pending,
    outside: block.attending === false,
    flex: block.flex,
  });
}

export function studentTile(block: StudentScheduleBlock, words: TileWords = ENGLISH_TILE_WORDS): TileView<StudentTileStatus> {
  const status = studentTileStatus(block);
  const badge = badgeLabel(block.appointments.length);
  if (status === "void") return { status, title: words.blockAmended, memo: null, color: null, badge };
  const log = block.logs[0];
  let title: string;
  let memo: string | null = null;
  if (block.flex) {
    const teacher = isScheduledTeacher(block.scheduled) ? block.scheduled : null;
    const appointment = block.appointments[0];
    if (log?.staff) {
      title = log.staff.name;
      memo = log.topic?.memo ?? null;
    } else if (appointment) {
      // The student goes to the appointment, whatever was planned: its teacher, and its memo.
      title = appointment.staff.name;
      memo = words.appointment(appointment.memo);
    } else if (teacher) {
      title = teacher.name;
      memo = teacher.topic?.memo ?? null;
    } else title = words.noSchedule;
  } else {
    title = block.scheduled?.name ?? block.label;
  }
  return { status, title, memo: memo || null, color: null, badge };
}

/**
 * A Focus Block the student still has to choose a teacher for: a flex block not yet over, with no
 * teacher planned, no appointment and no amendment (what /profile's to-do counts).
 */
export function stillToChoose(block: StudentScheduleBlock): boolean {
  return (
    block.flex &&
    block.pending &&
    !block.scheduled &&
    block.appointments.length === 0 &&
    block.amendments.length === 0
  );
}

/** The phone's day-tab mark of a student's day: "still to choose" when any of its blocks is, else null. */
export function studentDayMark(day: { blocks: StudentScheduleBlock[] }, words: TileWords = ENGLISH_TILE_WORDS): string | null {
  return day.blocks.some(stillToChoose) ? words.stillToChoose : null;
}
