import type { Reason, StaffScheduleBlock } from "@/lib/core/schedule/types";

/** One student expected in a teacher's flex block, and why in a few words. */
export interface RosterRow {
  id: number;
  name: string;
  why: string;
}

/** A plan's reason in words a supply teacher reads at a glance. */
function planWords(reason: Reason | null | undefined): string {
  switch (reason?.kind) {
    case "placed":
      return "Placed by default";
    case "waitlist":
      return "From the waitlist";
    case "standing":
      return "Standing choice";
    case "power_scheduler":
      return "Power Scheduler";
    default:
      return "Chose";
  }
}

const byName = (a: RosterRow, b: RosterRow) => a.name.localeCompare(b.name, "en", { sensitivity: "base" });

/**
 * Who should come to the block: the students planned with the teacher and those with an appointment
 * there, each once (an appointment's memo says what for), by name.
 */
export function rosterOf(block: StaffScheduleBlock): RosterRow[] {
  const rows = new Map<number, RosterRow>();
  for (const plan of block.planned) {
    rows.set(plan.student.id, { id: plan.student.id, name: plan.student.name, why: planWords(plan.reason) });
  }
  for (const appointment of block.appointments) {
    const memo = appointment.memo.trim();
    const why = memo ? `Appointment: ${memo}` : "Appointment";
    const known = rows.get(appointment.student.id);
    rows.set(appointment.student.id, {
      id: appointment.student.id,
      name: appointment.student.name,
      why: known ? `${known.why}; ${why}` : why,
    });
  }
  return [...rows.values()].sort(byName);
}
