import type { Db } from "@/db";
import {
  checkInsOfStudents,
  checkInsRecordedBy,
  checkInCalendar,
  insertCheckIns,
  plansWithStaff,
  studentsById,
  studentsByNumber,
  type CheckInMethod,
  type CheckInStudentRow,
  type FlexMeeting,
  type LedgerRow,
  type Recorder,
} from "@/db/queries/checkin";
import { ApiError, invalid } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import {
  addDays,
  dayLabel,
  dayOfWeek,
  parseSchoolDate,
  schoolDateOf,
  schoolToday,
  timestampString,
} from "@/lib/time";
import type { CheckInBody } from "./schemas";
import { presentCheckInBlock, presentCheckInStudent, presentLedgerEntry, type LedgerEntry } from "./present";

export const NO_FOCUS_BLOCK = "No Focus Block on this date.";
const FOCUS_BLOCK_LABEL = "Focus Block";

/**
 * The check-in block of a date (design.md §4): the flex block meeting on its weekday, preferring the
 * one labelled 'Focus Block', then the earliest start. Null when no flex block meets that day.
 */
export function focusBlockOn(meetings: readonly FlexMeeting[], date: string): FlexMeeting | null {
  const weekday = dayOfWeek(date);
  const candidates = meetings.filter((m) => m.day_of_week === weekday);
  candidates.sort(
    (a, b) =>
      Number(b.label === FOCUS_BLOCK_LABEL) - Number(a.label === FOCUS_BLOCK_LABEL) ||
      a.start.localeCompare(b.start) ||
      a.block_id - b.block_id,
  );
  return candidates[0] ?? null;
}

/** The nearest date before or after (step −1 or +1) that has a Focus Block; a plain day step when none ever meets. */
export function adjacentCheckInDate(meetings: readonly FlexMeeting[], date: string, step: 1 | -1): string {
  const weekdays = new Set(meetings.map((m) => m.day_of_week));
  for (let days = 1; days <= 7 && weekdays.size > 0; days++) {
    const candidate = addDays(date, step * days);
    if (weekdays.has(dayOfWeek(candidate))) return candidate;
  }
  return addDays(date, step);
}

/**
 * original-behaviour §3.1: roll call by id or manual entry, unless the entry was captured on another
 * school day than the block's: after it is retroactive (in arrears), before it is proactive.
 */
export function checkInMethod(
  base: "manual" | "roll-call",
  capturedAt: Date,
  date: string,
  timezone: string,
): CheckInMethod {
  const captured = schoolDateOf(capturedAt, timezone);
  if (captured > date) return "retroactive";
  if (captured < date) return "proactive";
  return base;
}

/** The time zone (the `timezone` setting, UTC when unset) and the flex meetings, in one statement. */
async function calendarOf(db: Db) {
  const { timezone, meetings } = await checkInCalendar(db);
  return { timezone: timezone || "UTC", meetings };
}

function readDate(input: string | null | undefined, timezone: string, today: string): string {
  if (input == null || input.trim() === "") return today;
  const date = parseSchoolDate(input, timezone);
  if (!date) throw invalid({ date: ["That date is not valid."] });
  return date;
}

/** Whose entries are "mine": staff by staff id; a sysadmin (no staff row) by user id. */
const recorderOf = (user: Principal): Recorder =>
  user.staff ? { staff_id: user.staff.id } : { user_id: user.user.id };

function recordedBy(row: Pick<LedgerRow, "staff_id" | "checked_in_by">, recorder: Recorder): boolean {
  return "staff_id" in recorder
    ? row.staff_id === recorder.staff_id
    : row.staff_id === null && row.checked_in_by === recorder.user_id;
}

/**
 * GET /api/check-in/status[/{date}]: the day's Focus Block with the students planned with the caller
 * and not yet checked in, and the caller's ledger. A planned student someone else already checked in
 * is not "scheduled" any more: the row moves to ledger_entries, marked `by_other_staff`.
 * Statements: the calendar (zone and flex meetings), then the caller's ledger and plans side by side.
 */
export async function checkInStatus(db: Db, user: Principal, dateInput: string | undefined, now: Date) {
  const { timezone, meetings } = await calendarOf(db);
  const today = schoolToday(timezone, now);
  const date = readDate(dateInput, timezone, today);
  const block = focusBlockOn(meetings, date);
  const blocks = [];
  if (block) {
    const staffId = user.staff?.id;
    const [own, plans] = await Promise.all([
      checkInsRecordedBy(db, recorderOf(user), block.block_id, date),
      staffId ? plansWithStaff(db, staffId, block.block_id, date) : Promise.resolve([]),
    ]);
    const ledger = own.map((row) => presentLedgerEntry(row, timezone));
    const elsewhere = plans.flatMap((plan) =>
      plan.check_in && !recordedBy(plan.check_in, recorderOf(user))
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
    date: dayLabel(date, today),
    blocks,
    next: adjacentCheckInDate(meetings, date, 1),
    previous: adjacentCheckInDate(meetings, date, -1),
    today,
  };
}
export type CheckInStatus = Awaited<ReturnType<typeof checkInStatus>>;

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
 * POST /api/check-in: records a batch of scanned or typed entries against the date's Focus Block.
 * Every entry is resolved in one statement and the ledger rows are written in one statement, in one
 * transaction; a student already checked in for that block and date (by anyone) is reported in
 * `already_checked_in` and not recorded twice. Unresolved entries come back in `errors`, as sent.
 * A sysadmin may check students in too (staff_id stays null, checked_in_by names them).
 */
export async function checkIn(db: Db, user: Principal, body: CheckInBody, now: Date) {
  const { timezone, meetings } = await calendarOf(db);
  const date = readDate(body.date, timezone, schoolToday(timezone, now));
  const block = focusBlockOn(meetings, date);
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
    const inserted = new Map((await insertCheckIns(tx, target, rows)).map((row) => [row.student_id, row.id]));
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
      date,
      block: presentCheckInBlock(block),
    };
  });
}
export type CheckInResult = Awaited<ReturnType<typeof checkIn>>;
