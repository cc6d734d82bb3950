import type { BatchRow } from "@/db/queries/power-scheduler-batches";
import type { BatchCounts } from "@/db/queries/power-scheduler";
import { presentStaffRef } from "@/lib/people/present-person";
import type { BatchPlan } from "./plan.server";
import type { PowerScheduleBatch, PowerSchedulePreview } from "./answers";

/** The shapes the Power Scheduler answers with. */

export type { PowerSchedulePreview };

export function presentPreview(plan: BatchPlan, counts: BatchCounts, maxRows: number): PowerSchedulePreview {
  return {
    ...counts,
    schedule_type: plan.kind === "appointment" ? "appointment" : "amendment",
    student_type: plan.targets.all ? "all" : "some",
    global: plan.kind === "global-amendment",
    staff: plan.staff && presentStaffRef(plan.staff),
    dates: plan.dates,
    slots: plan.slots.map((slot) => ({ block_id: slot.block_id, label: slot.label, date: slot.date })),
    appointment_limit: plan.limit,
    max_rows: maxRows,
  };
}

export type { PowerScheduleBatch };

export function presentBatch(row: BatchRow, now: Date): PowerScheduleBatch {
  const { batch } = row;
  const firstEnds = row.first_ends_at;
  return {
    id: batch.id,
    type: batch.type,
    student_type: batch.student_type,
    memo: batch.memo,
    created_at: batch.created_at.toISOString(),
    created_by: row.created_by_name ? { name: row.created_by_name } : null,
    staff: row.staff?.id ? presentStaffRef(row.staff) : null,
    date: batch.date,
    end_date: batch.end_date ?? batch.date,
    weekdays: batch.weekdays,
    dates: row.dates ?? [],
    blocks: row.block_labels ?? [],
    summary: batch.summary,
    rows: Number(row.rows_now),
    undone_at: batch.undone_at?.toISOString() ?? null,
    undone_by: batch.undone_at && row.undone_by_name ? { name: row.undone_by_name } : null,
    undoable: !batch.undone_at && firstEnds !== null && firstEnds.getTime() > now.getTime(),
  };
}
