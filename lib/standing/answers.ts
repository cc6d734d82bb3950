import { z } from "zod";
import { personRefAnswer } from "@/lib/core/schedule/types";

/** The standing choices' answers as zod schemas; the service's and the screen's types are inferred from them. Client-safe. */

/** What a standing choice did on one Focus Block: planned, held, waitlisted, unavailable or closed, and why. */
export const standingOutcomeAnswer = z.object({
  date: z.string(),
  block_id: z.number(),
  outcome: z.string(),
  detail: z.string(),
});
export type StandingOutcomeView = z.infer<typeof standingOutcomeAnswer>;

/** A standing choice: a day type or a weekday (the other null), with a teacher, from a date until a date. */
export const standingChoiceAnswer = z.object({
  id: z.number(),
  staff: personRefAnswer,
  day_type: z.string().nullable(),
  weekday: z.number().nullable(),
  /** "Day 2" or "Tuesdays". */
  pattern: z.string(),
  from: z.string(),
  until: z.string(),
  created_at: z.string(),
});
export type StandingChoiceView = z.infer<typeof standingChoiceAnswer>;

/** GET /api/students/standing-choices: the student's standing choices and what the form offers. */
export const standingChoiceListAnswer = z.object({
  standing_choices: z.array(standingChoiceAnswer),
  /** The timetable's cycle in force today (its day types); null without a timetable. */
  cycle: z.object({ kind: z.enum(["weekly", "rotation"]), day_types: z.array(z.string()) }).nullable(),
  /** The teachers taking students. */
  teachers: z.array(personRefAnswer),
  today: z.string(),
});
export type StandingChoiceList = z.infer<typeof standingChoiceListAnswer>;

/** POST /api/students/standing-choices: the standing choice and what it did on its Focus Blocks so far. */
export const createdStandingChoiceAnswer = standingChoiceAnswer.extend({ outcomes: z.array(standingOutcomeAnswer) });
export type CreatedStandingChoice = z.infer<typeof createdStandingChoiceAnswer>;

/** DELETE /api/students/standing-choices/{id}: its plans removed on pending Focus Blocks. */
export const deletedStandingChoiceAnswer = z.object({ id: z.number(), plans_removed: z.number() });
export type DeletedStandingChoice = z.infer<typeof deletedStandingChoiceAnswer>;
