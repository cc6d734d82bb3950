import { z } from "zod";
import { idOf, numeric, schoolDate } from "@/lib/api/schemas";
import { gradeFilter, optional } from "@/lib/reports/schemas";

/**
 * GET /api/dashboard: the administrator's "who is falling through" page and each teacher's own.
 * The query and the answer are one contract for the screen, the CSV and other clients: add fields,
 * never rename or remove one.
 */

const threshold = (what: string) =>
  numeric(
    z
      .number({ error: `The ${what} threshold is a whole number from 1 to 100.` })
      .int({ error: `The ${what} threshold is a whole number from 1 to 100.` })
      .min(1, { error: `The ${what} threshold is a whole number from 1 to 100.` })
      .max(100, { error: `The ${what} threshold is a whole number from 1 to 100.` }),
  );

/** The longest range one dashboard covers: two school years. */
export const MAX_DASHBOARD_DAYS = 731;

/** The lists that export as CSV (`format=csv&list=…`). */
export const DASHBOARD_LISTS = [
  "participation",
  "never_chose",
  "missed",
  "elsewhere",
  "waitlisted_never_placed",
  "not_seen",
  "teacher_load",
  "unmet",
] as const;
export type DashboardList = (typeof DASHBOARD_LISTS)[number];

export const dashboardQuery = z.object({
  /** Default: the last four weeks of school days up to today. */
  from: optional(schoolDate),
  to: optional(schoolDate),
  grade: gradeFilter,
  /** A homeroom, named by its teacher (students.default_teacher_id). */
  homeroom_id: optional(idOf("homeroom")),
  cluster_id: optional(idOf("cluster")),
  /** Whose scope: administrators may name any teacher; a teacher only themselves (another: 403). */
  staff_id: optional(idOf("teacher")),
  /** "Missed N or more Focus Blocks" (default 3). */
  missed_min: optional(threshold("missed")),
  /** "Checked in elsewhere than planned N or more times" (default 3). */
  elsewhere_min: optional(threshold("elsewhere")),
  format: optional(z.enum(["json", "csv"], { error: "The format is json or csv." })),
  /** With format=csv: which list. */
  list: optional(z.enum(DASHBOARD_LISTS, { error: `The list is one of ${DASHBOARD_LISTS.join(", ")}.` })),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/** A student in a list; `student_number` is null when the privacy setting hides numbers from the caller. */
const student = z.object({
  student_id: z.number(),
  name: z.string(),
  student_number: z.string().nullable(),
  grade: z.number(),
  homeroom: z.string().nullable(),
});

const counted = student.extend({ count: z.number() });

export const dashboardAnswer = z.object({
  from: z.string(),
  to: z.string(),
  /** How many school days with a Focus Block the range holds. */
  school_days: z.number(),
  scope: z.object({
    /** null: the whole school (administrators); a staff id: that teacher's students and blocks. */
    staff_id: z.number().nullable(),
    grade: z.number().nullable(),
    homeroom_id: z.number().nullable(),
    cluster_id: z.number().nullable(),
  }),
  thresholds: z.object({ missed_min: z.number(), elsewhere_min: z.number() }),
  /** Per school day: student-blocks by how the student came to be where they were. */
  participation: z.array(
    z.object({
      date: z.string(),
      chose: z.number(),
      placed: z.number(),
      appointment: z.number(),
      checked_in: z.number(),
      absent: z.number(),
    }),
  ),
  follow_up: z.object({
    /** Never chose in the range (always placed); count = blocks placed by default. */
    never_chose: z.array(counted),
    /** Missed missed_min or more Focus Blocks; count = blocks missed. */
    missed: z.array(counted),
    /** Checked in elsewhere than planned elsewhere_min or more times; count = such blocks. */
    elsewhere: z.array(counted),
    /** On a waitlist in the range and never placed from it; count = waitlists joined. */
    waitlisted_never_placed: z.array(counted),
  }),
  /** Per teacher: students in their sections who have not attended their Focus Block in the term. */
  not_seen: z.array(
    z.object({
      staff_id: z.number(),
      name: z.string(),
      students: z.array(student.extend({ sections: z.array(z.string()) })),
    }),
  ),
  /** Per teacher who takes students (office staff left out). */
  teacher_load: z.array(
    z.object({
      staff_id: z.number(),
      name: z.string(),
      blocks: z.number(),
      planned: z.number(),
      capacity: z.number(),
      /** Blocks at or over capacity, and blocks with nobody planned. */
      full_blocks: z.number(),
      empty_blocks: z.number(),
      requests: z.number(),
      /** The longest waitlist they had in the range, and the total of waitlist entries. */
      waitlist_longest: z.number(),
      waitlist_total: z.number(),
    }),
  ),
  /** Requests and standing choices that could not be placed, with the rule that refused them. */
  unmet: z.array(
    z.object({
      kind: z.enum(["request", "standing"]),
      date: z.string(),
      block: z.string(),
      student_id: z.number(),
      student: z.string(),
      staff_id: z.number().nullable(),
      staff: z.string().nullable(),
      /** The refusing rule in words ("Ms. Ruiz was full", "a locked appointment held the student"). */
      reason: z.string(),
    }),
  ),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;
