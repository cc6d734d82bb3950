import "server-only";
import type { Db } from "@/db";
import {
  deleteTopicSchedule,
  findTopic,
  findTopicSchedule,
  insertTopic,
  listOwnTopics,
  softDeleteTopic,
  updateTopicRow,
  upsertTopicSchedule,
} from "@/db/queries/topics";
import { lockStaff, releaseStaffPlansOn } from "@/db/queries/plans";
import { findBlockOnDate } from "@/db/queries/occurrences";
import { forbidden, notFound } from "@/lib/api/errors.server";
import { requireStaff, type Principal } from "@/lib/auth/principal";
import { randomColor } from "@/lib/people/colors";
import { tellMoved, tellSeatMoves } from "@/lib/schedule/moved.server";
import { handOnFreedSeats } from "@/lib/schedule/waitlist.server";
import { fillFreedSeats } from "@/lib/choice/seats.server";
import { notPending, readSchoolDate, requireOccurrence } from "@/lib/schedule/occurrence.server";
import { checkedAudience } from "@/lib/choice/audience.server";
import { presentOwnTopic, presentTopicSchedule } from "@/lib/schedule/present";
import type { OwnTopic, TopicSchedule } from "@/lib/core/schedule/types";
import { schoolCalendarSettings } from "@/lib/settings/service.server";
import { isPending } from "@/lib/core/time";
import type { CreateTopicBody, ScheduleTopicBody, UpdateTopicBody } from "./schemas";

/**
 * Topics are owner-only: a teacher lists, creates and (soft-)deletes their own, and puts one of them on
 * a pending flex block (one per block and date, replacing the previous one) or takes it off again.
 */

/** The caller's live topics. A sysadmin has no staff row and so no topics: empty, not 403 (docs/design/accounts.md#roles). */
export async function listTopics(db: Db, principal: Principal): Promise<OwnTopic[]> {
  if (principal.role === "sysadmin") return [];
  const owner = requireStaff(principal);
  const rows = await listOwnTopics(db, owner.id);
  return rows.map((row) => presentOwnTopic(row, owner));
}

/** A new topic; who may join and the seat cap are checked against the school and the teacher's capacity (422). */
export async function createTopic(db: Db, principal: Principal, input: CreateTopicBody): Promise<OwnTopic> {
  const owner = requireStaff(principal);
  const audience = await checkedAudience(db, input, owner.capacity);
  const row = await insertTopic(db, {
    staff_id: owner.id,
    memo: input.memo,
    color: input.color ?? randomColor(),
    unavailable: input.unavailable,
    seat_cap: audience.seat_cap ?? null,
    open_to: audience.open_to ?? null,
  });
  return presentOwnTopic(row, owner);
}

/**
 * The owner changes a topic's memo, colour, who may join or seat cap. Plans already made stay (a
 * narrower audience or a lower cap is for the choices made after it); a raised or removed cap frees
 * seats, which go to the teacher's waitlists in the same transaction.
 */
export async function updateTopic(
  db: Db,
  principal: Principal,
  topicId: number,
  input: UpdateTopicBody,
  now: Date,
): Promise<OwnTopic> {
  const owner = requireStaff(principal);
  await ownTopic(db, owner.id, topicId, "update");
  const audience = await checkedAudience(db, input, owner.capacity);
  const row = await db.transaction(async (tx) => {
    await lockStaff(tx, owner.id);
    const updated = await updateTopicRow(tx, topicId, {
      memo: input.memo,
      color: input.color,
      seat_cap: audience.seat_cap,
      open_to: audience.open_to,
    });
    await handOnFreedSeats(tx, owner.id, now);
    return updated;
  });
  return presentOwnTopic(row, owner);
}

/** The caller's own live topic, or 404 / 403. */
async function ownTopic(db: Db, staffId: number, topicId: number, verb: string) {
  const topic = await findTopic(db, topicId);
  if (!topic || topic.deleted) throw notFound("The topic could not be found.");
  if (topic.staff_id !== staffId) throw forbidden(`Cannot ${verb} Topic.`);
  return topic;
}

