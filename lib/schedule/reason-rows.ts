import type { StaffRefRow } from "@/db/queries/staff-ref";
import type { PlanSource } from "@/db/schema/choice";
import { appointmentRung, rankOf } from "@/lib/core/choice/ladder";
import { presentStaffRef } from "@/lib/people/present-person";
import type { Reason } from "@/lib/core/schedule/reason";
import type { PersonRef } from "@/lib/core/schedule/types";

/**
 * The reason of a block in a student's week, from the same week statement's rows (db/queries/week.ts
 * adds these fields to each row, so no extra statement), by the priority ladder.
 */

export interface BatchJson {
  id: number;
  memo: string;
  created_at: string;
  staff: StaffRefRow | null;
  sysadmin: { id: number; name: string } | null;
}

export interface ReasonItemRow {
  memo: string;
  created_at?: string;
  staff: StaffRefRow | null;
  student?: unknown;
  batch?: BatchJson | null;
  /** An appointment's lock (false: an unlocked request). */
  locked?: boolean;
}

export interface ReasonPlanRow {
  source?: PlanSource;
  chosen_at?: string;
  cutoff_at?: string | null;
  /** The standing choice's pattern of a plan with source "standing". */
  standing?: { day_type: string | null; weekday: number | null } | null;
  staff: StaffRefRow;
}

const iso = (value: string | null | undefined) => (value ? new Date(value).toISOString() : "");

function batchBy(batch: BatchJson): PersonRef | undefined {
  if (batch.staff) return presentStaffRef(batch.staff);
  if (batch.sysadmin) return { id: batch.sysadmin.id, name: batch.sysadmin.name };
  return undefined;
}

const defined = (reason: Reason): Reason =>
  Object.fromEntries(Object.entries(reason).filter(([, value]) => value !== undefined)) as unknown as Reason;

/**
 * What explains the block: of its latest amendment, its first appointment and its plan, the one highest
 * on the priority ladder (lib/core/choice/ladder.ts): a locked appointment, then an amendment, then an
 * unlocked request, then the plan by its source.
 */
export function blockReason(
  plan: ReasonPlanRow | undefined,
  amendments: ReasonItemRow[],
  appointments: ReasonItemRow[],
): Reason | null {
  const held = [
    appointmentReason(appointments[0]),
    amendmentReason(amendments[amendments.length - 1]),
    planReason(plan),
  ];
  let best: Reason | null = null;
  for (const reason of held) {
    if (reason && (best === null || rankOf(reason.rung!) < rankOf(best.rung!))) best = reason;
  }
  return best;
}

function amendmentReason(amendment: ReasonItemRow | undefined): Reason | null {
  if (!amendment) return null;
  if (amendment.batch) {
    return defined({
      kind: "power_scheduler",
      batch: "amendment",
      rung: "amendment",
      by: batchBy(amendment.batch),
      memo: amendment.memo,
      everyone: amendment.student == null ? true : undefined,
      at: iso(amendment.batch.created_at),
    });
  }
  return defined({
    kind: "amended",
    rung: "amendment",
    by: amendment.staff ? presentStaffRef(amendment.staff) : undefined,
    memo: amendment.memo,
    at: iso(amendment.created_at),
  });
}

function appointmentReason(appointment: ReasonItemRow | undefined): Reason | null {
  if (!appointment) return null;
  if (appointment.batch) {
    return defined({
      kind: "power_scheduler",
      batch: "appointment",
      rung: "appointment",
      by: batchBy(appointment.batch),
      memo: appointment.memo,
      at: iso(appointment.batch.created_at),
    });
  }
  return defined({
    kind: "booked",
    rung: appointmentRung(appointment.locked !== false),
    by: appointment.staff ? presentStaffRef(appointment.staff) : undefined,
    memo: appointment.memo,
    at: iso(appointment.created_at),
    locked: appointment.locked,
  });
}

function planReason(plan: ReasonPlanRow | undefined): Reason | null {
  if (!plan) return null;
  if (plan.source === "placed" && plan.cutoff_at) {
    return { kind: "placed", rung: "placed", teacher: presentStaffRef(plan.staff), at: iso(plan.cutoff_at) };
  }
  if (plan.source === "waitlist")
    return {
      kind: "waitlist",
      rung: "waitlist",
      teacher: presentStaffRef(plan.staff),
      at: iso(plan.chosen_at),
    };
  if (plan.source === "standing" && plan.standing) {
    return defined({
      kind: "standing",
      rung: "standing",
      teacher: presentStaffRef(plan.staff),
      day_type: plan.standing.day_type ?? undefined,
      weekday: plan.standing.weekday ?? undefined,
      at: iso(plan.chosen_at),
    });
  }
  return { kind: "chosen", rung: "chosen", teacher: presentStaffRef(plan.staff), at: iso(plan.chosen_at) };
}
