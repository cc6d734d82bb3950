import "server-only";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import {
  clearBatchPlans,
  countBatch,
  insertBatch,
  insertBatchRows,
  insertSlots,
  lockTargets,
  setBatchSummary,
} from "@/db/queries/power-scheduler";
import {
  deleteBatchRows,
  findBatch,
  listBatches,
  lockBatch,
  markUndone,
  lockClearedPlanPeople,
  restoreClearedPlans,
} from "@/db/queries/power-scheduler-batches";
import { ApiError, conflict, notFound } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import { batchStudents } from "@/db/queries/reach-lists";
import { tellMoved, tellSeatMoves } from "@/lib/schedule/moved.server";
import { batchFreedSeatsWithWaitlist } from "@/db/queries/waitlist";
import { fillFreedSeats } from "@/lib/choice/seats.server";
import { planBatch } from "./plan.server";
import { presentBatch, presentPreview, type PowerScheduleBatch, type PowerSchedulePreview } from "./present";
import type { PowerScheduleBody, PowerSchedulePreviewBody } from "./schemas";
import type { PowerScheduleResult, UndoResult } from "./answers";

/**
 * The Power Scheduler (administrators and sysadmins). A run is one transaction: the target students
 * are locked (appointments are counted under the student's lock, as a single booking does), the
 * batch and its block occurrences are stored, one statement creates every appointment or amendment
 * linked to the batch, one clears the plans they replace (kept for Undo), and the audit log records it.
 *
 * The appointment limit is respected, never overridden: a student who already has `appointment_limit`
 * appointments on a block is skipped there, and a student already checked in is skipped too. The
 * counts of both are in the answer. An amendment for All Students is one global amendment per block
 * occurrence, which also covers students added later; an appointment batch for All Students reaches
 * students added later through the students_join_all_batches trigger (db/migrations/0005).
 */

/** The most appointments or amendments one batch may create (a school of 2,000 over 30 dates). */
export const MAX_BATCH_ROWS = 60_000;

/** POST /api/power-scheduler/preview: what a run would do now, changing nothing. */
export async function previewPowerSchedule(
  db: Db,
  body: PowerSchedulePreviewBody,
  now: Date,
): Promise<PowerSchedulePreview> {
  const plan = await planBatch(db, body, now);
  const counts = await countBatch(db, {
    kind: plan.kind,
    targets: plan.targets,
    slots: plan.slots,
    limit: plan.limit,
  });
  return presentPreview(plan, counts, MAX_BATCH_ROWS);
}

export type { PowerScheduleResult };

