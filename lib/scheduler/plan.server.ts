import "server-only";
import type { Db } from "@/db";
import {
  currentStudentIds,
  findStaffMember,
  flexMeetings,
  type BatchKind,
  type Targets,
} from "@/db/queries/power-scheduler";
import { noBlockDates } from "@/db/queries/schedule";
import { ApiError, invalid } from "@/lib/api/errors.server";
import { readSchoolDate, withinSchoolYear } from "@/lib/schedule/occurrence.server";
import { staffLeft } from "@/lib/schedule/plans.server";
import { schoolCalendarSettings } from "@/lib/settings/service.server";
import { addDays, type SchoolDate } from "@/lib/core/time";
import { MAX_RANGE_DAYS, type PowerSchedulePreviewBody } from "./schemas";
import { batchSlots, slotDates, type Slot } from "./slots";

/** A Power Scheduler request, checked and resolved: whom, which block occurrences, with whom, how. */
export interface BatchPlan {
  kind: BatchKind;
  targets: Targets;
  /** null only for a preview made before the staff member is chosen. */
  staff: { id: number; title: string; first_name: string; last_name: string } | null;
  memo: string;
  from: SchoolDate;
  to: SchoolDate;
  weekdays: number[] | null;
  dayTypes: string[] | null;
  blockIds: number[] | null;
  slots: Slot[];
  dates: SchoolDate[];
  /** The appointment_limit setting (0 = no limit). */
  limit: number;
}

/**
 * Checks a request against the school's calendar and data: the dates (end not before start, inside
 * the school year, at most a year apart), the blocks (flex ones), at least one block occurrence, the
 * staff member and the students (unknown or archived ids answer 404, listed). Appointments need every
 * occurrence still pending; amendments may be in the past (excusing a block is their point).
 */
export async function planBatch(db: Db, body: PowerSchedulePreviewBody, now: Date): Promise<BatchPlan> {
  const calendar = await schoolCalendarSettings(db);
  const from = readSchoolDate(body.date_time, calendar.timezone, "date_time");
  const to = body.end_date ? readSchoolDate(body.end_date, calendar.timezone, "end_date") : from;
  if (to < from) throw invalid({ end_date: ["The end date cannot be before the start date."] });
  if (to > addDays(from, MAX_RANGE_DAYS)) throw invalid({ end_date: ["Choose a range of at most a year."] });
  if (!withinSchoolYear(from, calendar)) throw outsideYear("date_time");
  if (!withinSchoolYear(to, calendar)) throw outsideYear("end_date");

  const someIds = body.student_type === "some" ? [...new Set(body.student_ids)] : [];
  const [meetings, noBlocks, staff, current] = await Promise.all([
    flexMeetings(db, from, to),
    noBlockDates(db, from, to),
    body.staff_id === undefined ? Promise.resolve(null) : findStaffMember(db, body.staff_id),
    someIds.length > 0 ? currentStudentIds(db, someIds) : Promise.resolve([]),
  ]);
  if (staff === undefined) {
    const message = "The staff member could not be found.";
    throw new ApiError(404, "staff_not_found", message, { staff_id: [message] });
  }
  // Nobody is booked with, or excused by, a staff member who has left (their account is locked).
  if (staff && !staff.still_here) throw staffLeft();
  if (current.length < someIds.length) {
    const known = new Set(current);
    const message = `These students could not be found: ${someIds.filter((id) => !known.has(id)).join(", ")}.`;
    throw new ApiError(404, "unknown_students", message, { student_ids: [message] });
  }
  const blockIds = body.block_ids ? [...new Set(body.block_ids)] : null;
  const flexIds = new Set(meetings.map((m) => m.block_id));
  const notFlex = (blockIds ?? []).filter((id) => !flexIds.has(id));
  if (notFlex.length > 0) {
    throw invalid({ block_ids: [`Not a flex block that meets: ${notFlex.join(", ")}.`] });
  }

  const weekdays = body.weekdays ? [...new Set(body.weekdays)].sort((a, b) => a - b) : null;
  const dayTypes = body.day_types ? [...new Set(body.day_types)] : null;
  const unknownTypes = (dayTypes ?? []).filter((type) => !meetings.some((m) => m.day_type === type));
  if (unknownTypes.length > 0) {
    const known = [...new Set(meetings.map((m) => m.day_type).filter((t): t is string => Boolean(t)))].sort();
    const message = `No flex block meets on a ${unknownTypes.join(" or ")} in those dates${known.length ? ` (their day types: ${known.join(", ")})` : ""}.`;
    throw invalid({ day_types: [message] }, message);
  }
  const slots = batchSlots(
    { from, to, weekdays, dayTypes, blockIds, noBlockDates: noBlocks },
    meetings,
    calendar.timezone,
  );
  if (slots.length === 0) {
    const message = "No flex block meets on the chosen dates.";
    throw new ApiError(422, "no_flex_block", message, { date_time: [message] });
  }
  if (body.schedule_type === "appointment") {
    const ended = slots.find((slot) => slot.ends_at.getTime() <= now.getTime());
    if (ended) {
      throw new ApiError(
        409,
        "not_pending",
        `${ended.label} on ${ended.date} has already ended. Appointments need blocks that are still pending.`,
      );
    }
  }
  return {
    kind:
      body.schedule_type === "appointment"
        ? "appointment"
        : body.student_type === "all"
          ? "global-amendment"
          : "amendment",
    targets: body.student_type === "all" ? { all: true } : { all: false, ids: someIds },
    staff,
    memo: body.memo ?? "",
    from,
    to,
    weekdays,
    dayTypes,
    blockIds,
    slots,
    dates: slotDates(slots),
    limit: calendar.appointmentLimit,
  };
}

function outsideYear(field: "date_time" | "end_date") {
  const message = "That date is outside the school year.";
  return new ApiError(422, "outside_school_year", message, { [field]: [message] });
}