/** A deleted topic's seat cap goes with it: the seats it freed go to the teacher's waitlists at once. */
export async function deleteTopic(
  db: Db,
  principal: Principal,
  topicId: number,
  now: Date,
): Promise<OwnTopic> {
  const owner = requireStaff(principal);
  await ownTopic(db, owner.id, topicId, "delete");
  const row = await db.transaction(async (tx) => {
    await lockStaff(tx, owner.id);
    const deleted = await softDeleteTopic(tx, topicId);
    await handOnFreedSeats(tx, owner.id, now);
    return deleted;
  });
  return presentOwnTopic(row, owner);
}

export async function scheduleTopic(
  db: Db,
  principal: Principal,
  input: ScheduleTopicBody,
  now: Date,
): Promise<TopicSchedule> {
  const owner = requireStaff(principal);
  const calendar = await schoolCalendarSettings(db);
  const date = readSchoolDate(input.date, calendar.timezone);
  const topic = await ownTopic(db, owner.id, input.topic_id, "set");
  await requireOccurrence(db, input.block_id, date, calendar, now, { flex: true, pending: true });
  const row = await db.transaction(async (tx) => {
    // Locked first, as a student choosing this teacher locks it (lib/schedule/plans.server.ts): no plan slips in.
    if (topic.unavailable) await lockStaff(tx, owner.id);
    const scheduled = await upsertTopicSchedule(tx, {
      topic_id: topic.id,
      staff_id: owner.id,
      block_id: input.block_id,
      date,
    });
    if (topic.unavailable) await releaseForUnavailable(tx, owner, topic.memo, input.block_id, date, now);
    // The topic it replaced may have had a lower seat cap: seats it frees go to the waitlist.
    else await tellSeatMoves(tx, await fillFreedSeats(tx, owner.id, input.block_id, date, now), now);
    return scheduled;
  });
  return presentTopicSchedule(row, topic, owner);
}

/**
 * An unavailable topic ("Away at a conference") means the teacher takes nobody in that block: the plans
 * already made with them there are released and each student is told why and asked to choose again,
 * in the topic's transaction (the teacher's row already locked).
 */
async function releaseForUnavailable(
  tx: Db,
  owner: { id: number; title: string; first_name: string; last_name: string },
  memo: string,
  blockId: number,
  date: string,
  now: Date,
) {
  const released = await releaseStaffPlansOn(tx, owner.id, blockId, date);
  await tellMoved(
    tx,
    released.map((plan) => ({
      student_id: plan.student_id,
      occasion: `unavailable:${plan.id}`,
      change: { kind: "unavailable" as const, teacher: owner, topic: memo, dates: [date] },
    })),
    now,
  );
}

export async function unscheduleTopic(
  db: Db,
  principal: Principal,
  scheduleId: number,
  now: Date,
): Promise<TopicSchedule> {
  const owner = requireStaff(principal);
  const row = await findTopicSchedule(db, scheduleId);
  if (!row) throw notFound("The topic schedule could not be found.");
  if (row.staff_id !== owner.id) throw forbidden("Cannot remove Topic.");
  const [calendar, block] = await Promise.all([
    schoolCalendarSettings(db),
    findBlockOnDate(db, row.block_id, row.date),
  ]);
  if (!block?.end || !isPending(row.date, block.end, calendar.timezone, now)) throw notPending();
  await db.transaction(async (tx) => {
    await deleteTopicSchedule(tx, row.id);
    // Without its topic the block has no seat cap (nor an unavailable note): the seats go to the waitlist.
    await tellSeatMoves(tx, await fillFreedSeats(tx, owner.id, row.block_id, row.date, now), now);
  });
  return presentTopicSchedule(row, row.topic, owner);
}
