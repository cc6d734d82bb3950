import { z } from "zod";

/** POST /api/rostering/oneroster: the multipart form's text fields (the zip itself is `file`). */
export const onerosterFields = z.object({
  dry_run: z.enum(["true", "false"], { error: "dry_run must be true or false." }).transform((v) => v === "true"),
  /** Change the school year to the bundle's when they differ (a school without one gets it anyway). */
  apply_school_year: z
    .enum(["true", "false"], { error: "apply_school_year must be true or false." })
    .optional()
    .transform((v) => v === "true"),
  org_sourced_id: z
    .string()
    .trim()
    .max(255, { error: "org_sourced_id is too long." })
    .optional()
    .transform((v) => v || undefined),
  periods: z
    .string()
    .max(10_000, { error: "periods is too long." })
    .optional()
    .transform((v, ctx) => {
      if (!v?.trim()) return undefined;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: 'periods must be JSON, like {"3": 12}.' });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .record(z.string().max(100), z.number({ error: "Each period maps to a block's id." }).int().positive(), {
          error: 'periods must map each period to a block\'s id, like {"3": 12}.',
        })
        .optional(),
    ),
});

export type OneRosterFields = z.infer<typeof onerosterFields>;
