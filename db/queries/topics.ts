import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../client";
import { topicSchedules, topics } from "../schema";
import type { TopicAudience } from "../schema/choice";
import { topicColumns } from "./schedule";

const withOwner = { ...topicColumns, staff_id: topics.staff_id };

export function listOwnTopics(db: Db, staffId: number) {
  return db
    .select(topicColumns)
    .from(topics)
    .where(and(eq(topics.staff_id, staffId), eq(topics.deleted, false)))
    .orderBy(asc(topics.id));
}

export async function insertTopic(
  db: Db,
  values: {
    staff_id: number;
    memo: string;
    color: string;
    unavailable: boolean;
    seat_cap: number | null;
    open_to: TopicAudience | null;
  },
) {
  const [row] = await db.insert(topics).values(values).returning(topicColumns);
  return row!;
}

export async function findTopic(db: Db, id: number) {
  const [row] = await db.select(withOwner).from(topics).where(eq(topics.id, id)).limit(1);
  return row;
}

/** Changes the given fields of a topic (memo, colour, who may join, seat cap). */
export async function updateTopicRow(
  db: Db,
  id: number,
  values: { memo?: string; color?: string; seat_cap?: number | null; open_to?: TopicAudience | null },
) {
  const [row] = await db
    .update(topics)
    .set({ ...values, updated_at: new Date() })
    .where(eq(topics.id, id))
    .returning(topicColumns);
  return row!;
}

export async function softDeleteTopic(db: Db, id: number) {
  const [row] = await db
    .update(topics)
    .set({ deleted: true, updated_at: new Date() })
    .where(eq(topics.id, id))
    .returning(topicColumns);
  return row!;
}

/** One topic per teacher per block and date: a new one replaces the old. */
export async function upsertTopicSchedule(
  db: Db,
  values: { topic_id: number; staff_id: number; block_id: number; date: string },
) {
  const [row] = await db
    .insert(topicSchedules)
    .values(values)
    .onConflictDoUpdate({
      target: [topicSchedules.staff_id, topicSchedules.block_id, topicSchedules.date],
      set: { topic_id: values.topic_id, updated_at: new Date() },
    })
    .returning({ id: topicSchedules.id, date: topicSchedules.date, block_id: topicSchedules.block_id });
  return row!;
}

/** A topic schedule with its topic (deleted or not). */
export async function findTopicSchedule(db: Db, id: number) {
  const [row] = await db
    .select({
      id: topicSchedules.id,
      date: topicSchedules.date,
      block_id: topicSchedules.block_id,
      staff_id: topicSchedules.staff_id,
      topic: topicColumns,
    })
    .from(topicSchedules)
    .innerJoin(topics, eq(topics.id, topicSchedules.topic_id))
    .where(eq(topicSchedules.id, id))
    .limit(1);
  return row;
}

export async function deleteTopicSchedule(db: Db, id: number) {
  await db.delete(topicSchedules).where(eq(topicSchedules.id, id));
}
