import "server-only";
import type { Db } from "@/db/client";
import { topics, topicSchedules } from "@/db/schema";
import { PALETTE } from "@/lib/people/colors";
import type { FocusOccurrence } from "./calendar.server";
import { bulkInsert, insertReturning } from "./insert.server";
import type { SeededPeople } from "./people.server";
import type { Random } from "./random.server";
import { TOPIC_MEMOS, UNAVAILABLE_MEMOS } from "./words.server";

export interface ScheduledTopic {
  topicId: number;
  /** False when the teacher put their "not taking students" topic on this date. */
  available: boolean;
}

/** For each Focus date (by index), each staff member's topic (by index into people.staff). */
export type TopicGrid = ScheduledTopic[][];

/** Every seventh generated teacher keeps a "not taking students" topic; the named accounts never do. */
const hasUnavailableTopic = (staffIndex: number) => staffIndex >= 3 && staffIndex % 7 === 3;

/**
 * Four topics per staff member (one of them unavailable for a few teachers), and one topic per
 * staff member on every Focus date. The unavailable topic is scheduled now and then.
 */
export async function seedTopics(
  db: Db,
  random: Random,
  people: SeededPeople,
  focus: FocusOccurrence[],
  focusBlockId: number,
): Promise<TopicGrid> {
  const specs = people.staff.map((member, index) => {
    const memos = random.sample<string>(TOPIC_MEMOS, 4).map((memo) => ({ memo, unavailable: false }));
    if (hasUnavailableTopic(index)) memos[3] = { memo: random.pick(UNAVAILABLE_MEMOS), unavailable: true };
    return memos.map((topic) => ({ ...topic, staff_id: member.id, color: random.pick(PALETTE) }));
  });
  const inserted = await insertReturning(specs.flat(), (chunk) =>
    db
      .insert(topics)
      .values(chunk)
      .returning({ id: topics.id, staff_id: topics.staff_id, memo: topics.memo }),
  );
  const idOf = new Map(inserted.map((row) => [`${row.staff_id}:${row.memo}`, row.id]));
  const owned = specs.map((memos) =>
    memos.map((topic) => ({
      id: idOf.get(`${topic.staff_id}:${topic.memo}`)!,
      unavailable: topic.unavailable,
    })),
  );

  const grid: TopicGrid = focus.map(() =>
    owned.map((mine) => {
      const away = mine.find((topic) => topic.unavailable);
      const topic = away && random.chance(0.15) ? away : random.pick(mine.filter((t) => !t.unavailable));
      return { topicId: topic.id, available: !topic.unavailable };
    }),
  );
  const rows = focus.flatMap((occurrence, dateIndex) =>
    people.staff.map((member, staffIndex) => ({
      topic_id: grid[dateIndex]![staffIndex]!.topicId,
      staff_id: member.id,
      block_id: focusBlockId,
      date: occurrence.date,
    })),
  );
  await bulkInsert(db, topicSchedules, rows);
  return grid;
}