/** POST /api/power-scheduler: applies the batch (201 with what it did). */
export async function runPowerSchedule(
  db: Db,
  principal: Principal,
  body: PowerScheduleBody,
  now: Date,
): Promise<PowerScheduleResult> {
  const plan = await planBatch(db, body, now);
  const staff = plan.staff!; // the run's schema requires staff_id; planBatch answered 404 if it is unknown
  const slotKeys = plan.slots.map((slot) => ({ block_id: slot.block_id, date: slot.date }));
  return db.transaction(async (tx) => {
    await lockTargets(tx, plan.targets);
    const counts = await countBatch(tx, {
      kind: plan.kind,
      targets: plan.targets,
      slots: slotKeys,
      limit: plan.limit,
    });
    if (counts.created > MAX_BATCH_ROWS) {
      throw new ApiError(
        422,
        "too_many",
        `That is ${counts.created.toLocaleString("en-US")} at once; the most is ${MAX_BATCH_ROWS.toLocaleString("en-US")}. Choose fewer dates or students.`,
      );
    }
    const batch = await insertBatch(tx, {
      created_by: principal.user.id,
      staff_id: staff.id,
      type: plan.kind === "appointment" ? "appointment" : "amendment",
      student_type: plan.targets.all ? "all" : "some",
      date: plan.from,
      end_date: plan.to,
      weekdays: plan.weekdays,
      block_ids: plan.blockIds,
      memo: plan.memo,
      created_at: now,
    });
    await insertSlots(
      tx,
      batch.id,
      plan.slots.map((slot) => ({ block_id: slot.block_id, date: slot.date, ends_at: slot.ends_at })),
    );
    const created = await insertBatchRows(tx, {
      kind: plan.kind,
      targets: plan.targets,
      slots: slotKeys,
      limit: plan.limit,
      batchId: batch.id,
      staffId: staff.id,
      memo: plan.memo,
    });
    const plansCleared = await clearBatchPlans(tx, plan.kind, batch.id);
    // The seats the cleared plans held go to those teachers' waitlists, in this transaction, so no seat stays empty while someone waits.
    if (plansCleared > 0) {
      for (const seat of await batchFreedSeatsWithWaitlist(tx, batch.id)) {
        await tellSeatMoves(tx, await fillFreedSeats(tx, seat.staff_id, seat.block_id, seat.date, now), now);
      }
    }
    const done = { ...counts, created, plans_cleared: plansCleared };
    const summary = {
      dates: plan.dates.length,
      slots: plan.slots.length,
      created,
      students: counts.students,
      skipped_limit: counts.skipped_limit,
      skipped_checked_in: counts.skipped_checked_in,
      plans_cleared: plansCleared,
      appointment_limit: plan.limit,
    };
    await setBatchSummary(tx, batch.id, summary, counts.students);
    // Each student the batch reached is told once, with the batch's memo and dates (one message each).
    const by = principal.staff ?? { name: principal.sysadmin?.name ?? "An administrator" };
    const reached = await batchStudents(tx, batch.id, plan.kind);
    await tellMoved(
      tx,
      reached.map((r) => ({
        student_id: r.student_id,
        occasion: `batch:${batch.id}`,
        change: {
          kind: "power_scheduler" as const,
          by,
          batch: batch.type,
          everyone: plan.kind === "global-amendment",
          memo: plan.memo,
          dates: r.dates,
        },
      })),
      now,
    );
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "power_scheduler.run",
      details: {
        batch_id: batch.id,
        type: batch.type,
        student_type: batch.student_type,
        staff_id: staff.id,
        memo: plan.memo,
        from: plan.from,
        to: plan.to,
        weekdays: plan.weekdays,
        block_ids: plan.blockIds,
        ...summary,
      },
      created_at: now,
    });
    const row = (await findBatch(tx, batch.id))!;
    return {
      ...presentPreview(plan, done, MAX_BATCH_ROWS),
      id: batch.id,
      message: "The schedule change has been processed.",
      batch: presentBatch(row, now),
    };
  });
}

/** GET /api/power-scheduler: the newest batches first (the most recent 200). */
export async function listPowerSchedules(db: Db, now: Date): Promise<PowerScheduleBatch[]> {
  const rows = await listBatches(db, 200);
  return rows.map((row) => presentBatch(row, now));
}

export type { UndoResult };

/**
 * POST /api/power-scheduler/{id}/undo: while every block occurrence of the batch is still pending,
 * deletes its appointments or amendments (also those added later for new students), gives the
 * students back the plans it cleared unless they have chosen again since — within the seats their
 * teachers have left, counted with those students and teachers locked — and records who undid it.
 */
export async function undoPowerSchedule(
  db: Db,
  principal: Principal,
  id: number,
  now: Date,
): Promise<UndoResult> {
  return db.transaction(async (tx) => {
    const locked = await lockBatch(tx, id);
    if (!locked) throw notFound("The batch could not be found.");
    if (locked.undone_at) throw conflict("already_undone", "This batch has already been undone.");
    const firstEnds = locked.first_ends_at;
    if (!firstEnds || firstEnds.getTime() <= now.getTime()) {
      throw conflict("not_pending", "This batch can no longer be undone: its first block has already ended.");
    }
    // Before its rows go: cancelling one of them locks its student first too.
    await lockClearedPlanPeople(tx, id);
    const removed = await deleteBatchRows(tx, id);
    const restored = await restoreClearedPlans(tx, id);
    await markUndone(tx, id, principal.user.id, now);
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "power_scheduler.undo",
      details: { batch_id: id, removed, plans_restored: restored },
      created_at: now,
    });
    const row = (await findBatch(tx, id))!;
    return { message: "Undid the batch.", removed, plans_restored: restored, batch: presentBatch(row, now) };
  });
}
