import "server-only";
import { effectiveCapacity } from "./audience";
import type { Db } from "@/db";
import { lockStaff, staffTopicOn } from "@/db/queries/plans";
import { settingValues } from "@/db/queries/settings";
import {
  countHeldOffers,
  countPlansOf,
  deletePlansById,
  lockLastPlaced,
  putAtFrontOfWaitlist,
  deleteStudentWaitlistsOn,
  deleteWaitlistEntry,
  hasAppointmentOn,
  firstWaiting,
  lockStaffIfFree,
  setOffer,
  studentPlanOn,
  upsertWaitlistPlan,
} from "@/db/queries/waitlist";

/**
 * Seats, and what happens when one frees (it goes to the waitlist at once). A teacher's seats for a Focus Block are their
 * effective capacity; plans take them, and in offer mode so does a seat held for the first on the
 * waitlist. Whatever frees a seat (a student changing teacher, a plan cleared by an appointment, a
 * capacity raised, a held offer running out) calls fillFreedSeats in its own transaction, so the
 * seat goes to the first in line before anyone else can see it free.
 *
 * Lock order: the changing student, then the teachers of the change (lowest id first), then — inside
 * fillFreedSeats — the waitlisted students placed (auto mode; SKIP LOCKED, never waiting: a student
 * busy at that instant is passed over for that seat and keeps their place; an offer takes no student
 * lock, so offers go strictly in line order) and the teachers further down the chain (SKIP LOCKED
 * too; the recurring check, lib/schedule/waitlist-job.server.ts, hands those on).
 */

export type WaitlistMode = "auto" | "offer";

export interface WaitlistSettings {
  mode: WaitlistMode;
  offerMinutes: number;
  /** Waitlists a student may be on for one Focus Block. */
  limit: number;
}

const intOr = (value: string | null | undefined, fallback: number) => {
  const n = Number.parseInt(value ?? "", 10);
  return Number.isFinite(n) ? n : fallback;
};

export async function waitlistSettings(db: Db): Promise<WaitlistSettings> {
  const rows = await settingValues(db, ["waitlist-mode", "waitlist-offer-minutes", "waitlist-limit"]);
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  return {
    mode: byKey.get("waitlist-mode") === "offer" ? "offer" : "auto",
    offerMinutes: Math.max(1, intOr(byKey.get("waitlist-offer-minutes"), 30)),
    limit: Math.max(0, intOr(byKey.get("waitlist-limit"), 3)),
  };
}

type Teacher = { id: number; title: string; first_name: string; last_name: string };

/** What a freed seat did: a student placed from the waitlist, or a seat offered to them (offer mode). */
export type SeatMove =
  | { kind: "placed"; student_id: number; teacher: Teacher; block_id: number; date: string; from_staff_id: number | null }
  | { kind: "offered"; student_id: number; teacher: Teacher; block_id: number; date: string; until: Date };

/** At most this many seats handed on by one freeing (a chain of waitlists is bounded). */
export const MAX_SEAT_MOVES = 200;

/**
 * Hands the teacher's free seats on that block and date to their waitlist, in line order, in the
 * caller's transaction: `auto`, the first in line is placed (plan source "waitlist", their waitlists
 * for that block done with; their plan with another teacher moves, and that teacher's waitlist moves on
 * in turn); `offer`, the seat is held for them for waitlist-offer-minutes. A student with an appointment
 * in that block is held higher on the ladder: their entry goes. Answers what moved (the caller tells
 * the students, lib/schedule/moved.server.ts tellSeatMoves). The first teacher's row is locked here
 * (waiting for it; a no-op when the caller holds it already).
 */
