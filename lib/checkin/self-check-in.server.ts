import "server-only";
import type { Db } from "@/db";
import { checkInCalendar, checkInsOfStudents, insertCheckIns, type CheckInStudentRow } from "@/db/queries/checkin";
import { settingValues } from "@/db/queries/settings";
import { ApiError } from "@/lib/api/errors.server";
import { typedValue } from "@/lib/settings/service.server";
import { instantClockLabel, schoolInstant, schoolToday } from "@/lib/core/time";
import { presentCheckInBlock, presentCheckInStudent } from "./present";
import { focusBlockOn } from "./rules";
import type { SelfCheckInDayView, SelfCheckInResult } from "./answers";

/**
 * What students checking themselves in share (a code on their profile, or a kiosk by the door):
 * today's Focus Block in the school's zone, the window in which it accepts them (the settings
 * `air-check-in-minutes-before` and `-after` around the block), and recording one ledger row with
 * method 'air' against the teacher, idempotently (the ledger's unique key does the work).
 */
export const NO_FOCUS_BLOCK_TODAY = "There is no Focus Block today.";
export const AIR_OFF = "Air Check-in is turned off for this school.";

export interface SelfCheckInDay {
  timezone: string;
  today: string;
  block: NonNullable<ReturnType<typeof focusBlockOn>>;
  opensAt: Date;
  closesAt: Date;
}

/** Today's Focus Block and its self check-in window; 422 no_focus_block, 403 when Air Check-in is off. */
export async function selfCheckInDay(db: Db, now: Date): Promise<SelfCheckInDay> {
  const [calendar, rows] = await Promise.all([
    checkInCalendar(db),
    settingValues(db, ["air-check-in", "air-check-in-minutes-before", "air-check-in-minutes-after"]),
  ]);
  const setting = new Map(rows.map((row) => [row.key, typedValue(row.type, row.value)]));
  if (setting.get("air-check-in") === false) throw new ApiError(403, "air_check_in_off", AIR_OFF);
  const timezone = calendar.timezone || "UTC";
  const today = schoolToday(timezone, now);
  const block = focusBlockOn(calendar, today);
  if (!block) throw new ApiError(422, "no_focus_block", NO_FOCUS_BLOCK_TODAY);
  const minutes = (key: string, fallback: number) => {
    const value = Number(setting.get(key) ?? fallback);
    return Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  const opensAt = new Date(schoolInstant(today, block.start, timezone).getTime() - minutes("air-check-in-minutes-before", 5) * 60_000);
  const closesAt = new Date(schoolInstant(today, block.end, timezone).getTime() + minutes("air-check-in-minutes-after", 0) * 60_000);
  return { timezone, today, block, opensAt, closesAt };
}

/** 409 unless now is inside the day's self check-in window. */
export function assertSelfCheckInOpen(day: SelfCheckInDay, now: Date) {
  if (now.getTime() < day.opensAt.getTime()) {
    throw new ApiError(
      409,
      "check_in_not_open",
      `Check-in for the Focus Block opens at ${instantClockLabel(day.opensAt, day.timezone)}.`,
    );
  }
  if (selfCheckInClosed(day, now)) throw new ApiError(409, "check_in_closed", selfCheckInClosedMessage(day));
}

/** Whether the day's self check-in window (code or kiosk) has closed. */
export const selfCheckInClosed = (day: SelfCheckInDay, now: Date) => now.getTime() > day.closesAt.getTime();

/** "Check-in for today's Focus Block closed at 10:06 AM (it was open from 9:21 AM to 10:06 AM). Please see your teacher." */
export function selfCheckInClosedMessage(day: SelfCheckInDay) {
  const opens = instantClockLabel(day.opensAt, day.timezone);
  const closes = instantClockLabel(day.closesAt, day.timezone);
  return `Check-in for today's Focus Block closed at ${closes} (it was open from ${opens} to ${closes}). Please see your teacher.`;
}

export function presentSelfCheckInDay(day: SelfCheckInDay): SelfCheckInDayView {
  return {
    date: day.today,
    block: presentCheckInBlock(day.block),
    opens_at: day.opensAt.toISOString(),
    closes_at: day.closesAt.toISOString(),
    opens: instantClockLabel(day.opensAt, day.timezone),
    closes: instantClockLabel(day.closesAt, day.timezone),
  };
}

export type { SelfCheckInResult };

/**
 * Records the student with method 'air' against the teacher's Focus Block today, once, audited with how
 * (a code or a kiosk). A second attempt answers already_checked_in about the student's own row only
 * (never anyone else's).
 */
export async function recordSelfCheckIn(
  db: Db,
  day: SelfCheckInDay,
  target: { staff_id: number; checked_in_by: number | null; teacherName: string },
  student: CheckInStudentRow,
  now: Date,
  how: { via: "air_code" | "kiosk"; details?: Record<string, unknown> },
): Promise<SelfCheckInResult> {
  const name = presentCheckInStudent(student);
  const block = presentCheckInBlock(day.block);
  const [inserted] = await insertCheckIns(
    db,
    { block_id: day.block.block_id, date: day.today, staff_id: target.staff_id, checked_in_by: target.checked_in_by },
    [{ student_id: student.id, method: "air", checked_in_at: now }],
    now,
    { via: how.via, details: { teacher: target.teacherName, block: day.block.label, ...how.details } },
  );
  if (inserted) {
    return {
      status: "checked_in",
      message: `You're checked in to ${target.teacherName}'s Focus Block.`,
      student: name,
      time: instantClockLabel(now, day.timezone),
      block,
    };
  }
  const [existing] = await checkInsOfStudents(db, day.block.block_id, day.today, [student.id]);
  const at = existing ? instantClockLabel(existing.checked_in_at, day.timezone) : instantClockLabel(now, day.timezone);
  return {
    status: "already_checked_in",
    message: `You were already checked in for today's Focus Block at ${at}.`,
    student: name,
    time: at,
    block,
  };
}
