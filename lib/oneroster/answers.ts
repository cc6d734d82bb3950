import { z } from "zod";
import {
  beforeAfter,
  bundleProblemAnswer,
  sisAdministratorAnswer,
  protectedRowAnswer,
  fieldTallyAnswer,
  termMatchAnswer,
} from "@/lib/imports/oneroster-answers";

// The report an import of a bundle leaves is the import's: it lives in lib/imports, beside the others.
export {
  bundleProblemAnswer,
  sisAdministratorAnswer,
  protectedRowAnswer,
  fieldTallyAnswer,
  termMatchAnswer,
  oneRosterReportAnswer,
} from "@/lib/imports/oneroster-answers";

/**
 * The OneRoster answers as zod schemas (the planner's types in plan-types.ts are checked against them
 * where the routes return them). No server code here.
 */

const countsAnswer = z.object({
  created: z.number(),
  updated: z.number(),
  archived: z.number(),
  dropped: z.number(),
  unchanged: z.number(),
  errors: z.number(),
});

/** A change the dry run names (a few of each kind per action; the counts cover them all). */
const changeSampleAnswer = z.object({
  kind: z.enum(["term", "student", "staff", "course", "section", "enrollment", "teacher", "meeting"]),
  sourced_id: z.string(),
  name: z.string(),
  /** Updated: each field that changes, before → after. */
  fields: z.record(z.string(), beforeAfter).optional(),
  /** A school record adopted by something else than its sourcedId (a term by its name and dates). */
  matched: termMatchAnswer.shape.matched.optional(),
});

/**
 * A OneRoster bundle's dry run (POST /api/rostering/oneroster with dry_run, and a REST pull's dry run):
 * what would change, samples of each kind, the problems and what to choose; nothing written. A bundle
 * refused before planning answers the same shape, empty but for its errors (and without
 * `family_contacts`).
 */
export const oneRosterDryRunAnswer = z.object({
  dry_run: z.literal(true),
  org_sourced_id: z.string().nullable(),
  orgs: z.array(z.object({ sourced_id: z.string(), name: z.string(), type: z.string() })),
  /** The bundle's school year against the school's (`current`, null when it has none) and what applying does. */
  school_year: z
    .object({
      sourced_id: z.string(),
      name: z.string(),
      start: z.string(),
      end: z.string(),
      current: z.object({ start: z.string(), end: z.string() }).nullable(),
      change: z.enum(["set", "update", "same"]),
      problem: z.string().nullable(),
    })
    .nullable(),
  unmatched_periods: z.array(z.string()),
  /** Rows the bundle has for other schools than the one imported, left out. */
  other_schools: z.object({ users: z.number(), classes: z.number(), enrollments: z.number() }),
  counts: countsAnswer,
  /** Family contacts (student–guardian links) the bundle carries: contacts, never accounts. */
  family_contacts: z.number().optional(),
  samples: z.object({
    created: z.array(changeSampleAnswer),
    updated: z.array(changeSampleAnswer),
    archived: z.array(changeSampleAnswer),
    dropped: z.array(changeSampleAnswer),
  }),
  errors: z.array(bundleProblemAnswer),
  sis_administrators: z.array(sisAdministratorAnswer),
  protected: z.array(protectedRowAnswer),
  overwrites: z.array(fieldTallyAnswer),
  kept: z.array(fieldTallyAnswer),
  terms: z.array(termMatchAnswer),
  homerooms: z.object({ classes: z.number(), students: z.number() }),
});

/** POST /api/rostering/source/sync with dry_run: the bundle's dry run of what was pulled, and what the pull read. */
export const syncDryRunAnswer = oneRosterDryRunAnswer.extend({
  pull: z.object({
    pages: z.number(),
    rows: z.object({
      orgs: z.number(),
      academicSessions: z.number(),
      users: z.number(),
      courses: z.number(),
      classes: z.number(),
      enrollments: z.number(),
    }),
    /** How many of its rows the planner left out as other schools' (0 when it did not plan). */
    other_schools: z.number(),
    mode: z.enum(["full", "delta"]),
  }),
});

/** The roster source's newest run. */
const rosterRunAnswer = z.object({
  import_id: z.number(),
  job_id: z.number().nullable(),
  status: z.enum(["queued", "running", "done", "failed"]),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  counts: countsAnswer,
  error: z.string().nullable(),
});

/** GET and PUT /api/rostering/source: the SIS's OneRoster REST endpoint, never its secret, its newest run and its next. */
export const rosterSourceAnswer = z.object({
  base_url: z.string(),
  token_url: z.string(),
  client_id: z.string(),
  /** Never answered: only whether one is set. */
  client_secret: z.null(),
  client_secret_set: z.boolean(),
  version: z.enum(["1.1", "1.2"]),
  school_sourced_id: z.string().nullable(),
  schedule: z.string().nullable(),
  archive_missing: z.boolean(),
  updated_at: z.string(),
  last_run: rosterRunAnswer.nullable(),
  next_run_at: z.string().nullable(),
});

/** POST /api/rostering/source/test: whether the token endpoint and a page of orgs answered, in words (a failure is an answer too). */
export const rosterSourceTestAnswer = z.object({
  ok: z.boolean(),
  message: z.string(),
  steps: z.array(z.object({ step: z.enum(["token", "orgs"]), ok: z.boolean(), message: z.string() })),
  orgs: z.array(z.object({ sourced_id: z.string(), name: z.string(), type: z.string() })),
});
