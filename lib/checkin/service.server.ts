import "server-only";
import type { Db } from "@/db";
import {
  checkInsOfStudents,
  checkInCalendar,
  insertCheckIns,
  studentsById,
  studentsByNumber,
  type CheckInMethod,
  type CheckInStudentRow,
  type LedgerRow,
  type Recorder,
} from "@/db/queries/checkin";
import { claimSubmission, recordElsewhereScans, storeSubmissionResponse } from "@/db/queries/checkin-offline";
import { checkInStatusRows, type CheckInStatusRows } from "@/db/queries/checkin-status";
import { ApiError, invalid } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import { withinSchoolYear } from "@/lib/schedule/occurrence.server";
import { dayLabel, parseSchoolDate, schoolDateOf, schoolToday, timestampString } from "@/lib/core/time";
import { staffName } from "@/lib/people/names";
import { alreadyCheckedInMessage, shortStaffName } from "./elsewhere-rules";
import type { CheckInSubmitBody } from "./offline-schemas";
import { adjacentCheckInDate, checkInMethod, focusBlockOn, NO_FOCUS_BLOCK } from "./rules";
import type { CheckInBody } from "./schemas";
import { presentCheckInBlock, presentCheckInStudent, presentLedgerEntry, type LedgerEntry } from "./present";
import type { AlreadyWithMessage, CheckInAnswer, CheckInStatus } from "./answers";

export { NO_FOCUS_BLOCK };

/** The time zone (the `timezone` setting, UTC when unset), the school year and the flex meetings, in one statement. */
async function calendarOf(db: Db) {
  const calendar = await checkInCalendar(db);
  return { ...calendar, timezone: calendar.timezone || "UTC" };
}

export const OUTSIDE_SCHOOL_YEAR = "That date is outside the school year.";
export const CAPTURED_OUTSIDE_SCHOOL_YEAR =
  "The entry's time is outside the school year. Check this device's clock.";

/**
 * Check-ins belong to the school year (docs/design/time.md#check-ins-belong-to-the-school-year): the date, and each entry's capture time read in
 * the school's zone, must fall between `start_datetime` and `end_datetime`. A capture time of 1970 or
 * 9999 is a broken client clock, not attendance.
 */
function assertWithinSchoolYear(
  body: CheckInBody,
  date: string,
  calendar: { timezone: string; yearStart: string | null; yearEnd: string | null },
) {
  const inYear = (day: string) =>
    withinSchoolYear(day, { yearStart: calendar.yearStart ?? "", yearEnd: calendar.yearEnd ?? "" });
  if (!inYear(date))
    throw new ApiError(422, "outside_school_year", OUTSIDE_SCHOOL_YEAR, { date: [OUTSIDE_SCHOOL_YEAR] });
  const errors: Record<string, string[]> = {};
  body.chips.forEach((chip, index) => {
    if (chip.timestamp && !inYear(schoolDateOf(chip.timestamp, calendar.timezone))) {
      errors[`chips.${index}.timestamp`] = [CAPTURED_OUTSIDE_SCHOOL_YEAR];
    }
  });
  if (Object.keys(errors).length > 0) throw invalid(errors, CAPTURED_OUTSIDE_SCHOOL_YEAR);
}

function readDate(input: string | null | undefined, timezone: string, today: string): string {
  if (input == null || input.trim() === "") return today;
  const date = parseSchoolDate(input, timezone);
  if (!date) throw invalid({ date: ["That date is not valid."] });
  return date;
}

/** Whose entries are "mine": staff by staff id; a sysadmin (no staff row) by user id. */
export const recorderOf = (user: Principal): Recorder =>
  user.staff ? { staff_id: user.staff.id } : { user_id: user.user.id };

function recordedBy(row: Pick<LedgerRow, "staff_id" | "checked_in_by">, recorder: Recorder): boolean {
  return "staff_id" in recorder
    ? row.staff_id === recorder.staff_id
    : row.staff_id === null && row.checked_in_by === recorder.user_id;
}

/** A status date from the URL: a school date, or a zoned ISO instant read in the school's zone (in SQL). */
export function statusDateInput(input: string | undefined): { date: string | null; instant: Date | null } {
  const value = input?.trim() ?? "";
  if (value === "") return { date: null, instant: null };
  if (/T.*(Z|[+-]\d{2}:?\d{2})$/i.test(value)) {
    const instant = parseSchoolDate(value, "UTC") ? new Date(value) : null;
    if (!instant) throw invalid({ date: ["That date is not valid."] });
    return { date: null, instant };
  }
  const date = parseSchoolDate(value, "UTC"); // no zone needed for a calendar date
  if (!date) throw invalid({ date: ["That date is not valid."] });
  return { date, instant: null };
}

/**
 * GET /api/check-in/status[/{date}]: the day's Focus Block with the students planned with the caller
 * and not yet checked in, and the caller's ledger. A planned student someone else already checked in
 * is not "scheduled" any more: the row moves to ledger_entries, marked `by_other_staff`.
 * One statement besides the session look-up, whatever the data.
 */
