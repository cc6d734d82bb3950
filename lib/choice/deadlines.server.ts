import "server-only";
import type { Db } from "@/db";
import { dayDeadlinesBetween, deadlineReadFor, deadlineSettingValues } from "@/db/queries/deadlines";
import { schoolCalendarSettings } from "@/lib/settings/service.server";
import type { SchoolDate } from "@/lib/core/time";
import { deadlineInstant, deadlineRules, ruleOn, type DeadlineKind, type DeadlineRules } from "./deadlines";

/**
 * The deadlines of one Focus Block (lib/choice/deadlines.ts): `choice-deadline` closes students'
 * choices, `request-deadline` closes teachers' bookings to all but administrators; a date's own
 * (day_deadlines, the calendar's day dialog) overrides the setting.
 */

async function deadlineAt(db: Db, kind: DeadlineKind, date: SchoolDate, blockId: number, zone?: string): Promise<Date | null> {
  const [row, timezone] = await Promise.all([
    deadlineReadFor(db, date, blockId),
    zone ?? schoolCalendarSettings(db).then((calendar) => calendar.timezone),
  ]);
  if (!row.start) return null;
  const rules = deadlineRules({ choice: row.choice_setting, request: row.request_setting }, [
    { date, choice_deadline: row.choice_deadline, request_deadline: row.request_deadline },
  ]);
  return deadlineInstant(ruleOn(rules, kind, date), date, row.start, timezone);
}

/**
 * When students' choosing closes for the block on the date; null when it does not meet then. `timezone`:
 * the school's, when the caller has read it already (else one more statement reads it).
 */
export const choiceDeadlineAt = (db: Db, date: SchoolDate, blockId: number, timezone?: string) =>
  deadlineAt(db, "choice", date, blockId, timezone);

/** When teachers' booking closes for the block on the date (administrators may still book); null when it does not meet. */
export const requestDeadlineAt = (db: Db, date: SchoolDate, blockId: number, timezone?: string) =>
  deadlineAt(db, "request", date, blockId, timezone);

export async function choiceDeadlinePassed(db: Db, date: SchoolDate, blockId: number, now: Date): Promise<boolean> {
  const at = await choiceDeadlineAt(db, date, blockId);
  return at !== null && at.getTime() <= now.getTime();
}

export async function requestDeadlinePassed(db: Db, date: SchoolDate, blockId: number, now: Date): Promise<boolean> {
  const at = await requestDeadlineAt(db, date, blockId);
  return at !== null && at.getTime() <= now.getTime();
}

/** The rules for the dates from `from` to `to`, in two statements (placement, standing choices, the to-do list). */
export async function deadlineRulesBetween(db: Db, from: SchoolDate, to: SchoolDate): Promise<DeadlineRules> {
  const [settings, days] = await Promise.all([deadlineSettingValues(db), dayDeadlinesBetween(db, from, to)]);
  return deadlineRules(settings, days);
}
