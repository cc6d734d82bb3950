/**
 * Response types of the scheduling API: week schedules, profiles, topics, plans,
 * appointments and amendments. The presenters in lib/schedule/present.ts, lib/people/present.ts and
 * lib/topics/present.ts build exactly these shapes; screens import them from here.
 * Dates are `YYYY-MM-DD` school-local dates; clock times are labels such as `9:26 AM`.
 */

import type { Rung } from "@/lib/core/choice/ladder";

/** A person as shown inside an item: staff `name` is "Mr. Smith, Jane", students "Jane Smith". */
export interface PersonRef {
  id: number;
  name: string;
}

/**
 * Why a student is where they are in a block (so no placement is a mystery): the `reason` of a block in a student's schedule
 * (lib/core/schedule/reason.ts words it).
 */
export type ReasonKind = "chosen" | "placed" | "booked" | "power_scheduler" | "amended" | "waitlist" | "standing";

export interface Reason {
  kind: ReasonKind;
  /** Who did it: the booking or amending staff member, the person who ran the Power Scheduler. */
  by?: PersonRef;
  /** The teacher of a plan (chosen, placed by default, or given from their waitlist). */
  teacher?: PersonRef;
  /** The memo of an appointment, an amendment or a Power Scheduler batch. */
  memo?: string;
  /** A Power Scheduler batch's rows: appointments or amendments. */
  batch?: "appointment" | "amendment";
  /** An amendment for every student (a Power Scheduler batch for all). */
  everyone?: boolean;
  /** A standing choice's day type ("Day 2"; kind "standing"). */
  day_type?: string;
  /** A standing choice's weekday (0 = Sunday … 6; kind "standing"). */
  weekday?: number;
  /** When: chosen, the placement cutoff, booked, amended, the batch ran (ISO instant). */
  at: string;
  /**
   * An appointment's lock (booked): true, the student cannot choose instead; false, an unlocked request
   * (lib/core/choice/ladder.ts "request"): the student may still choose. Absent on other kinds.
   */
  locked?: boolean;
  /** The rung of the priority ladder that holds the block (lib/core/choice/ladder.ts RUNGS), so the words match the rule. */
  rung?: Rung;
}

export type CheckInMethod = "manual" | "air" | "roll-call" | "retroactive" | "proactive";
/** How a check-in reads on a week: the ledger's method, and "kiosk" for an 'air' check-in a kiosk made (nobody signed in). */
export type LogMethod = CheckInMethod | "kiosk";

/** A teacher's topic. `staff` is its owner. */
export interface Topic {
  id: number;
  memo: string;
  /** One of the 18 palette names (lib/people/colors.ts). */
  color: string;
  unavailable: boolean;
  deleted: boolean;
  staff: PersonRef;
}

/** Who may join a topic (null: everyone); lib/choice/audience.ts. */
export interface TopicAudienceJson {
  grades: number[];
  cluster_ids: number[];
  section_ids: number[];
}

/**
 * A topic as its owner reads it (the topics routes): who may join and its seat cap, added to the
 * spec's fields, so the picker can grey a closed topic.
 */
export interface OwnTopic extends Topic {
  /** Seats below the teacher's capacity (null: the capacity). */
  seat_cap: number | null;
  /** Only these grades, clusters or sections may choose it (null: everyone). */
  open_to: TopicAudienceJson | null;
}

/** A topic put on one flex block on one date (the staff view's `scheduled` for a flex block). */
export interface TopicSchedule {
  id: number;
  date: string;
  block_id: number;
  topic: Topic;
}

export interface Amendment {
  id: number;
  memo: string;
  date: string;
  block_id: number;
  /** Who recorded it (null if that staff member was removed). */
  staff: PersonRef | null;
  /** null = a global amendment (every student). */
  student: PersonRef | null;
}

export interface Appointment {
  id: number;
  memo: string;
  date: string;
  block_id: number;
  staff: PersonRef;
  student: PersonRef;
  /** False: an unlocked request, the student may still choose (lib/core/choice/ladder.ts). Always sent; optional for older rows made by hand. */
  locked?: boolean;
  /** The recurring request it is an occurrence of (GET /api/appointments/series/{id}), or null. Always sent. */
  series_id?: number | null;
}