export async function checkInStatus(db: Db, user: Principal, dateInput: string | undefined, now: Date) {
  const recorder = recorderOf(user);
  const rows = await checkInStatusRows(db, {
    ...statusDateInput(dateInput),
    now,
    recorder,
    staffId: user.staff?.id ?? null,
  });
  return presentCheckInStatus(rows, recorder);
}

/** The status answer from its rows (pure; the bench floor, scripts/bench/floor.ts, shapes with it too). */
export function presentCheckInStatus(rows: CheckInStatusRows, recorder: Recorder): CheckInStatus {
  const { timezone, date } = rows;
  const block = focusBlockOn(rows, date);
  const blocks = [];
  if (block) {
    const onBlock = <T extends { block_id: number }>(list: T[]) =>
      list.filter((r) => r.block_id === block.block_id);
    const plans = onBlock(rows.plans);
    const ledger = onBlock(rows.own).map((row) => presentLedgerEntry(row, timezone));
    const elsewhere = plans.flatMap((plan) =>
      plan.check_in && !recordedBy(plan.check_in, recorder)
        ? [presentLedgerEntry(plan.check_in, timezone, true)]
        : [],
    );
    blocks.push({
      block: presentCheckInBlock(block),
      planned: plans
        .filter((plan) => plan.check_in === null)
        .map((plan) => ({ id: plan.id, student: presentCheckInStudent(plan.student) })),
      ledger_entries: [...ledger, ...elsewhere].sort((a, b) =>
        b.checked_in_at.localeCompare(a.checked_in_at),
      ),
    });
  }
  return {
    date: dayLabel(date, rows.today),
    blocks,
    next: adjacentCheckInDate(rows, date, 1),
    previous: adjacentCheckInDate(rows, date, -1),
    today: rows.today,
    /**
     * Added to the spec's shape: false when no Focus Block meets on any day (a new school without its bell
     * schedule), so the screen says so instead of offering next and previous days that have none either.
     */
    focus_block_scheduled: rows.anyFlexMeeting,
  };
}
export type { CheckInStatus };

const MAX_INT = 2_147_483_647;

