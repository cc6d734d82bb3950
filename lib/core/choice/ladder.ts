import type { PlanSource } from "@/db/schema/choice";

/**
 * The priority ladder: which of the things that can put a student somewhere in a Focus Block holds
 * the block when several meet. Written down once; the services (lib/choice, lib/schedule,
 * lib/placement) ask `outranks` and `studentMayReplace` rather than comparing kinds themselves, the
 * docs/design/choosing.md and the Help post show this table, and the reasons API names the rung
 * (`reason.rung`).
 *
 * Rules:
 *  1. A higher rung replaces a lower one, and the student is told what replaced what.
 *  2. A lower rung never replaces a higher one: it is refused (or, for a process such as a standing
 *     choice or default placement, skipped with the reason kept).
 *  3. The student's own hand may replace anything of theirs that is not locked (their standing choice
 *     for one date, a waitlist seat, a default placement, an unlocked request), never a locked rung.
 */
export const RUNGS = [
  { rung: "appointment", label: "Appointment", locked: true, says: "A teacher booked the student; only staff can change it." },
  { rung: "amendment", label: "Amendment", locked: true, says: "Staff amended (voided or excused) the block." },
  { rung: "request", label: "Teacher's request", locked: false, says: "A teacher asked for the student, unlocked: the student may still choose." },
  { rung: "standing", label: "Standing choice", locked: false, says: "The student's usual teacher on that day type or weekday." },
  { rung: "chosen", label: "The student's own choice", locked: false, says: "The student chose the teacher for that date." },
  { rung: "waitlist", label: "Waitlist", locked: false, says: "A seat freed with a teacher the student was waiting for." },
  { rung: "placed", label: "Default placement", locked: false, says: "Nothing else held the block at the choice deadline: the default teacher." },
] as const;

export type Rung = (typeof RUNGS)[number]["rung"];

const rank = new Map<Rung, number>(RUNGS.map((r, i) => [r.rung, i]));

/** 0 is the top of the ladder. */
export const rankOf = (rung: Rung): number => rank.get(rung)!;

/** Whether `incoming` may replace what holds the block now (`held`; null: nothing does). */
export function outranks(incoming: Rung, held: Rung | null): boolean {
  if (held === null) return true;
  return rankOf(incoming) <= rankOf(held);
}

/** Whether the student's own choice may replace what holds the block (rule 3). */
export function studentMayReplace(held: { rung: Rung; locked: boolean } | null): boolean {
  if (held === null) return true;
  return !held.locked;
}

/** The rung of an appointment: locked appointments sit at the top; unlocked ones are requests. */
export const appointmentRung = (locked: boolean): Rung => (locked ? "appointment" : "request");

/** The rung of a plan by its source (db/schema/scheduling.ts planSource). */
export function planRung(source: PlanSource): Rung {
  return source;
}