/** A ledger (check-in) row. */
export interface Log {
  id: number;
  /** `9:41 AM`, school time of capture. */
  time: string;
  method: LogMethod;
  /** Who checked the student in (null for a sysadmin or a removed staff member). */
  staff: PersonRef | null;
  student: PersonRef;
  topic: Topic | null;
}

/** A student's plan (their chosen teacher for a flex block on a date). */
export interface Plan {
  id: number;
  date: string;
  block_id: number;
  student: PersonRef;
  staff: PersonRef;
}

/** `scheduled` of a non-flex block (both views). */
export interface ScheduledCourse {
  id: number;
  name: string;
  short_name: string;
}

/** `scheduled` of a flex block in a student's schedule: the planned teacher and their topic there. */
export interface ScheduledTeacher {
  id: number;
  name: string;
  initials: string;
  color: string;
  topic: Topic | null;
}

/** `scheduled` of a flex block in a staff schedule: the teacher's own topic there. */
export type ScheduledTopic = TopicSchedule;

interface BlockBase {
  /** The block id. */
  id: number;
  start: string;
  end: string;
  label: string;
  flex: boolean;
  /** The block's end on that date is still ahead (in progress counts as pending). */
  pending: boolean;
  amendments: Amendment[];
  appointments: Appointment[];
  logs: Log[];
}

/** A block in a student's week. `scheduled`: course (non-flex), planned teacher (flex) or null. */
export interface StudentScheduleBlock extends BlockBase {
  scheduled: ScheduledCourse | ScheduledTeacher | null;
  /**
   * Why the student is where they are in this block (an addition to the spec's fields): an
   * amendment first, then an appointment, then the plan; null when nothing places them.
   */
  reason?: Reason | null;
  /**
   * A flex block: until when the student may choose a teacher for it (the choice deadline,
   * lib/choice/deadlines.ts; an addition to the spec's fields), as an ISO instant.
   */
  choose_until?: string | null;
  /**
   * False on a block before the student's attendance counts (the school's `attendance_from`, their
   * `attends_from` or the date their account was created) or once they were archived: such a flex
   * block is never Missed (lib/core/attendance/period.ts; an addition to the spec's fields).
   */
  attending?: boolean;
}

/**
 * Why each student is in a teacher's block (an addition to the spec's fields): a teacher's
 * block holds many students, so each plan, appointment and amendment carries its own reason.
 */
type WithReason<T> = T & { reason?: Reason | null };

/** A block in a teacher's week. `scheduled`: course (non-flex), own topic (flex) or null. */
export interface StaffScheduleBlock extends Omit<BlockBase, "amendments" | "appointments"> {
  scheduled: ScheduledCourse | ScheduledTopic | null;
  amendments: WithReason<Amendment>[];
  appointments: WithReason<Appointment>[];
  /** Plans that chose this teacher for the block and date (or placed students with them by default). */
  planned: WithReason<Plan>[];
}

export type ScheduleBlock = StudentScheduleBlock | StaffScheduleBlock;

export interface DayLabel {
  day: string;
  date: string;
  full_date: string;
  iso: string;
  is_today: boolean;
}

export interface ScheduleEvent {
  id: number;
  name: string;
}

export interface ScheduleDay<B extends ScheduleBlock = ScheduleBlock> {
  date: DayLabel;
  events: ScheduleEvent[];
  blocks: B[];
}

export interface ScheduleResponse<B extends ScheduleBlock = ScheduleBlock> {
  /** `Mar 15 - 21, 2026`. */
  range: string;
  /** A date in the next / previous week, or null outside the school year. */
  next: string | null;
  previous: string | null;
  /** School year bounds (YYYY-MM-DD). */
  min_date: string | null;
  max_date: string | null;
  schedule: ScheduleDay<B>[];
}

/** GET /api/students/{id|self}/schedule[/{date}] */
export type StudentScheduleResponse = ScheduleResponse<StudentScheduleBlock>;
/** GET /api/staff/{id}/schedule[/{date}] */
export type StaffScheduleResponse = ScheduleResponse<StaffScheduleBlock>;