/** The lookup key of an entry: the exact (trimmed) student number, or a canonical id; null when it cannot match. */
function lookupKey(value: string, type: CheckInBody["type"]): string | null {
  if (type === "student_number") return value;
  if (!/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= MAX_INT ? String(id) : null;
}

export interface AlreadyCheckedIn {
  value: string;
  student: ReturnType<typeof presentCheckInStudent>;
  /** The existing ledger row; null only if another request recorded it a moment ago and it is not visible yet. */
  entry: LedgerEntry | null;
}

/**
 * Records a batch of scanned or typed entries against the date's Focus Block.
 * Every entry is resolved in one statement and the ledger rows are written in one statement, in one
 * transaction; a student already checked in for that block and date (by anyone) is reported in
 * `already_checked_in` and not recorded twice. Unresolved entries come back in `errors`, as sent.
 * A sysadmin may check students in too (staff_id stays null, checked_in_by names them).
 */
async function recordCheckIns(db: Db, user: Principal, body: CheckInBody, now: Date, replay = false) {
  const calendar = await calendarOf(db);
  const { timezone } = calendar;
  const date = readDate(body.date, timezone, schoolToday(timezone, now));
  assertWithinSchoolYear(body, date, calendar);
  const block = focusBlockOn(calendar, date);
  if (!block) throw new ApiError(422, "no_focus_block", NO_FOCUS_BLOCK);

  // Duplicate entries in one request count once (the first capture time wins).
  const entries = new Map<string, { value: string; key: string | null; capturedAt: Date }>();
  for (const chip of body.chips) {
    if (!entries.has(chip.value)) {
      entries.set(chip.value, {
        value: chip.value,
        key: lookupKey(chip.value, body.type),
        capturedAt: chip.timestamp ?? now,
      });
    }
  }
  const keys = [...new Set([...entries.values()].flatMap((e) => (e.key === null ? [] : [e.key])))];
  const base = body.type === "student_id" ? "roll-call" : "manual";
  const target = {
    block_id: block.block_id,
    date,
    staff_id: user.staff?.id ?? null,
    checked_in_by: user.user.id,
  };

  return db.transaction(async (tx) => {
    const found =
      body.type === "student_id"
        ? await studentsById(tx, keys.map(Number))
        : await studentsByNumber(tx, keys);
    const byKey = new Map(
      found.map((s) => [body.type === "student_id" ? String(s.id) : s.student_number, s]),
    );

    const errors: string[] = [];
    const wanted = new Map<
      number,
      { value: string; student: CheckInStudentRow; method: CheckInMethod; checked_in_at: Date }
    >();
    for (const entry of entries.values()) {
      const student = entry.key === null ? undefined : byKey.get(entry.key);
      if (!student) errors.push(entry.value);
      else if (!wanted.has(student.id)) {
        wanted.set(student.id, {
          value: entry.value,
          student,
          method: checkInMethod(base, entry.capturedAt, date, timezone),
          checked_in_at: entry.capturedAt,
        });
      }
    }

    const rows = [...wanted.values()].map((w) => ({
      student_id: w.student.id,
      method: w.method,
      checked_in_at: w.checked_in_at,
    }));
    const audit = {
      via: body.type === "student_id" ? ("scheduled_list" as const) : replay ? ("offline_replay" as const) : ("scan" as const),
      // The list the students go to: the teacher's (a sysadmin has none of their own).
      details: { teacher: user.staff ? staffName(user.staff) : null, block: block.label },
    };
    const inserted = new Map(
      (await insertCheckIns(tx, target, rows, now, audit)).map((row) => [row.student_id, row.id]),
    );
    const missed = [...wanted.keys()].filter((id) => !inserted.has(id));
    const existing = new Map(
      (await checkInsOfStudents(tx, block.block_id, date, missed)).map((row) => [row.student.id, row]),
    );

    const success: LedgerEntry[] = [];
    const already: AlreadyCheckedIn[] = [];
    for (const w of wanted.values()) {
      const id = inserted.get(w.student.id);
      if (id !== undefined) {
        const row: LedgerRow = {
          id,
          ...w,
          staff_id: target.staff_id,
          checked_in_by: user.user.id,
          staff: user.staff,
        };
        success.push(presentLedgerEntry(row, timezone));
      } else {
        const row = existing.get(w.student.id);
        already.push({
          value: w.value,
          student: presentCheckInStudent(w.student),
          entry: row ? presentLedgerEntry(row, timezone, !recordedBy(row, recorderOf(user))) : null,
        });
      }
    }
    return {
      success,
      errors,
      already_checked_in: already,
      timestamp_string: timestampString(now, timezone),
      /** Added to the spec's shape: the same instant as ISO text, for screens that write times as lists do. */
      timestamp: now.toISOString(),
      date,
      block: presentCheckInBlock(block),
    };
  });
}
export type CheckInResult = Awaited<ReturnType<typeof recordCheckIns>>;

export const SUBMISSION_TAKEN = "That submission id belongs to another account.";

export type { AlreadyWithMessage, CheckInAnswer };

/**
 * Students already checked in by someone else: remembered for the caller's Checked In list
 * ("checked in elsewhere") and explained: "Malik Patel was already checked in by Ms. Okafor at 10:04 AM".
 */
async function explainElsewhere(db: Db, user: Principal, result: CheckInResult): Promise<CheckInAnswer> {
  const elsewhere = result.already_checked_in.filter((item) => item.entry?.by_other_staff);
  if (elsewhere.length === 0) return result;
  const checkerIds = [
    ...new Set(elsewhere.flatMap((item) => (item.entry?.staff ? [item.entry.staff.id] : []))),
  ];
  const checkers = await recordElsewhereScans(
    db,
    { user_id: user.user.id, block_id: result.block.id, date: result.date },
    elsewhere.map((item) => item.student.id),
    checkerIds,
  );
  const names = new Map(checkers.map((c) => [c.id, shortStaffName(c)]));
  return {
    ...result,
    already_checked_in: result.already_checked_in.map((item) => {
      if (!item.entry?.by_other_staff) return item;
      const by = item.entry.staff ? (names.get(item.entry.staff.id) ?? item.entry.staff.name) : null;
      return {
        ...item,
        checked_in_by: by,
        message: alreadyCheckedInMessage(item.student.name, by, item.entry.time, item.entry.method),
      };
    }),
  };
}

/**
 * POST /api/check-in, the one way a check-in is recorded: the batch is recorded (recordCheckIns) and
 * students someone else had checked in are explained (explainElsewhere). With a client-generated
 * `submission_id` (the offline queue sends one), the first request checks in and stores its answer in
 * the same transaction; any repeat (a retry after a lost answer, or a concurrent duplicate, which waits
 * on the id's row) gets that stored answer and records nothing. A request that fails (4xx) stores
 * nothing, so its retry is judged afresh.
 */
export async function checkIn(
  db: Db,
  user: Principal,
  body: CheckInSubmitBody,
  now: Date,
): Promise<CheckInAnswer> {
  const { submission_id: submissionId, replay, ...request } = body;
  if (!submissionId) return explainElsewhere(db, user, await recordCheckIns(db, user, request, now, replay));
  return db.transaction(async (tx) => {
    const existing = await claimSubmission(tx, submissionId, user.user.id);
    if (existing) {
      if (existing.user_id !== user.user.id) throw new ApiError(409, "submission_taken", SUBMISSION_TAKEN);
      return existing.response as unknown as CheckInAnswer;
    }
    const answer = await explainElsewhere(tx, user, await recordCheckIns(tx, user, request, now, replay));
    await storeSubmissionResponse(tx, submissionId, answer as unknown as Record<string, unknown>);
    return answer;
  });
}
