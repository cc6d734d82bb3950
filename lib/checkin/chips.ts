/**
 * The rules of the 'Scan or Enter' box, kept free of React so they are easy to test: how typed,
 * scanned and pasted text becomes entries, the CSV download and the result message.
 */
import { toCsv } from "@/lib/csv";
import type { PendingChip } from "@/lib/storage.client";
import { MAX_CHIP_LENGTH, MAX_CHIPS } from "./schemas";

export { MAX_CHIPS };

/** Keys that finish an entry while typing (a scanner ends each number with Enter). */
export const SEPARATOR_KEYS = new Set(["Enter", ",", " "]);

/** Entries in a piece of text: split on commas, whitespace and newlines; empty pieces dropped. */
export function splitEntries(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => part.slice(0, MAX_CHIP_LENGTH));
}

/** Whether text holds a separator, i.e. at least one finished entry (fast scanners, drag-and-drop). */
export const hasSeparator = (text: string) => /[\s,;]/.test(text);

/**
 * Adds entries to the pending list, each stamped with the moment it was captured. A value already
 * pending is not added twice; the list stops at MAX_CHIPS. Returns the new list and what was skipped.
 */
export function addChips(chips: readonly PendingChip[], values: readonly string[], now: Date) {
  const seen = new Set(chips.map((chip) => chip.value));
  const next = [...chips];
  let overflow = 0;
  for (const value of values) {
    if (seen.has(value)) continue;
    if (next.length >= MAX_CHIPS) {
      overflow += 1;
      continue;
    }
    seen.add(value);
    next.push({ value, timestamp: now.toISOString() });
  }
  return { chips: next, overflow };
}

/** The chips still pending once a submitted batch is confirmed (chips added meanwhile stay). */
export function withoutChips(
  chips: readonly PendingChip[],
  submitted: readonly PendingChip[],
): PendingChip[] {
  const done = new Set(submitted.map((chip) => `${chip.value}\u0000${chip.timestamp}`));
  return chips.filter((chip) => !done.has(`${chip.value}\u0000${chip.timestamp}`));
}

/**
 * The download of entered numbers (spec §9): columns 'Student Number' and 'Timestamp', each timestamp
 * written by `stamp` (the screen passes the school's time with its offset, so the file reads as the screen did; else as kept, UTC).
 * Written through lib/csv.ts like every CSV the app makes (quoting, and formulas never run).
 */
export function chipsCsv(chips: readonly PendingChip[], stamp: (iso: string) => string = (iso) => iso): string {
  return toCsv([["Student Number", "Timestamp"], ...chips.map((chip) => [chip.value, stamp(chip.timestamp)])]);
}

/** `student-numbers-2026-03-20T14-03-11.csv`. */
export function chipsCsvFileName(now: Date): string {
  return `student-numbers-${now.toISOString().slice(0, 19).replace(/:/g, "-")}.csv`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The snackbar after a check-in (spec §8): 'Checked in N student(s)', adding ', but M entry/entries
 * could not be resolved', or 'No students where checked in.' Students who were already checked in
 * count as checked in: the request was for them to be, and they are.
 */
export function checkInResultMessage(result: {
  success: unknown[];
  errors: unknown[];
  already_checked_in?: unknown[];
}) {
  const checkedIn = result.success.length + (result.already_checked_in?.length ?? 0);
  if (checkedIn === 0) return "No students where checked in.";
  const failed = result.errors.length;
  const tail = failed > 0 ? `, but ${plural(failed, "entry", "entries")} could not be resolved` : "";
  return `Checked in ${plural(checkedIn, "student", "students")}${tail}`;
}

export const LEAVE_WARNING = "All unsubmitted student numbers will be lost. Are you sure you want to exit?";
export const SCHEDULED_SUCCESS = "Checked in students successfully.";
export const ERRORS_INTRO =
  "The following check-in entries could not be resolved. This may be because the entry was mistyped, or the entry is not associated with an existing student account.";
export const ERRORS_EMPTY = "No errors yet. Student numbers you enter but don't resolve will appear here.";

/**
 * A check-in for a date that is not today (spec §4): ahead of the day it is proactive, after it
 * retroactive (the server records the same, from the moment each entry was captured). Null for today.
 */
export function notTodayKind(date: string, today: string): "proactive" | "retroactive" | null {
  if (date === today) return null;
  return date > today ? "proactive" : "retroactive";
}

/** The words of the question asked before checking in on another date than today. */
export function notTodayConfirmation(count: number, day: string, kind: "proactive" | "retroactive") {
  return {
    title: `Check in ${plural(count, "student", "students")} for ${day}?`,
    description:
      kind === "proactive"
        ? `${day} is not today: this is a proactive check-in, made ahead of the day.`
        : `${day} is not today: this is a retroactive check-in, made after the day.`,
    confirmLabel: "Check in",
  };
}

/** The note under the field on another date: "For Thursday Nov 26, not today: proactive check-in". */
export function notTodayNote(day: string, kind: "proactive" | "retroactive") {
  return `For ${day}, not today: ${kind} check-in`;
}
