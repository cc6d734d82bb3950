import "server-only";
import type { Db } from "@/db";
import { findBlockOnDate } from "@/db/queries/schedule";
import { choiceDeadlineTexts } from "@/db/queries/waitlist";
import { cutoffWallClock, readCutoff } from "@/lib/settings/placement-cutoff";
import { schoolCalendarSettings } from "@/lib/settings/service.server";
import { schoolInstant, type SchoolDate } from "@/lib/time";

/**
 * The choice deadline of one Focus Block (issue 33 §4), in the form of placement_cutoff: the
 * `choice-deadline` setting, or the date's own (day_deadlines) when it sets one; "" is the block's
 * start. Minimal version for the waitlist (the deadlines work reconciles it with its own).
 */
export async function choiceDeadlineAt(db: Db, date: SchoolDate, blockId: number): Promise<Date | null> {
  const [texts, block, calendar] = await Promise.all([
    choiceDeadlineTexts(db, date),
    findBlockOnDate(db, blockId, date),
    schoolCalendarSettings(db),
  ]);
  if (!block?.start) return null;
  const rule = readCutoff(texts.day ?? texts.setting);
  const wall = cutoffWallClock(rule, date, block.start);
  return wall ? schoolInstant(wall.date, wall.time, calendar.timezone) : schoolInstant(date, block.start, calendar.timezone);
}

export async function choiceDeadlinePassed(db: Db, date: SchoolDate, blockId: number, now: Date): Promise<boolean> {
  const at = await choiceDeadlineAt(db, date, blockId);
  return at !== null && at.getTime() <= now.getTime();
}
