import "server-only";
import type { Db } from "@/db";
import { lockStudent } from "@/db/queries/appointments";
import { lockStaff } from "@/db/queries/plans";
import { anyExpiredOffer, deleteWaitlistEntry, expiredOffers, findWaitlistEntry, waitlistsWithFreeSeats } from "@/db/queries/waitlist";
import { fillFreedSeats, waitlistSettings } from "@/lib/choice/seats.server";
import { defineJob } from "@/lib/jobs/types.server";
import { longDay } from "@/lib/reach/messages";
import { titledLastName } from "@/lib/people/names";
import { schoolCalendarSettings } from "@/lib/settings/service.server";
import { schoolToday } from "@/lib/core/time";
import { tellMoved, tellSeatMoves } from "./moved.server";

/**
 * The "waitlist" job, run by the runner's recurring check when it is due: offers (waitlist-mode
 * "offer") whose time ran out are withdrawn — the student is told, and the seat is offered to the next
 * in line — and any seat left free with someone waiting (a link of a chain of waitlists that found its
 * teacher busy, a capacity an administrator raised) is handed on. Each in its own transaction.
 */
export async function handOnWaitlists(db: Db, now: Date): Promise<{ expired: number; moved: number }> {
  const settings = await waitlistSettings(db);
  let expired = 0;
  let moved = 0;
  for (const offer of await expiredOffers(db, now)) {
    await db.transaction(async (tx) => {
      await lockStudent(tx, offer.student_id);
      const teacher = await lockStaff(tx, offer.staff_id);
      const entry = await findWaitlistEntry(tx, offer.student_id, offer.staff_id, offer.block_id, offer.date);
      // Accepted or withdrawn meanwhile: nothing to do.
      if (!teacher || !entry?.offered_until || entry.offered_until.getTime() > now.getTime()) return;
      await deleteWaitlistEntry(tx, offer.student_id, offer.staff_id, offer.block_id, offer.date);
      expired += 1;
      await tellMoved(
        tx,
        [
          {
            student_id: offer.student_id,
            occasion: `waitlist-offer-expired:${entry.id}`,
            change: {
              kind: "released",
              text: `The seat held for you with ${titledLastName(teacher)} in Focus Block on ${longDay(offer.date)} was not accepted in time, so it went to the next on the waitlist.`,
              dates: [offer.date],
            },
          },
        ],
        now,
      );
      const moves = await fillFreedSeats(tx, offer.staff_id, offer.block_id, offer.date, now, { settings });
      moved += moves.length;
      await tellSeatMoves(tx, moves, now);
    });
  }
  const calendar = await schoolCalendarSettings(db);
  for (const line of await waitlistsWithFreeSeats(db, schoolToday(calendar.timezone, now), now)) {
    await db.transaction(async (tx) => {
      const moves = await fillFreedSeats(tx, line.staff_id, line.block_id, line.date, now, { settings });
      moved += moves.length;
      await tellSeatMoves(tx, moves, now);
    });
  }
  return { expired, moved };
}

/** Whether the job has work: an offer ran out, or a seat is free with someone waiting (two statements). */
export async function waitlistWorkDue(db: Db, now: Date): Promise<boolean> {
  if (await anyExpiredOffer(db, now)) return true;
  const calendar = await schoolCalendarSettings(db);
  return (await waitlistsWithFreeSeats(db, schoolToday(calendar.timezone, now), now, 1)).length > 0;
}

export const waitlistJob = defineJob<Record<string, never>>({
  maxAttempts: 3,
  isDue: (db, now) => waitlistWorkDue(db, now),
  async run({ db }) {
    return handOnWaitlists(db, new Date());
  },
});
