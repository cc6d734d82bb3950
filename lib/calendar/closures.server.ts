import "server-only";
import type { Db } from "@/db";
import {
  cancelPlansOn,
  countPlansOn,
  handOverClosedDayPlans,
  restoreClosedDayPlans,
  takeClosedDayPlans,
  type ClosedDayPlan,
} from "@/db/queries/closures";
import { insertJob } from "@/db/queries/jobs";
import { wakeJobRunner } from "@/lib/jobs/wake.server";
import type { SchoolDate } from "@/lib/core/time";

/**
 * Plans on a day a calendar event closes (no_blocks: a snow day, a Pro-D day added late). Closing the
 * day cancels them in the same transaction (the event's dry run says how many), so no list, report or
 * count meets them; they are kept with the event, and deleting the event before the day gives them back
 * as they were. Once the day has come, a deleted closure gives nothing back. A fixed number of statements.
 */

/** How many plans closing these dates would cancel. */
export const plansClosingWouldCancel = (db: Db, dates: SchoolDate[]) => countPlansOn(db, dates);

/**
 * Cancels the plans on each date its event closes; answers how many. Each student whose plan it was is
 * told by the "closed-day-notices" job (lib/schedule/closed-day-notices.server.ts), put on the queue in
 * this transaction, so the notices exist exactly when the closure does (lib/calendar sits below the
 * messages' rules).
 */
export async function cancelPlansOnClosedDays(tx: Db, closures: { event_id: number; date: SchoolDate }[]) {
  const cancelled = await cancelPlansOn(tx, closures);
  if (cancelled > 0) {
    await insertJob(tx, {
      kind: "closed-day-notices",
      payload: { event_ids: [...new Set(closures.map((c) => c.event_id))] },
      created_by: null,
      max_attempts: 3,
    });
    wakeJobRunner();
  }
  return cancelled;
}

/**
 * Before a closing event is deleted: its plans go to another event that still closes the date (nothing
 * to give back then), or are taken out to be given back once the day's blocks are regenerated.
 */
export async function setAsideClosedDayPlans(
  tx: Db,
  event: { id: number; date: SchoolDate },
): Promise<ClosedDayPlan[]> {
  if ((await handOverClosedDayPlans(tx, event)) > 0) return [];
  return takeClosedDayPlans(tx, event.id);
}

/** After the day is open again: the set-aside plans back, if the day is still ahead; answers how many. */
export const giveBackClosedDayPlans = (tx: Db, plans: ClosedDayPlan[], today: SchoolDate) =>
  restoreClosedDayPlans(tx, plans, today);