/** GET /api/staff/profile/{id}; also the answer of POST /api/staff/capacity. */
export interface StaffProfile {
  id: number;
  first_name: string;
  last_name: string;
  name: string;
  title: string;
  initials: string;
  color: string;
  administrator: boolean;
  email: string;
  /** Shown to the owner and to administrators / sysadmins; null otherwise. */
  capacity: number | null;
  /** Offered to students, a default placement target and in the plan picker (off for office staff). */
  takes_students: boolean;
  /** The viewer (a staff member) starred this person; always false for sysadmins. */
  starred: boolean;
  /**
   * The owner and administrators: the mail server refused `email` for good (a 5xx), with its answer and
   * since when; nothing more is sent to it until the address changes. Null when it is not refused.
   */
  email_refused?: EmailRefusal | null;
}

/** A permanent refusal of an address by its mail server: nothing more is sent to it until it changes. */
export interface EmailRefusal {
  error: string;
  /** ISO instant. */
  since: string;
}

export interface ClusterRef {
  id: number;
  name: string;
}

/** GET /api/students/profile/{id|self} */
export interface StudentProfile {
  id: number;
  /** The legal first name (lists and `name` show the preferred one when there is one). */
  first_name: string;
  last_name: string;
  /** The display name: "Preferred Last" when the student has a preferred first name, else "First Last". */
  name: string;
  /** The preferred first name (an addition to the spec's fields), or null when none. */
  preferred_first_name: string | null;
  grade: number;
  initials: string;
  color: string;
  clusters: ClusterRef[];
  /** Staff and sysadmin viewers only; null for students. */
  student_number: string | null;
  /** The viewer (a staff member) starred this student; false for other viewers. */
  starred: boolean;
  /** Staff viewers: the student left and is archived (hidden from lists, search and check-in). */
  archived?: boolean;
  /** Staff viewers: the default (homeroom) teacher default placement gives the student. */
  default_teacher?: PersonRef | null;
  /** Staff viewers: the student's optional school email (single sign-on matches on it), null when none. */
  email?: string | null;
  /** Staff viewers: the mail server refused that email for good (see StaffProfile.email_refused). */
  email_refused?: EmailRefusal | null;
  /**
   * Staff viewers: the first date the student attends (`YYYY-MM-DD`; an addition to the spec's
   * fields): their `attends_from`, else the date their account was created in the school's zone. Nobody
   * is counted absent before it, nor before the school's `attendance_from` setting.
   */
  attends_from?: string;
}

/** One row of POST /api/students/staff-list. */
export interface StaffListEntry {
  staff: PersonRef & { initials: string; color: string; capacity: number };
  /** The teacher's (non-deleted) topic on that block and date. */
  topic: Topic | null;
  num_scheduled: number;
  /** max(0, seats − plans − seats held for waitlist offers); seats: the capacity, or the topic's lower seat cap. */
  num_remaining: number;
  /** The seats: the capacity, or the topic's seat cap when it sets a lower one (lib/choice/seats.server.ts effectiveCapacity). */
  seats?: number;
  /** How many are on the teacher's waitlist for the block. */
  waitlist?: number;
  /** The calling student's place on it (1: first), or null when they are not on it. */
  waitlist_position?: number | null;
  /** Offer mode: the seat held for the calling student until then (ISO instant), or null. */
  offered_until?: string | null;
  /**
   * Whether the student reading the list may join the teacher's topic (who may join: grades, clusters, sections);
   * always true for staff. Full and unavailable are told by num_remaining and topic.unavailable.
   */
  open?: boolean;
  /** Why not, when `open` is false: "Chemistry 12 retake is only for CHEM12-01 and CHEM12-02." */
  closed_reason?: string | null;
}

/** POST /api/students/waitlist: the student's place in line (1: first). */
export interface WaitlistJoinResponse {
  position: number;
  student_id: number;
  staff_id: number;
  block_id: number;
  date: string;
}

/** DELETE /api/students/waitlist */
export interface WaitlistLeaveResponse {
  student_id: number;
  staff_id: number;
  block_id: number;
  date: string;
  /** Offer mode: the seat held for the student went to the next in line. */
  offer_released: boolean;
}

export interface WaitlistEntryView {
  position: number;
  student: PersonRef & { grade: number; student_number: string };
  joined_at: string;
  /** Offer mode: a seat held for them until then (ISO instant). */
  offered_until: string | null;
}

/** GET /api/staff/{id}/waitlist/{date}: the teacher's waitlists on the date, per block, in line order. */
export interface StaffWaitlistResponse {
  staff_id: number;
  date: string;
  blocks: { block_id: number; entries: WaitlistEntryView[] }[];
}

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
