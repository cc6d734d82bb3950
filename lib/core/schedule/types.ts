/**
 * Response types of the scheduling API: week schedules, profiles, topics, plans,
 * appointments and amendments. The presenters in lib/schedule/present.ts, lib/people/present.ts and
 * lib/topics/present.ts build exactly these shapes; screens import them from here. The answers the
 * routes declare are zod schemas (`…Answer`), their types inferred from them, so the OpenAPI document
 * and the api tests' check of every answer (lib/http/route.server.ts) say the same.
 * Dates are `YYYY-MM-DD` school-local dates; clock times are labels such as `9:26 AM`.
 */

import { z } from "zod";
import type { Rung } from "@/lib/core/choice/ladder";

/** A person as shown inside an item: staff `name` is "Mr. Smith, Jane", students "Jane Smith". */
export const personRefAnswer = z.object({ id: z.number(), name: z.string() });
export type PersonRef = z.infer<typeof personRefAnswer>;

/**
 * Why a student is where they are in a block (so no placement is a mystery): the `reason` of a block in a student's schedule
 * (lib/core/schedule/reason.ts words it).
 */
export const REASON_KINDS = ["chosen", "placed", "booked", "power_scheduler", "amended", "waitlist", "standing"] as const;
export type ReasonKind = (typeof REASON_KINDS)[number];

/** The rungs of the priority ladder (lib/core/choice/ladder.ts RUNGS). */
const RUNG_NAMES = ["appointment", "amendment", "request", "standing", "chosen", "waitlist", "placed"] as const satisfies readonly Rung[];

export const reasonAnswer = z.object({
  kind: z.enum(REASON_KINDS),
  /** Who did it: the booking or amending staff member, the person who ran the Power Scheduler. */
  by: personRefAnswer.optional(),
  /** The teacher of a plan (chosen, placed by default, or given from their waitlist). */
  teacher: personRefAnswer.optional(),
  /** The memo of an appointment, an amendment or a Power Scheduler batch. */
  memo: z.string().optional(),
  /** A Power Scheduler batch's rows: appointments or amendments. */
  batch: z.enum(["appointment", "amendment"]).optional(),
  /** An amendment for every student (a Power Scheduler batch for all). */
  everyone: z.boolean().optional(),
  /** A standing choice's day type ("Day 2"; kind "standing"). */
  day_type: z.string().optional(),
  /** A standing choice's weekday (0 = Sunday … 6; kind "standing"). */
  weekday: z.number().optional(),
  /** When: chosen, the placement cutoff, booked, amended, the batch ran (ISO instant). */
  at: z.string(),
  /**
   * An appointment's lock (booked): true, the student cannot choose instead; false, an unlocked request
   * (lib/core/choice/ladder.ts "request"): the student may still choose. Absent on other kinds.
   */
  locked: z.boolean().optional(),
  /** The rung of the priority ladder that holds the block (lib/core/choice/ladder.ts RUNGS), so the words match the rule. */
  rung: z.enum(RUNG_NAMES).optional(),
});
export type Reason = z.infer<typeof reasonAnswer>;

export type CheckInMethod = "manual" | "air" | "roll-call" | "retroactive" | "proactive";
/** How a check-in reads on a week: the ledger's method, and "kiosk" for an 'air' check-in a kiosk made (nobody signed in). */
export const logMethodAnswer = z.enum(["manual", "air", "roll-call", "retroactive", "proactive", "kiosk"]);
export type LogMethod = z.infer<typeof logMethodAnswer>;

/** A teacher's topic. `staff` is its owner. */
export const topicAnswer = z.object({
  id: z.number(),
  memo: z.string(),
  /** One of the 18 palette names (lib/people/colors.ts). */
  color: z.string(),
  unavailable: z.boolean(),
  deleted: z.boolean(),
  staff: personRefAnswer,
});
export type Topic = z.infer<typeof topicAnswer>;

/** Who may join a topic (null: everyone); lib/choice/audience.ts. */
export const topicAudienceAnswer = z.object({
  grades: z.array(z.number()),
  cluster_ids: z.array(z.number()),
  section_ids: z.array(z.number()),
});
export type TopicAudienceJson = z.infer<typeof topicAudienceAnswer>;

/**
 * A topic as its owner reads it (the topics routes): who may join and its seat cap, added to the
 * spec's fields, so the picker can grey a closed topic.
 */
export const ownTopicAnswer = topicAnswer.extend({
  /** Seats below the teacher's capacity (null: the capacity). */
  seat_cap: z.number().nullable(),
  /** Only these grades, clusters or sections may choose it (null: everyone). */
  open_to: topicAudienceAnswer.nullable(),
});
export type OwnTopic = z.infer<typeof ownTopicAnswer>;

