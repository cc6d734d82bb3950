import { z } from "zod";

/**
 * The OneRoster answers as zod schemas (the planner's types in plan-types.ts are checked against them
 * where the routes return them). No server code here.
 */

const before = z.object({ before: z.unknown(), after: z.unknown() });

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
  fields: z.record(z.string(), before),
});

/** A field's values an import overwrites (SIS-owned) or keeps (the school's), counted, with a few by name. */
export const fieldTallyAnswer = z.object({
  kind: z.enum(["student", "staff"]),
  field: z.string(),
  count: z.number(),
  samples: z.array(z.object({ sourced_id: z.string(), name: z.string(), before: z.unknown(), after: z.unknown() })),
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
        .object({ id: z.number(), first_name: z.string(), last_name: z.string(), title: z.string(), initials: z.string() })
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
  fields: z.record(z.string(), before).optional(),
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
