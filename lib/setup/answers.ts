import { z } from "zod";

/** GET /api/setup's answer as a zod schema (lib/setup/checklist.server.ts builds it; the route checks its type against this). */

const checklistItemAnswer = z.object({
  /** The step (lib/wiki/help/setup-steps.ts SETUP_KEYS). */
  key: z.string(),
  title: z.string(),
  done: z.boolean(),
  detail: z.string(),
  /** The screen that does this step. */
  href: z.string(),
  /** The step's help post in the wiki (null when the school deleted it). */
  help: z.string().nullable(),
  /** A step the school may leave (email): it does not count towards "Every step is done". */
  optional: z.boolean().optional(),
  /** The email step: whether this server has a mail server to send with (the step offers a test message). */
  mail_configured: z.boolean().optional(),
});

const previewDayAnswer = z.object({
  date: z.string(),
  /** `Tue Sep 8, 2026`. */
  label: z.string(),
  day_type: z.string().nullable(),
  bell_schedule: z.string().nullable(),
  blocks: z.array(z.object({ id: z.number(), label: z.string(), flex: z.boolean(), start: z.string(), end: z.string() })),
});

/** The setup checklist: each step done or what is missing, and the first school week with a Focus Block (null without one). */
export const setupChecklistAnswer = z.object({
  items: z.array(checklistItemAnswer),
  preview: z.object({ first_day: z.string(), days: z.array(previewDayAnswer), teachers_taking_students: z.number() }).nullable(),
});