/** A topic put on one flex block on one date (the staff view's `scheduled` for a flex block). */
export const topicScheduleAnswer = z.object({
  id: z.number(),
  date: z.string(),
  block_id: z.number(),
  topic: topicAnswer,
});
export type TopicSchedule = z.infer<typeof topicScheduleAnswer>;

export const amendmentAnswer = z.object({
  id: z.number(),
  memo: z.string(),
  date: z.string(),
  block_id: z.number(),
  /** Who recorded it (null if that staff member was removed). */
  staff: personRefAnswer.nullable(),
  /** null = a global amendment (every student). */
  student: personRefAnswer.nullable(),
});
export type Amendment = z.infer<typeof amendmentAnswer>;

export const appointmentAnswer = z.object({
  id: z.number(),
  memo: z.string(),
  date: z.string(),
  block_id: z.number(),
  staff: personRefAnswer,
  student: personRefAnswer,
  /** False: an unlocked request, the student may still choose (lib/core/choice/ladder.ts). Always sent; optional for older rows made by hand. */
  locked: z.boolean().optional(),
  /** The recurring request it is an occurrence of (GET /api/appointments/series/{id}), or null. Always sent. */
  series_id: z.number().nullable().optional(),
});
export type Appointment = z.infer<typeof appointmentAnswer>;

/** A ledger (check-in) row. */
export const logAnswer = z.object({
  id: z.number(),
  /** `9:41 AM`, school time of capture. */
  time: z.string(),
  method: logMethodAnswer,
  /** Who checked the student in (null for a sysadmin or a removed staff member). */
  staff: personRefAnswer.nullable(),
  student: personRefAnswer,
  topic: topicAnswer.nullable(),
});
export type Log = z.infer<typeof logAnswer>;

/** A student's plan (their chosen teacher for a flex block on a date). */
export const planAnswer = z.object({
  id: z.number(),
  date: z.string(),
  block_id: z.number(),
  student: personRefAnswer,
  staff: personRefAnswer,
});
export type Plan = z.infer<typeof planAnswer>;

/** `scheduled` of a non-flex block (both views). */
export const scheduledCourseAnswer = z.object({ id: z.number(), name: z.string(), short_name: z.string() });
export type ScheduledCourse = z.infer<typeof scheduledCourseAnswer>;

/** `scheduled` of a flex block in a student's schedule: the planned teacher and their topic there. */
export const scheduledTeacherAnswer = z.object({
  id: z.number(),
  name: z.string(),
  initials: z.string(),
  color: z.string(),
  topic: topicAnswer.nullable(),
});
export type ScheduledTeacher = z.infer<typeof scheduledTeacherAnswer>;

/** `scheduled` of a flex block in a staff schedule: the teacher's own topic there. */
export type ScheduledTopic = TopicSchedule;

const blockBase = z.object({
  /** The block id. */
  id: z.number(),
  start: z.string(),
  end: z.string(),
  label: z.string(),
  flex: z.boolean(),
  /** The block's end on that date is still ahead (in progress counts as pending). */
  pending: z.boolean(),
  amendments: z.array(amendmentAnswer),
  appointments: z.array(appointmentAnswer),
  logs: z.array(logAnswer),
});

/** A block in a student's week. `scheduled`: course (non-flex), planned teacher (flex) or null. */
export const studentScheduleBlockAnswer = blockBase.extend({
  scheduled: z.union([scheduledTeacherAnswer, scheduledCourseAnswer]).nullable(),
  /**
   * Why the student is where they are in this block (an addition to the spec's fields): an
   * amendment first, then an appointment, then the plan; null when nothing places them.
   */
  reason: reasonAnswer.nullable().optional(),
  /**
   * A flex block: until when the student may choose a teacher for it (the choice deadline,
   * lib/choice/deadlines.ts; an addition to the spec's fields), as an ISO instant.
   */
  choose_until: z.string().nullable().optional(),
  /**
   * False on a block before the student's attendance counts (the school's `attendance_from`, their
   * `attends_from` or the date their account was created) or once they were archived: such a flex
   * block is never Missed (lib/core/attendance/period.ts; an addition to the spec's fields).
   */
  attending: z.boolean().optional(),
});
export type StudentScheduleBlock = z.infer<typeof studentScheduleBlockAnswer>;

/**
 * Why each student is in a teacher's block (an addition to the spec's fields): a teacher's
 * block holds many students, so each plan, appointment and amendment carries its own reason.
 */
const eachReason = { reason: reasonAnswer.nullable().optional() };

