import "server-only";
import { and, between, eq } from "drizzle-orm";
import type { Db } from "../client";
import { calendarEvents, topics } from "../schema";

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

/** The dates from `from` to `to` of calendar events meaning no block meets (lib/schedule/school-days.ts). */
export async function noBlockDates(db: Db, from: string, to: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ date: calendarEvents.date })
    .from(calendarEvents)
    .where(and(eq(calendarEvents.no_blocks, true), between(calendarEvents.date, from, to)));
  return rows.map((row) => row.date);
}
