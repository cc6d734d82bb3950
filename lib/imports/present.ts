import type { ImportRow } from "@/db/queries/imports";
import type { SchoolDate } from "@/lib/core/time";
import { staffName } from "@/lib/people/names";
import type { Outcome, PlanSummary } from "./plan";

type Uploader = {
  staff: { title: string; first_name: string; last_name: string } | null;
  sysadmin_name: string | null;
};

export interface ImportSummary {
  id: number;
  kind: ImportRow["kind"];
  filename: string;
  status: ImportRow["status"];
  uploaded_by: string | null;
  created_at: string;
  finished_at: string | null;
  job_id: number | null;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  /** Rows giving an existing student number another name: nothing changed, to review (a typo must not rename a student). */
  conflicts: number;
  error: string | null;
}

export function presentImport(row: ImportRow, uploader: Uploader): ImportSummary {
  return {
    id: row.id,
    kind: row.kind,
    filename: row.filename,
    status: row.status,
    uploaded_by: uploader.staff ? staffName(uploader.staff) : uploader.sysadmin_name,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
    job_id: row.job_id,
    rows: row.total_rows,
    created: row.created_count,
    updated: row.updated_count,
    unchanged: row.unchanged_count,
    skipped: row.skipped_count,
    conflicts: row.conflict_count,
    error: row.error,
  };
}

/** A calendar import's report, kept in its history row's `result`; GET /api/imports/{id} answers it in `calendar`. */
export interface CalendarImportResult {
  added: number;
  /** Events already on the calendar (same date and name), or twice in the file. */
  duplicates: number;
  skipped_outside_year: number;
  plans_cancelled: number;
  /** The added events that close their day (no Focus Blocks). */
  no_blocks: number;
  file_kind: "ics" | "csv";
  /** The events added, by date. */
  events: { date: SchoolDate; name: string; no_blocks: boolean }[];
}

export interface ImportReportRow {
  row: number;
  outcome: Outcome;
  reason: string | null;
  key: string;
  name: string;
  person_id: number | null;
}

export interface ImportReport extends ImportSummary {
  headers: string[];
  update_existing: boolean;
  /** Rows written so far while the import runs (done of rows). */
  done: number;
  /** Only the uploader is told about (and may take) the one-time download. */
  passwords: { available: boolean; until: string | null; downloaded_at: string | null } | null;
  report_rows: ImportReportRow[];
  /** A calendar file's report (its events added, the counts); only on an import of kind `calendar`. */
  calendar?: CalendarImportResult | null;
}

/** One row the dry run lists. */
export interface DryRunRow {
  row: number;
  name: string;
  key: string;
  reason: string | null;
}

/** The dry run's answer: what importing the file would do, written nowhere. */
export interface DryRunResult extends PlanSummary {
  dry_run: true;
  filename: string;
  header_skipped: boolean;
  update_existing: boolean;
  errors: DryRunRow[];
  updates: DryRunRow[];
  existing: DryRunRow[];
  conflicts: DryRunRow[];
}

/** The 202 answer of an upload. */
export interface UploadAccepted {
  job_id: number;
  import_id: number;
  filename: string;
  rows: number;
  status: string;
  report: string;
  message: string;
}
