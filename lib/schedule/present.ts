import type { StaffRefRow } from "@/db/queries/staff-ref";
import type { StudentRefRow, TopicRow } from "@/db/queries/week";
import { normalizeAudience } from "@/lib/choice/audience";
import { staffName, studentName } from "@/lib/people/names";
import { presentStaffRef } from "@/lib/people/present-person";
import type {
  Amendment,
  Appointment,
  LogMethod,
  Log,
  OwnTopic,
  PersonRef,
  Plan,
  ScheduledCourse,
  ScheduledTeacher,
  Topic,
  TopicSchedule,
} from "@/lib/core/schedule/types";

/** JSON shapes of scheduling items. Rows come from db/queries/schedule.ts (and friends). */

export const studentRef = (row: StudentRefRow): PersonRef => ({ id: row.id, name: studentName(row) });

export function presentTopic(topic: TopicRow, owner: StaffRefRow): Topic {
  return {
    id: topic.id,
    memo: topic.memo,
    color: topic.color,
    unavailable: topic.unavailable,
    deleted: topic.deleted,
    staff: presentStaffRef(owner),
  };
}

/** A topic for its owner: with who may join and the seat cap (the topics routes). */
export function presentOwnTopic(
  topic: TopicRow & { seat_cap: number | null; open_to: OwnTopic["open_to"] },
  owner: StaffRefRow,
): OwnTopic {
  return { ...presentTopic(topic, owner), seat_cap: topic.seat_cap, open_to: normalizeAudience(topic.open_to) };
}

interface ItemRow {
  id: number;
  memo: string;
  date: string;
  block_id: number;
}

export function presentAmendment(
  row: ItemRow & { staff: StaffRefRow | null; student: StudentRefRow | null },
): Amendment {
  return {
    id: row.id,
    memo: row.memo,
    date: row.date,
    block_id: row.block_id,
    staff: row.staff ? presentStaffRef(row.staff) : null,
    student: row.student ? studentRef(row.student) : null,
  };
}

export function presentAppointment(
  row: ItemRow & { staff: StaffRefRow; student: StudentRefRow; locked?: boolean; series_id?: number | null },
): Appointment {
  return {
    id: row.id,
    memo: row.memo,
    date: row.date,
    block_id: row.block_id,
    staff: presentStaffRef(row.staff),
    student: studentRef(row.student),
    locked: row.locked ?? true,
    series_id: row.series_id ?? null,
  };
}

export interface LogRow {
  id: number;
  method: LogMethod;
  checked_in_at: Date | string;
  staff: StaffRefRow | null;
  student: StudentRefRow;
  topic: TopicRow | null;
  topic_owner: StaffRefRow | null;
}

/** `clock` turns the capture instant into the school's `9:41 AM` (see schoolClock). */
export function presentLog(row: LogRow, clock: (instant: Date) => string): Log {
  return {
    id: row.id,
    time: clock(new Date(row.checked_in_at)),
    method: row.method,
    staff: row.staff ? presentStaffRef(row.staff) : null,
    student: studentRef(row.student),
    topic: row.topic && row.topic_owner ? presentTopic(row.topic, row.topic_owner) : null,
  };
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** A fast `9:41 AM` formatter for the school's zone (one Intl formatter per zone, reused). */
export function schoolClock(timezone: string): (instant: Date) => string {
  let formatter = clocks.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: timezone,
      hour: "numeric",
      minute: "2-digit",
      hour12: true,
    });
    clocks.set(timezone, formatter);
  }
  const format = formatter;
  return (instant) => format.format(instant).replace(/\s+/g, " ");
}

export function presentPlan(
  row: { id: number; date: string; block_id: number },
  student: StudentRefRow,
  teacher: StaffRefRow,
): Plan {
  return {
    id: row.id,
    date: row.date,
    block_id: row.block_id,
    student: studentRef(student),
    staff: presentStaffRef(teacher),
  };
}

export function presentTopicSchedule(
  row: { id: number; date: string; block_id: number },
  topic: TopicRow,
  owner: StaffRefRow,
): TopicSchedule {
  return { id: row.id, date: row.date, block_id: row.block_id, topic: presentTopic(topic, owner) };
}

export const presentCourse = (row: { id: number; name: string; short_name: string }): ScheduledCourse => ({
  id: row.id,
  name: row.name,
  short_name: row.short_name,
});

export function presentTeacher(
  teacher: StaffRefRow & { initials: string; color: string },
  topic: TopicRow | null,
): ScheduledTeacher {
  return {
    id: teacher.id,
    name: staffName(teacher),
    initials: teacher.initials,
    color: teacher.color,
    topic: topic ? presentTopic(topic, teacher) : null,
  };
}
