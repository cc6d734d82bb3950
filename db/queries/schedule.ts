import "server-only";
import { and, between, eq } from "drizzle-orm";
import type { Db } from "../client";
import { blockOccurrences, blocks, calendarEvents, topics } from "../schema";

/** Shared pieces of the scheduling queries (week data itself: db/queries/week.ts). */

export type { StudentRefRow, TopicRow } from "./week";

export const topicColumns = {
  id: topics.id,
  memo: topics.memo,
  color: topics.color,
  unavailable: topics.unavailable,
  deleted: topics.deleted,
  /** Who may join and the seat cap (lib/choice/audience.ts). */
  seat_cap: topics.seat_cap,
  open_to: topics.open_to,
};

/** A block with the times it meets on a date (start/end null when it does not meet then: db/schema/calendar.ts). */
export async function findBlockOnDate(db: Db, blockId: number, date: string) {
  const [row] = await db
    .select({
      id: blocks.id,
      label: blocks.label,
      flex: blocks.flex,
      start: blockOccurrences.start,
      end: blockOccurrences.end,
    })
    .from(blocks)
    .leftJoin(blockOccurrences, and(eq(blockOccurrences.block_id, blocks.id), eq(blockOccurrences.date, date)))
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
