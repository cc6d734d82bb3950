import { z } from "zod";
import { oneRosterReportAnswer } from "./oneroster-answers";

/**
 * The imports' answers as zod schemas (CSV files of people, OneRoster bundles, calendar files): the
 * routes declare them, so the OpenAPI document shows them and the api tests check every answer against
 * them. The presenters' interfaces (lib/imports/present.ts) are checked against them where the routes
 * return them. No server code here.
 */

const importKindAnswer = z.enum(["students", "staff", "oneroster", "calendar"]);

/** An import in the history. */
export const importSummaryAnswer = z.object({
  id: z.number(),
  kind: importKindAnswer,
  filename: z.string(),
  status: z.enum(["queued", "running", "done", "failed"]),
  uploaded_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  job_id: z.number().nullable(),
  rows: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  skipped: z.number(),
  /** Rows giving an existing student number another name: nothing changed, to review. */
  conflicts: z.number(),
  error: z.string().nullable(),
});

/** GET /api/imports: the latest imports of every kind, newest first. */
export const importListAnswer = z.array(importSummaryAnswer);

/** A calendar file's report, kept in its history row; GET /api/imports/{id} answers it in `calendar`. */
export const calendarImportResultAnswer = z.object({
  added: z.number(),
  duplicates: z.number(),
  skipped_outside_year: z.number(),
  plans_cancelled: z.number(),
  /** The added events that close their day (no Focus Blocks). */
  no_blocks: z.number(),
  file_kind: z.enum(["ics", "csv"]),
  events: z.array(z.object({ date: z.string(), name: z.string(), no_blocks: z.boolean() })),
});

/**
 * GET /api/imports/{id}: every row's outcome, the progress while it runs, the one-time password download
 * (for the uploader of a CSV of people, else null); a calendar file's report in `calendar`, a OneRoster
 * import's result in `oneroster` (each present only on an import of that kind).
 */
export const importReportAnswer = importSummaryAnswer.extend({
  headers: z.array(z.string()),
  update_existing: z.boolean(),
  /** Rows written so far while the import runs (done of rows). */
  done: z.number(),
  passwords: z.object({ available: z.boolean(), until: z.string().nullable(), downloaded_at: z.string().nullable() }).nullable(),
  report_rows: z.array(
    z.object({
      row: z.number(),
      outcome: z.enum(["created", "updated", "unchanged", "skipped", "conflict"]),
      reason: z.string().nullable(),
      key: z.string(),
      name: z.string(),
      person_id: z.number().nullable(),
    }),
  ),
  calendar: calendarImportResultAnswer.nullable().optional(),
  oneroster: oneRosterReportAnswer.nullable().optional(),
});

/** GET /api/imports/mappings: the remembered mapping of a header row (each column's field, null: ignored); null when never uploaded. */
export const rememberedMappingAnswer = z.object({
  kind: z.enum(["students", "staff"]),
  headers_key: z.string(),
  mapping: z.array(z.string().nullable()).nullable(),
  updated_at: z.string().nullable(),
});

const dryRunRowAnswer = z.object({ row: z.number(), name: z.string(), key: z.string(), reason: z.string().nullable() });

/**
 * POST /api/students/upload and /api/staff/upload with `dry_run`: what importing the file would do,
 * written nowhere (200; the upload itself answers 202 with its job).
 */
export const csvDryRunAnswer = z.object({
  dry_run: z.literal(true),
  filename: z.string(),
  header_skipped: z.boolean(),
  update_existing: z.boolean(),
  rows: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  skipped: z.number(),
  /** Rows giving an existing student number another name: they change nothing, to review. */
  conflict: z.number(),
  errors: z.array(dryRunRowAnswer),
  updates: z.array(dryRunRowAnswer),
  existing: z.array(dryRunRowAnswer),
  conflicts: z.array(dryRunRowAnswer),
});
