import type { PowerSchedulePreview } from "./present";

/**
 * The Power Scheduler's preview in words: one headline ("1,840 appointments for 920 students on 2
 * dates; 12 students already have an appointment then; 3 are already checked in") and what happens to
 * each group of students, naming the first few of each. Shared by the preview before Submit and the Done step.
 */

const n = (value: number) => value.toLocaleString("en-US");
const plural = (count: number, one: string, many = `${one}s`) => `${n(count)} ${count === 1 ? one : many}`;

export interface PreviewText {
  headline: string;
  details: string[];
  /** More rows than one batch may create: Submit cannot succeed. */
  tooMany: boolean;
}

/** A student's name by id (the stepper's student list); unknown ids are left out of the names. */
export type StudentNames = (id: number) => string | undefined;

/** ": Ann Ames, Bo Baker and 3 more" for a group of `count` students of whom `ids` are the first. */
function namesOf(ids: readonly number[] | undefined, count: number, names: StudentNames | undefined) {
  if (!names || !ids || ids.length === 0) return "";
  const shown = ids
    .map(names)
    .filter((name): name is string => Boolean(name))
    .slice(0, NAMED);
  if (shown.length === 0) return "";
  const more = count - shown.length;
  if (more > 0) return `: ${shown.join(", ")} and ${n(more)} more`;
  if (shown.length === 1) return `: ${shown[0]}`;
  return `: ${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
}

/** How many names a line lists before "and N more". */
const NAMED = 5;

export function previewText(p: PowerSchedulePreview, done = false, names?: StudentNames): PreviewText {
  const kind = p.schedule_type === "appointment" ? "appointment" : "amendment";
  const will = done ? "" : "will ";
  const whom =
    p.student_type === "all" ? `all ${plural(p.students, "student")}` : plural(p.students, "student");
  const parts = [`${plural(p.created, kind)} for ${whom} on ${plural(p.dates.length, "date")}`];
  if (p.schedule_type === "appointment" && p.booked_students > 0) {
    parts.push(
      `${plural(p.booked_students, "student")} already ${p.booked_students === 1 ? "has" : "have"} an appointment then`,
    );
  }
  if (p.checked_in_students > 0)
    parts.push(
      `${n(p.checked_in_students)} ${p.checked_in_students === 1 ? "is" : "are"} already checked in`,
    );

  const details: string[] = [];
  if (p.global) {
    details.push(
      `Every student ${done ? "has" : "gets"} the block amended: one amendment per block and date (${n(p.created)} in all), which also covers students added later.`,
    );
  } else {
    details.push(
      `Each student ${done ? "got" : "gets"} ${kind === "appointment" ? "an appointment" : "an amendment"}${p.staff ? ` with ${p.staff.name}` : ""} on each chosen block: ${plural(p.created, kind)} in all.`,
    );
  }
  if (p.schedule_type === "appointment") {
    if (p.skipped_limit_students > 0) {
      details.push(
        `${plural(p.skipped_limit_students, "student")} already ${done ? "had" : p.skipped_limit_students === 1 ? "has" : "have"} ${plural(p.appointment_limit, "appointment")} on a block: they ${done ? "were" : "are"} skipped there (the appointment limit is ${n(p.appointment_limit)})${namesOf(p.limit_student_ids, p.skipped_limit_students, names)}.`,
      );
    }
    const extra = p.booked_students - p.skipped_limit_students;
    if (extra > 0) {
      const atLimit = new Set(p.limit_student_ids);
      const extraIds = p.booked_student_ids?.filter((id) => !atLimit.has(id));
      details.push(
        `${plural(extra, "student")} already ${done ? "had" : extra === 1 ? "has" : "have"} an appointment on a block and ${done ? "got" : "get"} this one as well${p.appointment_limit === 0 ? " (no appointment limit is set)" : ""}${namesOf(extraIds, extra, names)}.`,
      );
    }
    if (p.student_type === "all")
      details.push("Students added later also get this appointment, until the batch is undone.");
  }
  if (p.checked_in_students > 0) {
    const who = namesOf(p.checked_in_student_ids, p.checked_in_students, names);
    details.push(
      p.global
        ? `${plural(p.checked_in_students, "student")} already checked in keep${p.checked_in_students === 1 ? "s" : ""} the check-in; the block shows as amended for them too${who}.`
        : `${plural(p.checked_in_students, "student")} already checked in for a block ${p.checked_in_students === 1 ? (done ? "was" : "is") : done ? "were" : "are"} skipped there${who}.`,
    );
  }
  if (p.plans_cleared > 0) {
    details.push(
      `${plural(p.plans_cleared, "plan")} ${will}${done ? "were cleared" : "be cleared"}: the students' own choices for these blocks are replaced. Undo gives them back.`,
    );
  }
  const tooMany = p.created > p.max_rows;
  if (tooMany) details.push(`That is more than ${n(p.max_rows)} at once. Choose fewer dates or students.`);
  return { headline: parts.join("; "), details, tooMany };
}

/**
 * Appointments with a teacher beyond their capacity (the students they take in a Focus Block): the
 * warning shown before Submit, or null. Counted per block: the appointments the batch makes, over its
 * blocks and dates.
 */
export function capacityWarning(
  p: PowerSchedulePreview,
  staff: { name: string; capacity: number } | undefined,
): string | null {
  if (!staff || p.schedule_type !== "appointment" || p.slots.length === 0) return null;
  const perBlock = Math.ceil(p.created / p.slots.length);
  if (perBlock <= staff.capacity) return null;
  return `That is more than ${staff.name} takes: ${plural(perBlock, "student")} on each block, and their capacity is ${n(staff.capacity)}.`;
}
