import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { cutoffWallClock, readCutoff, type Cutoff } from "@/lib/settings/placement-cutoff";
import { schoolInstant, type SchoolDate } from "@/lib/core/time";

/**
 * The two deadlines of a Focus Block (so teachers know their lists in time), in the form of
 * placement_cutoff ("08:00" on the day, "2h" before the block starts, "" none: open until the block ends):
 *   choice-deadline   after it, students' own choices (and standing choices) are closed;
 *   request-deadline  after it, only an administrator may book a student (appointments, requests).
 * A date may set its own (day_deadlines; null there: the school's setting). Pure and client-safe: the
 * server rules (deadlines.server.ts), the week views and the screens share it.
 */
export type DeadlineKind = "choice" | "request";

export interface DayDeadlineTexts {
  choice_deadline: string | null;
  request_deadline: string | null;
}

export interface DeadlineRules {
  choice: Cutoff;
  request: Cutoff;
  /** Dates with their own deadlines. */
  days: ReadonlyMap<SchoolDate, DayDeadlineTexts>;
}

export function deadlineRules(
  settings: { choice: string | null | undefined; request: string | null | undefined },
  days: ({ date: SchoolDate } & DayDeadlineTexts)[],
): DeadlineRules {
  return {
    choice: readCutoff(settings.choice ?? ""),
    request: readCutoff(settings.request ?? ""),
    days: new Map(
      days.map(({ date, choice_deadline, request_deadline }) => [
        date,
        { choice_deadline, request_deadline },
      ]),
    ),
  };
}

/** The rule in force for a date: the date's own, else the school's. */
export function ruleOn(rules: DeadlineRules, kind: DeadlineKind, date: SchoolDate): Cutoff {
  const own = rules.days.get(date)?.[kind === "choice" ? "choice_deadline" : "request_deadline"];
  return own === null || own === undefined ? rules[kind] : readCutoff(own);
}

/**
 * The deadline's instant for a block starting at `start` (HH:MM[:SS]) on `date`; null when the rule is
 * off (""): no deadline of its own, so choosing and booking stay open while the block is pending, that
 * is until it ends — a block in progress may still be chosen, as it always could.
 */
export function deadlineInstant(
  rule: Cutoff,
  date: SchoolDate,
  start: string,
  timezone: string,
): Date | null {
  const wall = cutoffWallClock(rule, date, start);
  return wall ? schoolInstant(wall.date, wall.time, timezone) : null;
}

/** The deadline of one kind for a block starting at `start` on `date` (null: none of its own). */
export function deadlineOn(
  rules: DeadlineRules,
  kind: DeadlineKind,
  date: SchoolDate,
  start: string,
  timezone: string,
): Date | null {
  return deadlineInstant(ruleOn(rules, kind, date), date, start, timezone);
}

/** Until when students may choose the block: its choice deadline, else its end (while it is pending). */
export function chooseUntil(
  rules: DeadlineRules,
  date: SchoolDate,
  block: { start: string; end: string },
  timezone: string,
): Date {
  return deadlineOn(rules, "choice", date, block.start, timezone) ?? schoolInstant(date, block.end, timezone);
}

/** "08:00 on Tue, Dec 8" in the school's time zone. */
export const deadlineWords = (at: Date | string, timezone: string) =>
  format(new TZDate(new Date(at), timezone), "HH:mm 'on' EEE, MMM d");

/** "Choosing closed at 08:00 on Tue, Dec 8." */
export const choiceClosedSentence = (at: Date | string, timezone: string) =>
  `Choosing closed at ${deadlineWords(at, timezone)}.`;

/** "Booking students for this Focus Block closed at 08:00 on Tue, Dec 8: ask an administrator." */
export const requestClosedSentence = (at: Date | string, timezone: string) =>
  `Booking students for this Focus Block closed at ${deadlineWords(at, timezone)}: ask an administrator to book them.`;
