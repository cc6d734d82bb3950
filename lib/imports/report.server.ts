import "server-only";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import {
  importRowsOf,
  importWithUploader,
  listImports,
  lockImport,
  purgeExpiredPasswords,
  takeImportPasswords,
  updateImport,
} from "@/db/queries/imports";
import { ApiError, forbidden, notFound } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import { toCsv } from "@/lib/csv";
import { csvFile, type FileAnswer } from "@/lib/api/answers";
import { presentImport, type CalendarImportResult, type ImportReport, type ImportSummary } from "./present";

const LIST_LIMIT = 200;

/** GET /api/imports: the latest imports of every kind, newest first (administrators and sysadmins). */
export async function importsList(db: Db): Promise<ImportSummary[]> {
  const rows = await listImports(db, LIST_LIMIT);
  return rows.map((row) => presentImport(row.import, row));
}

/**
 * GET /api/imports/{id}: every row's outcome, the progress while it runs, and — for the uploader
 * only — whether the one-time password download is still there; a calendar file's report in `calendar`.
 */
export async function importReport(
  db: Db,
  principal: Principal,
  id: number,
  now: Date,
): Promise<ImportReport> {
  await purgeExpiredPasswords(db);
  const [found, rows] = await Promise.all([importWithUploader(db, id), importRowsOf(db, id)]);
  if (!found) throw notFound("The import could not be found.");
  const row = found.import;
  const isUploader = row.uploaded_by === principal.user.id;
  const open =
    row.passwords_until !== null && row.passwords_until > now && row.passwords_downloaded_at === null;
  return {
    ...presentImport(row, found),
    headers: row.headers,
    update_existing: row.update_existing,
    done: row.status === "done" ? row.total_rows : Math.min(found.done ?? 0, row.total_rows),
    // Only a CSV of people makes accounts with passwords to download: a OneRoster import's new accounts sign in
    // with single sign-on or get theirs from the Credentials Manager, and a calendar file makes none.
    passwords: isUploader && (row.kind === "students" || row.kind === "staff")
      ? {
          available: open && row.created_count > 0,
          until: row.passwords_until?.toISOString() ?? null,
          downloaded_at: row.passwords_downloaded_at?.toISOString() ?? null,
        }
      : null,
    report_rows: rows.map(({ row_number, ...r }) => ({ row: row_number, ...r })),
    ...(row.kind === "calendar" ? { calendar: (row.result as CalendarImportResult | null) ?? null } : {}),
  };
}

const gone = (message: string) => new ApiError(410, "passwords_gone", message);

/**
 * POST /api/imports/{id}/passwords: the new accounts' initial passwords as CSV, once. Only the
 * uploader, only after the import ended, only within 24 hours; the passwords are deleted as they are
 * read, in the same transaction that marks them downloaded.
 */
export async function downloadPasswords(
  db: Db,
  principal: Principal,
  id: number,
  now: Date,
): Promise<FileAnswer> {
  const taken = await db.transaction(async (tx) => {
    const row = await lockImport(tx, id);
    if (!row) throw notFound("The import could not be found.");
    if (row.uploaded_by !== principal.user.id) {
      throw forbidden("Only the person who uploaded this file can download its initial passwords.");
    }
    if (row.status === "queued" || row.status === "running") {
      throw new ApiError(
        409,
        "import_running",
        "The file is still being processed. Try again when it has finished.",
      );
    }
    if (row.passwords_downloaded_at) throw gone("The initial passwords were already downloaded.");
    if (!row.passwords_until || row.passwords_until <= now) {
      throw gone("The initial passwords are no longer available: they are kept for 24 hours.");
    }
    const passwords = await takeImportPasswords(tx, id);
    await updateImport(tx, id, { passwords_downloaded_at: now });
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "import.passwords_download",
      details: { import_id: id, filename: row.filename, accounts: passwords.length },
    });
    return { row, passwords: passwords.sort((a, b) => a.row_number - b.row_number) };
  });
  const usernameLabel = taken.row.kind === "students" ? "Student number" : "Email";
  const csv = toCsv(
    [
      ["Row", "Name", usernameLabel, "Initial password"],
      ...taken.passwords.map((p) => [p.row_number, p.name, p.username, p.password]),
    ],
    { bom: true, quoteEdgeSpaces: true },
  );
  const base = taken.row.filename.replace(/\.csv$/i, "").replace(/[^\w.-]+/g, "_") || "import";
  return csvFile(csv, `${base}-initial-passwords.csv`);
}