/** A block in a teacher's week. `scheduled`: course (non-flex), own topic (flex) or null. */
export const staffScheduleBlockAnswer = blockBase.extend({
  scheduled: z.union([scheduledCourseAnswer, topicScheduleAnswer]).nullable(),
  amendments: z.array(amendmentAnswer.extend(eachReason)),
  appointments: z.array(appointmentAnswer.extend(eachReason)),
  /** Plans that chose this teacher for the block and date (or placed students with them by default). */
  planned: z.array(planAnswer.extend(eachReason)),
});
export type StaffScheduleBlock = z.infer<typeof staffScheduleBlockAnswer>;

export type ScheduleBlock = StudentScheduleBlock | StaffScheduleBlock;

export const dayLabelAnswer = z.object({
  day: z.string(),
  date: z.string(),
  full_date: z.string(),
  iso: z.string(),
  is_today: z.boolean(),
});
export type DayLabel = z.infer<typeof dayLabelAnswer>;

export const scheduleEventAnswer = z.object({ id: z.number(), name: z.string() });
export type ScheduleEvent = z.infer<typeof scheduleEventAnswer>;

export interface ScheduleDay<B extends ScheduleBlock = ScheduleBlock> {
  date: DayLabel;
  events: ScheduleEvent[];
  blocks: B[];
}

/** A week's answer with the blocks of one view. */
const scheduleAnswerOf = <B extends z.ZodType>(block: B) =>
  z.object({
    /** `Mar 15 - 21, 2026`. */
    range: z.string(),
    /** A date in the next / previous week, or null outside the school year. */
    next: z.string().nullable(),
    previous: z.string().nullable(),
    /** School year bounds (YYYY-MM-DD). */
    min_date: z.string().nullable(),
    max_date: z.string().nullable(),
    schedule: z.array(z.object({ date: dayLabelAnswer, events: z.array(scheduleEventAnswer), blocks: z.array(block) })),
  });

/** GET /api/students/{id|self}/schedule[/{date}] */
export const studentScheduleAnswer = scheduleAnswerOf(studentScheduleBlockAnswer);
/** GET /api/staff/{id}/schedule[/{date}] */
export const staffScheduleAnswer = scheduleAnswerOf(staffScheduleBlockAnswer);

export interface ScheduleResponse<B extends ScheduleBlock = ScheduleBlock> {
  range: string;
  next: string | null;
  previous: string | null;
  min_date: string | null;
  max_date: string | null;
  schedule: ScheduleDay<B>[];
}

export type StudentScheduleResponse = z.infer<typeof studentScheduleAnswer>;
export type StaffScheduleResponse = z.infer<typeof staffScheduleAnswer>;

/** A permanent refusal of an address by its mail server: nothing more is sent to it until it changes. */
export const emailRefusalAnswer = z.object({
  error: z.string(),
  /** ISO instant. */
  since: z.string(),
});
export type EmailRefusal = z.infer<typeof emailRefusalAnswer>;

/** GET /api/staff/profile/{id}; also the answer of POST /api/staff/capacity. */
export const staffProfileAnswer = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  title: z.string(),
  initials: z.string(),
  color: z.string(),
  administrator: z.boolean(),
  email: z.string(),
  /** Shown to the owner and to administrators / sysadmins; null otherwise. */
  capacity: z.number().nullable(),
  /** Offered to students, a default placement target and in the plan picker (off for office staff). */
  takes_students: z.boolean(),
  /** The viewer (a staff member) starred this person; always false for sysadmins. */
  starred: z.boolean(),
  /**
   * The owner and administrators: the mail server refused `email` for good (a 5xx), with its answer and
   * since when; nothing more is sent to it until the address changes. Null when it is not refused.
   */
  email_refused: emailRefusalAnswer.nullable().optional(),
});
export type StaffProfile = z.infer<typeof staffProfileAnswer>;

export const clusterRefAnswer = z.object({ id: z.number(), name: z.string() });
export type ClusterRef = z.infer<typeof clusterRefAnswer>;

