import { z } from "zod";

/** The family contacts' answers as zod schemas; the service's and the profile's types are inferred from them. */

/** A guardian as the API shows it: `email` and `locale` only to administrators (absent otherwise). */
export const guardianAnswer = z.object({
  id: z.number(),
  name: z.string(),
  relationship: z.string(),
  source: z.enum(["oneroster", "csv", "manual"]),
  email: z.string().optional(),
  /** The language their emails are written in (a BCP 47 tag; English when null). */
  locale: z.string().nullable().optional(),
});
export type GuardianView = z.infer<typeof guardianAnswer>;

/** GET /api/students/{id}/guardians. */
export const guardianListAnswer = z.object({ guardians: z.array(guardianAnswer), addresses_shown: z.boolean() });
export type GuardianList = z.infer<typeof guardianListAnswer>;

/** DELETE /api/students/{id}/guardians/{guardianId}. */
export const removedGuardianAnswer = z.object({ deleted: z.literal(true), id: z.number() });
export type RemovedGuardian = z.infer<typeof removedGuardianAnswer>;
