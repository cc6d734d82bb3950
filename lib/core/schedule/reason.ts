import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { Reason } from "@/lib/core/schedule/types";

/**
 * Why a student is where they are in a block ("every placement explained", so no one wonders): the `reason` of a
 * block in a student's schedule, and the one plain sentence the block dialog and the student's own
 * calendar show for it. Client-safe: the screens import sentenceFor from here.
 */
export type { Reason, ReasonKind } from "@/lib/core/schedule/types";

/** "Mr. Reyes" from the API's "Mr. Reyes, Daniel" (staff names are "Title Last, First"). */
export const shortStaffName = (name: string) => name.split(", ")[0] ?? name;

const when = (iso: string, timezone: string, pattern: string) => format(new TZDate(new Date(iso), timezone), pattern);

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** "Day 2" (a day type of the rotation) or "Tuesdays" (a weekday) of a standing choice. */
export function standingPatternWords(pattern: { day_type?: string | null; weekday?: number | null }): string {
  if (pattern.day_type) return pattern.day_type;
  return pattern.weekday !== undefined && pattern.weekday !== null ? `${WEEKDAY_NAMES[pattern.weekday]}s` : "this day";
}

/**
 * One sentence for a reason. `viewer` "self": the student reads it ("You chose …"); "staff": a staff
 * member reads it about `studentName`.
 */
export function sentenceFor(
  reason: Reason,
  options: { viewer: "self" | "staff"; studentName?: string; timezone: string },
): string {
  const self = options.viewer === "self";
  const you = self ? "you" : (options.studentName ?? "the student");
  const You = self ? "You" : (options.studentName ?? "The student");
  const by = reason.by ? shortStaffName(reason.by.name) : null;
  const teacher = reason.teacher ? shortStaffName(reason.teacher.name) : "their default teacher";
  const memo = reason.memo?.trim() ?? "";
  /** "… booked you: chemistry test retake", or "… booked you." without a memo. */
  const withMemo = (sentence: string) => (memo ? `${sentence}: ${memo}` : `${sentence}.`);
  const day = when(reason.at, options.timezone, "MMM d");
  switch (reason.kind) {
    case "chosen":
      return `${You} chose ${teacher} on ${day}.`;
    case "placed": {
      const clock = when(reason.at, options.timezone, "HH:mm");
      const whose = self ? "your" : "their";
      return `Placed with ${whose} homeroom teacher, ${teacher}, at the ${clock} cutoff.`;
    }
    case "booked":
      if (reason.locked === false) {
        // An unlocked request (lib/core/choice/ladder.ts): the student may still choose.
        return `${withMemo(`${by ?? "A teacher"} asked ${you} to come`).replace(/\.$/, "")}. ${self ? "You" : "They"} may still choose.`;
      }
      return withMemo(`${by ?? "A teacher"} booked ${you}`);
    case "power_scheduler": {
      const who = by ?? "An administrator";
      if (reason.batch === "amendment") {
        return withMemo(`${who} amended this block for ${reason.everyone ? "every student" : you} with the Power Scheduler`);
      }
      return withMemo(`${who} booked ${you} with the Power Scheduler`);
    }
    case "amended":
      return withMemo(`${by ?? "A teacher"} amended this block`);
    case "waitlist":
      return `A seat freed with ${teacher}; ${you} ${self ? "were" : "was"} first on the waitlist.`;
    case "standing": {
      const whose = self ? "Your" : options.studentName ? `${options.studentName}'s` : "The student's";
      return `${whose} usual on ${standingPatternWords(reason)} with ${teacher}.`;
    }
  }
}
