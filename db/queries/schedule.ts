import "server-only";
import { and, between, eq } from "drizzle-orm";
import type { Db } from "../client";
import { blockSchedule, blocks, calendarEvents, topics } from "../schema";

/** Shared pieces of the scheduling queries (week data itself: db/queries/week.ts). */

export type { StaffRefRow, StudentRefRow, TopicRow } from "./week";

export const topicColumns = {
  id: topics.id,
  memo: topics.memo,
  color: topics.color,
  unavailable: topics.unavailable,
  deleted: topics.deleted,
};

/** A block with the times it meets on one weekday (start/end null when it does not meet that day). */
export async function findBlockOnWeekday(db: Db, blockId: number, dayOfWeek: number) {
  const [row] = await db
    .select({
      id: blocks.id,
      label: blocks.label,
      flex: blocks.flex,
      start: blockSchedule.start,
      end: blockSchedule.end,
    })
    .from(blocks)
    .leftJoin(
      blockSchedule,
      and(eq(blockSchedule.block_id, blocks.id), eq(blockSchedule.day_of_week, dayOfWeek)),
    )
    .where(eq(blocks.id, blockId))
    .limit(1);
  return row;
}

/** The dates from `from` to `to` of calendar events meaning no block meets (lib/schedule/school-days.ts). */
export async function noBlockDates(db: Db, from: string, to: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ date: calendarEvents.date })
    .from(calendarEvents)
    .where(and(eq(calendarEvents.no_blocks, true), between(calendarEvents.date, from, to)));
  return rows.map((row) => row.date);
}
