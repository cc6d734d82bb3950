import { z } from "zod";
import { personRefAnswer } from "@/lib/core/schedule/types";

/** The placement API's answers as zod schemas; the service's and the screens' types are inferred from them (lib/placement/types.ts). */

/** GET /api/placement/self: the student's upcoming Focus Blocks still without a teacher. */
export const placementToDoAnswer = z.object({
  /** Upcoming (pending) Focus Blocks without a teacher, soonest first. */
  open: z.array(
    z.object({
      date: z.string(),
      block_id: z.number(),
      cutoff_at: z.string().nullable(),
      /** Until when the student may choose (the choice deadline, lib/choice/deadlines.ts). */
      choose_until: z.string().nullable(),
    }),
  ),
  /** Placement on and the next open block's cutoff still ahead: the banner's "not chosen yet". */
  next_cutoff_at: z.string().nullable(),
});

export const unscheduledStudentAnswer = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  grade: z.number(),
  /** Null where the viewer may not see it (administrators always; other staff while show-student-numbers is on). */
  student_number: z.string().nullable(),
  default_teacher: personRefAnswer.nullable(),
});

/** A date's default placement run. */
export const placementRunAnswer = z.object({ placed: z.number(), skipped: z.number(), cutoff_at: z.string(), ran_at: z.string() });

/** GET /api/placement/unscheduled. */
export const unscheduledAnswer = z.object({
  date: z.string(),
  /** The date's cutoff (null: placement is off or no Focus Block meets that day). */
  cutoff_at: z.string().nullable(),
  placed_run: placementRunAnswer.nullable(),
  students: z.array(unscheduledStudentAnswer),
});

/** POST /api/placement/run: how many students the run placed and skipped, in a sentence too. */
export const placeNowAnswer = z.object({ date: z.string(), placed: z.number(), skipped: z.number(), message: z.string() });
