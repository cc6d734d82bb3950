import type { CheckInStudentRow, FlexMeeting, LedgerRow } from "@/db/queries/checkin";
import type { ElsewhereRow } from "@/db/queries/checkin-offline";
import { staffName, studentName } from "@/lib/people/names";
import { clockLabel, instantClockLabel } from "@/lib/core/time";
import { shortStaffName } from "./elsewhere-rules";
import type { CheckInBlock, CheckInStudent, LedgerEntry } from "./answers";

export type { CheckInBlock, CheckInStudent, LedgerEntry };

/** The student inside check-in payloads: enough for an avatar and a name, never the student number. */
export function presentCheckInStudent(student: CheckInStudentRow): CheckInStudent {
  return { id: student.id, name: studentName(student), initials: student.initials, color: student.color };
}

/** `{id, flex, label, start: "9:26 AM", end: "10:06 AM"}`. */
export function presentCheckInBlock(meeting: FlexMeeting): CheckInBlock {
  return {
    id: meeting.block_id,
    flex: true,
    label: meeting.label,
    start: clockLabel(meeting.start),
    end: clockLabel(meeting.end),
  };
}

/**
 * "9:41 AM" for an instant, memoised by minute: formatting in a time zone is the costliest step of
 * presenting a 500-entry check-in, and a batch or a status poll repeats the same few minutes.
 */
const clockLabels = new Map<string, string>();
function clockLabelOf(instant: Date, timezone: string): string {
  const key = `${timezone}|${Math.floor(instant.getTime() / 60_000)}`;
  let label = clockLabels.get(key);
  if (label === undefined) {
    if (clockLabels.size >= 10_000) clockLabels.clear();
    label = instantClockLabel(instant, timezone);
    clockLabels.set(key, label);
  }
  return label;
}

/**
 * How the entry was made, as the check-in screen labels it: the ledger's method, except that a kiosk's
 * check-in (method 'air' with nobody signed in: lib/kiosk records checked_in_by null, while a student's
 * own code check-in records the student) reads "kiosk", with a label of its own ("Via kiosk").
 */
export function ledgerMethod(row: Pick<LedgerRow, "method" | "checked_in_by" | "staff_id">) {
  return row.method === "air" && row.checked_in_by === null && row.staff_id !== null
    ? ("kiosk" as const)
    : row.method;
}

/**
 * A ledger entry: `{id, time: "9:41 AM", method, student, staff}`. `by_other_staff` marks a row some
 * other staff member recorded (shown on the caller's screen because the student planned to be with them).
 */
export function presentLedgerEntry(row: LedgerRow, timezone: string, byOtherStaff = false): LedgerEntry {
  return {
    id: row.id,
    time: clockLabelOf(row.checked_in_at, timezone),
    checked_in_at: row.checked_in_at.toISOString(),
    method: ledgerMethod(row),
    student: presentCheckInStudent(row.student),
    staff: row.staff ? { id: row.staff.id, name: staffName(row.staff) } : null,
    by_other_staff: byOtherStaff,
  };
}

/**
 * A ledger entry someone else recorded, in the caller's "checked in elsewhere" list: the same entry
 * (by_other_staff), plus who checked the student in ("Ms. Okafor"; null for an administrator).
 */
export function presentElsewhereEntry(row: ElsewhereRow, timezone: string) {
  const ledgerRow: LedgerRow = {
    id: row.entry_id,
    method: row.method as LedgerRow["method"],
    checked_in_at: row.checked_in_at,
    staff_id: row.staff?.id ?? null,
    checked_in_by: null,
    student: { ...row.student, student_number: "" },
    staff: row.staff,
  };
  return {
    ...presentLedgerEntry(ledgerRow, timezone, true),
    checked_in_by: row.staff ? shortStaffName(row.staff) : null,
  };
}
