import "server-only";
import type { Db } from "@/db";
import { insertImport } from "@/db/queries/imports";
import type { CalendarImportResult } from "@/lib/imports/present";

/**
 * A calendar file applied is one entry of the Imports history, like a roster file: finished at once (the
 * import is one transaction, no job), its counts in the history's columns and its report in `result`
 * (lib/imports/present.ts CalendarImportResult).
 */

/** The history row of an applied calendar file, written in the import's transaction; its report's address. */
export async function recordCalendarImport(
  tx: Db,
  values: { filename: string; uploadedBy: number; now: Date; result: CalendarImportResult },
) {
  const { result } = values;
  const entry = await insertImport(tx, {
    kind: "calendar",
    filename: values.filename,
    headers: [],
    uploaded_by: values.uploadedBy,
    status: "done",
    created_at: values.now,
    finished_at: values.now,
    total_rows: result.added + result.duplicates + result.skipped_outside_year,
    created_count: result.added,
    unchanged_count: result.duplicates,
    skipped_count: result.skipped_outside_year,
    result: { ...result },
  });
  return { id: entry.id, report: `/imports/${entry.id}` };
}
