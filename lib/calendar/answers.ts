import { z } from "zod";

/** The calendar administration answers as zod schemas; the services' and screens' types are inferred from them. */

/** A school day whose day type a change moves (the rotation shifted, the day closed, a new cycle). */
export const dayTypeChangeAnswer = z.object({
  date: z.string(),
  /** The day type it had. */
  from: z.string(),
  /** The day type it gets; null when it is no longer a school day. */
  to: z.string().nullable(),
});
export type DayTypeChange = z.infer<typeof dayTypeChangeAnswer>;

/** GET /api/school-year: the year's bounds, its terms and how many school days and Focus Blocks it has. */
export const schoolYearAnswer = z.object({
  start: z.string().nullable(),
  end: z.string().nullable(),
  attendance_from: z.string().nullable(),
  terms: z.array(z.object({ id: z.number(), name: z.string(), start: z.string(), end: z.string() })),
  school_days: z.number(),
  focus_blocks: z.number(),
  focus_blocks_by_term: z.array(z.object({ name: z.string(), focus_blocks: z.number() })),
});
export type SchoolYear = z.infer<typeof schoolYearAnswer>;

/** What a dry run answers: the dates whose day type the change would move. */
export const dryRunAnswer = z.object({ dry_run: z.literal(true), day_type_changes: z.array(dayTypeChangeAnswer) });
export type DryRun = z.infer<typeof dryRunAnswer>;

/** PUT /api/school-year: the year as GET answers it with the day types it moved, or a dry run's answer. */
export const savedSchoolYearAnswer = z.union([
  schoolYearAnswer.extend({ day_type_changes: z.array(dayTypeChangeAnswer) }),
  dryRunAnswer,
]);
