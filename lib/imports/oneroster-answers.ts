import { z } from "zod";

/**
 * What an import of a OneRoster bundle (or a REST pull) leaves in its report: the import history's
 * report answers with it (lib/imports/answers.ts), and lib/oneroster/answers.ts builds its dry runs on
 * these. No server code here.
 */

/** A field as it was and as it becomes. */
export const beforeAfter = z.object({ before: z.unknown(), after: z.unknown() });

export const bundleProblemAnswer = z.object({
  file: z.string(),
  /** The line in the file (1 = the header); 0 for the bundle as a whole. */
  line: z.number(),
  reason: z.string(),
});

/** A person the SIS calls an administrator (principals and office staff alike). */
export const sisAdministratorAnswer = z.object({
  sourced_id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  /** The SIS's role as it names it, lower-cased. */
  role: z.string(),
  /** Null until the import creates them. */
  staff_id: z.number().nullable(),
  administrator: z.boolean(),
  granted: z.boolean(),
  removed_by_school: z.boolean(),
});

/** A row skipped because it would change a sysadmin's or an administrator's account. */
export const protectedRowAnswer = z.object({
  sourced_id: z.string(),
  name: z.string(),
  line: z.number(),
  account: z.enum(["sysadmin", "administrator"]),
  reason: z.string(),
  fields: z.record(z.string(), beforeAfter),
});

/** A field's values an import overwrites (SIS-owned) or keeps (the school's), counted, with a few by name. */
export const fieldTallyAnswer = z.object({
  kind: z.enum(["student", "staff"]),
  field: z.string(),
  count: z.number(),
  samples: z.array(
    z.object({ sourced_id: z.string(), name: z.string(), before: z.unknown(), after: z.unknown() }),
  ),
});

/** How a bundle's term matched the school's (null: new). */
export const termMatchAnswer = z.object({
  sourced_id: z.string(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  matched: z.enum(["sourced_id", "name_and_dates", "dates", "name"]).nullable(),
  term: z.object({ id: z.number(), name: z.string(), start: z.string(), end: z.string() }).nullable(),
});

/** A OneRoster import's result (GET /api/imports/{id} `oneroster`), each SIS administrator with their staff record as it is now. */
export const oneRosterReportAnswer = z.object({
  created: z.number(),
  updated: z.number(),
  archived: z.number(),
  dropped: z.number(),
  unchanged: z.number(),
  errors: z.array(bundleProblemAnswer),
  unmatched_periods: z.array(z.string()),
  /** The school year this import set or changed (from → to), else absent. */
  school_year: z
    .object({
      start: z.string(),
      end: z.string(),
      change: z.enum(["set", "update"]),
      before: z.object({ start: z.string(), end: z.string() }).nullable(),
    })
    .optional(),
  sis_administrators: z.array(
    sisAdministratorAnswer.extend({
      staff: z
        .object({
          id: z.number(),
          first_name: z.string(),
          last_name: z.string(),
          title: z.string(),
          initials: z.string(),
        })
        .nullable(),
    }),
  ),
  /** What the dry run showed beside the counts (absent in jobs of an earlier release). */
  protected: z.array(protectedRowAnswer).optional(),
  overwrites: z.array(fieldTallyAnswer).optional(),
  kept: z.array(fieldTallyAnswer).optional(),
  terms: z.array(termMatchAnswer).optional(),
  homerooms: z.object({ classes: z.number(), students: z.number() }).optional(),
  /** Staff whose role this import set, each audited (roster.role_change). */
  role_changes: z.number().optional(),
});
