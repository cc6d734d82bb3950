import { z } from "zod";

/** A URL as the roster source takes it: http(s), no user or password in it, no fragment. The https rule needs a setting: lib/oneroster/rest/source.server.ts. */
const address = (what: string) =>
  z
    .string({ error: `${what} is required.` })
    .trim()
    .min(1, { error: `${what} is required.` })
    .max(500, { error: `${what} is longer than 500 characters.` })
    .refine((value) => URL.canParse(value), { error: `${what} is not a web address.` })
    .refine((value) => !URL.canParse(value) || ["http:", "https:"].includes(new URL(value).protocol), {
      error: `${what} must start with https://.`,
    })
    .refine((value) => !URL.canParse(value) || (!new URL(value).username && !new URL(value).password), {
      error: `${what} may not carry a user name or password: give them as the client id and secret.`,
    })
    .refine((value) => !URL.canParse(value) || !new URL(value).hash, {
      error: `${what} may not have a #fragment.`,
    })
    .transform((value) => value.replace(/\/+$/, ""));

/** PUT /api/rostering/source (and the body of POST /api/rostering/source/test). */
export const rosterSourceBody = z.object({
  base_url: address("The base URL"),
  token_url: address("The token URL"),
  client_id: z
    .string({ error: "The client id is required." })
    .trim()
    .min(1, { error: "The client id is required." })
    .max(255, { error: "The client id is longer than 255 characters." }),
  /** Omitted or "": the stored one is kept. */
  // Only spaces is no secret: kept as "" (the stored one, or required), as the screen treats it.
  client_secret: z
    .string({ error: "The client secret must be text." })
    .max(1000, { error: "The client secret is longer than 1000 characters." })
    .transform((value) => (value.trim() === "" ? "" : value))
    .optional(),
  version: z.enum(["1.1", "1.2"], { error: "version must be 1.1 or 1.2." }),
  school_sourced_id: z
    .string({ error: "school_sourced_id must be text." })
    .trim()
    .max(255, { error: "school_sourced_id is longer than 255 characters." })
    .nullish()
    .transform((v) => v || null),
  schedule: z
    .string({ error: "schedule must be a time such as 02:00." })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
      error: "schedule must be a time such as 02:00 (HH:MM, school time).",
    })
    .nullish()
    .transform((v) => v ?? null),
  archive_missing: z.boolean({ error: "archive_missing must be true or false." }).optional().default(false),
});

export type RosterSourceBody = z.infer<typeof rosterSourceBody>;

/** POST /api/rostering/source/test: nothing (the saved source), or a source to try before saving it (read as rosterSourceBody then). */
export const rosterTestBody = z.record(z.string(), z.unknown(), { error: "The body must be a JSON object." });

/** POST /api/rostering/source/sync. */
export const rosterSyncBody = z.object({
  dry_run: z.boolean({ error: "dry_run must be true or false." }),
  /** Pull everything, not only what changed since the last pull. */
  full: z.boolean({ error: "full must be true or false." }).optional().default(false),
});