/** GET /api/students/profile/{id|self} */
export const studentProfileAnswer = z.object({
  id: z.number(),
  /** The legal first name (lists and `name` show the preferred one when there is one). */
  first_name: z.string(),
  last_name: z.string(),
  /** The display name: "Preferred Last" when the student has a preferred first name, else "First Last". */
  name: z.string(),
  /** The preferred first name (an addition to the spec's fields), or null when none. */
  preferred_first_name: z.string().nullable(),
  grade: z.number(),
  initials: z.string(),
  color: z.string(),
  clusters: z.array(clusterRefAnswer),
  /** Staff and sysadmin viewers only; null for students. */
  student_number: z.string().nullable(),
  /** The viewer (a staff member) starred this student; false for other viewers. */
  starred: z.boolean(),
  /** Staff viewers: the student left and is archived (hidden from lists, search and check-in). */
  archived: z.boolean().optional(),
  /** Staff viewers: the default (homeroom) teacher default placement gives the student. */
  default_teacher: personRefAnswer.nullable().optional(),
  /** Staff viewers: the student's optional school email (single sign-on matches on it), null when none. */
  email: z.string().nullable().optional(),
  /** Staff viewers: the mail server refused that email for good (see StaffProfile.email_refused). */
  email_refused: emailRefusalAnswer.nullable().optional(),
  /**
   * Staff viewers: the first date the student attends (`YYYY-MM-DD`; an addition to the spec's
   * fields): their `attends_from`, else the date their account was created in the school's zone. Nobody
   * is counted absent before it, nor before the school's `attendance_from` setting.
   */
  attends_from: z.string().optional(),
});
export type StudentProfile = z.infer<typeof studentProfileAnswer>;

/** One row of POST /api/students/staff-list. */
export const staffListEntryAnswer = z.object({
  staff: personRefAnswer.extend({ initials: z.string(), color: z.string(), capacity: z.number() }),
  /** The teacher's (non-deleted) topic on that block and date. */
  topic: topicAnswer.nullable(),
  num_scheduled: z.number(),
  /** max(0, seats − plans − seats held for waitlist offers); seats: the capacity, or the topic's lower seat cap. */
  num_remaining: z.number(),
  /** The seats: the capacity, or the topic's seat cap when it sets a lower one (lib/choice/seats.server.ts effectiveCapacity). */
  seats: z.number().optional(),
  /** How many are on the teacher's waitlist for the block. */
  waitlist: z.number().optional(),
  /** The calling student's place on it (1: first), or null when they are not on it. */
  waitlist_position: z.number().nullable().optional(),
  /** Offer mode: the seat held for the calling student until then (ISO instant), or null. */
  offered_until: z.string().nullable().optional(),
  /**
   * Whether the student reading the list may join the teacher's topic (who may join: grades, clusters, sections);
   * always true for staff. Full and unavailable are told by num_remaining and topic.unavailable.
   */
  open: z.boolean().optional(),
  /** Why not, when `open` is false: "Chemistry 12 retake is only for CHEM12-01 and CHEM12-02." */
  closed_reason: z.string().nullable().optional(),
});
export type StaffListEntry = z.infer<typeof staffListEntryAnswer>;

/** POST /api/students/waitlist: the student's place in line (1: first). */
export const waitlistJoinAnswer = z.object({
  position: z.number(),
  student_id: z.number(),
  staff_id: z.number(),
  block_id: z.number(),
  date: z.string(),
});
export type WaitlistJoinResponse = z.infer<typeof waitlistJoinAnswer>;

/** DELETE /api/students/waitlist */
export const waitlistLeaveAnswer = z.object({
  student_id: z.number(),
  staff_id: z.number(),
  block_id: z.number(),
  date: z.string(),
  /** Offer mode: the seat held for the student went to the next in line. */
  offer_released: z.boolean(),
});
export type WaitlistLeaveResponse = z.infer<typeof waitlistLeaveAnswer>;

export const waitlistEntryAnswer = z.object({
  position: z.number(),
  student: personRefAnswer.extend({ grade: z.number(), student_number: z.string() }),
  joined_at: z.string(),
  /** Offer mode: a seat held for them until then (ISO instant). */
  offered_until: z.string().nullable(),
});
export type WaitlistEntryView = z.infer<typeof waitlistEntryAnswer>;

/** GET /api/staff/{id}/waitlist/{date}: the teacher's waitlists on the date, per block, in line order. */
export const staffWaitlistAnswer = z.object({
  staff_id: z.number(),
  date: z.string(),
  blocks: z.array(z.object({ block_id: z.number(), entries: z.array(waitlistEntryAnswer) })),
});
export type StaffWaitlistResponse = z.infer<typeof staffWaitlistAnswer>;

export type StaffListResponse = StaffListEntry[];

/** POST /api/students/schedule-plan */
export type SchedulePlanResponse = Plan;
/** GET /api/topics */
export type TopicsResponse = OwnTopic[];
/** POST /api/topics, PATCH /api/topics/{id}, DELETE /api/topics/{id} (the deleted topic) */
export type TopicResponse = OwnTopic;
/** POST /api/topics/schedule, DELETE /api/topics/schedule/{id} (the removed one) */
export type TopicScheduleResponse = TopicSchedule;
/** POST /api/appointments/create, DELETE /api/appointments/{id} (the deleted one) */
export type AppointmentResponse = Appointment;
/** POST /api/amendment */
export type AmendmentResponse = Amendment;
/** POST /api/staff/capacity */
export type CapacityResponse = StaffProfile;