export async function fillFreedSeats(
  tx: Db,
  staffId: number,
  blockId: number,
  date: string,
  now: Date,
  options: { settings?: WaitlistSettings } = {},
): Promise<SeatMove[]> {
  const settings = options.settings ?? (await waitlistSettings(tx));
  const moves: SeatMove[] = [];
  const work: { staffId: number; first: boolean }[] = [{ staffId, first: true }];
  const seen = new Set<number>();
  while (work.length > 0 && moves.length < MAX_SEAT_MOVES) {
    const next = work.shift()!;
    const teacher = next.first ? await lockStaff(tx, next.staffId) : await lockStaffIfFree(tx, next.staffId);
    if (!teacher || !teacher.still_here || !teacher.takes_students) continue;
    const topic = await staffTopicOn(tx, teacher.id, blockId, date);
    if (topic?.unavailable) continue;
    const [planned, held] = await Promise.all([
      countPlansOf(tx, teacher.id, blockId, date),
      countHeldOffers(tx, teacher.id, blockId, date, now),
    ]);
    let free = effectiveCapacity(teacher.capacity, topic?.seat_cap) - planned - held;
    const ref: Teacher = { id: teacher.id, title: teacher.title, first_name: teacher.first_name, last_name: teacher.last_name };
    while (free > 0 && moves.length < MAX_SEAT_MOVES) {
      const first = await firstWaiting(tx, teacher.id, blockId, date, { lockStudent: settings.mode === "auto" });
      if (!first) break;
      if (await hasAppointmentOn(tx, first.student_id, blockId, date)) {
        await deleteWaitlistEntry(tx, first.student_id, teacher.id, blockId, date);
        continue;
      }
      free -= 1;
      if (settings.mode === "offer") {
        const until = new Date(now.getTime() + settings.offerMinutes * 60_000);
        await setOffer(tx, first.id, until);
        moves.push({ kind: "offered", student_id: first.student_id, teacher: ref, block_id: blockId, date, until });
        continue;
      }
      const from = await placeFromWaitlist(tx, first.student_id, teacher.id, blockId, date);
      moves.push({ kind: "placed", student_id: first.student_id, teacher: ref, block_id: blockId, date, from_staff_id: from });
      if (from !== null && from !== teacher.id && !seen.has(from)) work.push({ staffId: from, first: false });
    }
    seen.add(teacher.id);
  }
  return moves;
}

/**
 * Places the student (row locked by the caller) with the teacher from the waitlist: their plan for the
 * block moves there (source "waitlist") and their waitlists for the block are done with. Answers the
 * teacher they were with before (null: none).
 */
export async function placeFromWaitlist(tx: Db, studentId: number, staffId: number, blockId: number, date: string) {
  const before = await studentPlanOn(tx, studentId, blockId, date);
  await upsertWaitlistPlan(tx, { student_id: studentId, staff_id: staffId, block_id: blockId, date });
  await deleteStudentWaitlistsOn(tx, studentId, blockId, date);
  return before ? before.staff_id : null;
}

/**
 * A teacher's seats lowered below their plans on a block (a capacity or a topic's seat cap lowered):
 * nobody is dropped silently — the last placed (the latest plans) lose their seat and go back to the
 * front of the teacher's waitlist, in the order they were placed, in the caller's transaction (which
 * holds the teacher's row). Answers who went back (the caller tells them).
 */
export async function seatsLowered(tx: Db, staffId: number, blockId: number, date: string): Promise<{ student_id: number }[]> {
  const teacher = await lockStaff(tx, staffId);
  if (!teacher) return [];
  const topic = await staffTopicOn(tx, teacher.id, blockId, date);
  if (topic?.unavailable) return [];
  const planned = await countPlansOf(tx, teacher.id, blockId, date);
  const excess = planned - effectiveCapacity(teacher.capacity, topic?.seat_cap);
  if (excess <= 0) return [];
  const last = await lockLastPlaced(tx, teacher.id, blockId, date, Math.min(excess, planned));
  if (last.length === 0) return [];
  await deletePlansById(tx, last.map((p) => p.id));
  // Back in the order they were placed: the earliest of them first.
  const back = [...last].reverse().map((p) => p.student_id);
  await putAtFrontOfWaitlist(tx, teacher.id, blockId, date, back);
  return back.map((student_id) => ({ student_id }));
}
