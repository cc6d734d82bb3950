import "server-only";
import type { Db } from "@/db";
import {
  countImports,
  insertImport,
  lockUploader,
  saveImportMapping,
  updateImport,
} from "@/db/queries/imports";
import { insertUpload } from "@/db/queries/uploads";
import { tooLarge } from "@/lib/api/body";
import { UploadedFile, type UploadForm } from "@/lib/api/multipart.server";
import { accepted } from "@/lib/api/answers";
import { ApiError, conflict, fieldErrors, invalid } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import { type Caller, checkOwnPassword } from "@/lib/auth/service.server";
import { enqueueJob } from "@/lib/jobs/queue.server";
import { wakeJobRunner } from "@/lib/jobs/wake.server";
import { planBatch } from "./batch.server";
import { ImportFileError, fileRejected } from "./errors";
import { MAX_CSV_BYTES, MAX_FILES_PER_UPLOAD, headersKey, type ImportKind } from "./fields";
import { reportPath } from "./notify.server";
import type { DryRunResult } from "./present";
import { summarize } from "./plan";
import { readImportFile, type ImportCandidate } from "./read.server";
import { uploadFields, type UploadFields } from "./schemas";

/** Past the cap the stream is cut before the file's name is read: the reason names the limit. */
const TOO_LARGE = "A CSV file can be at most 2 MB. Split it into smaller files.";
/** The upload as route() reads it (`multipart`): room for the framing and the text fields around one file. */
export const CSV_UPLOAD = { maxBytes: MAX_CSV_BYTES + 64 * 1024, tooLarge: TOO_LARGE };
/** Types browsers give .csv files (Windows with Excel installed says vnd.ms-excel). */
const CSV_TYPES = new Set([
  "text/csv",
  "application/csv",
  "text/x-csv",
  "application/vnd.ms-excel",
  "text/plain",
  "",
]);
/** How many rows of each kind the dry run lists (the counts cover them all). */
const LISTED = 500;

/** The form's file and fields, every problem a 4xx. */
function readUpload(form: UploadForm, kind: ImportKind): { file: UploadedFile; fields: UploadFields } {
  const files = form.getAll("file");
  const file = files[0];
  if (!(file instanceof UploadedFile)) throw invalid({ file: ["Choose a CSV file to upload."] });
  if (files.length > 1) throw invalid({ file: ["Send one file per request."] });
  const type = file.type.split(";")[0]!.trim().toLowerCase();
  if (!CSV_TYPES.has(type) || (type !== "text/csv" && !/\.csv$/i.test(file.name))) {
    throw new ApiError(415, "not_csv", `${file.name} is not a CSV file.`, {
      file: [`${file.name} is not a CSV file.`],
    });
  }
  if (file.size > MAX_CSV_BYTES) throw tooLarge(`${file.name} is larger than 2 MB.`);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const parsed = uploadFields(kind).safeParse({
    headers: text("headers"),
    mapping: text("mapping"),
    header_row: text("header_row"),
    password: text("password"),
    dry_run: text("dry_run"),
    update_existing: text("update_existing"),
    batch: text("batch") || undefined,
  });
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  return { file, fields: parsed.data };
}

const filenameOf = (file: UploadedFile) => file.name.replace(/[\\/]/g, "_").slice(0, 200) || "upload.csv";

/**
 * POST /api/students/upload and /api/staff/upload. Re-checks everything the wizard checked (one CSV
 * file, at most 2 MB, the columns' fields — ignored ones included —, the rows' shape) and then either
 * answers the dry run — what the import would do, writing nothing — or confirms the caller's password,
 * stores the file, remembers the mapping of its header row for the next upload of the same columns,
 * and queues the import, answering 202 at once with the job to poll.
 */
export async function uploadCsv(
  db: Db,
  principal: Principal,
  kind: ImportKind,
  form: UploadForm,
  caller: Caller,
  now: Date,
) {
  const { file, fields } = readUpload(form, kind);
  const filename = filenameOf(file);
  const bytes = file.bytes;
  if (!fields.dry_run) {
    if (!fields.password) throw invalid({ password: ["A password is required."] });
    await checkOwnPassword(db, principal, fields.password, caller, now);
  }
  const read = await readImportFile(db, kind, {
    bytes,
    filename,
    headers: fields.headers,
    headerRow: fields.header_row,
  }).catch((error: unknown) => {
    throw error instanceof ImportFileError ? fileRejected(error) : error;
  });
  const { candidates } = read;
  if (fields.dry_run) return dryRun(db, kind, filename, fields, candidates, read.headerSkipped);

  const userId = principal.user.id;
  const queued = await db.transaction(async (tx) => {
    // Counted with the uploader's account locked, so concurrent uploads cannot all see room (the per-person limit of waiting files).
    await lockUploader(tx, userId);
    if (fields.batch && (await countImports(tx, userId, { batch: fields.batch })) >= MAX_FILES_PER_UPLOAD) {
      throw conflict("too_many_files", `An upload can have at most ${MAX_FILES_PER_UPLOAD} files.`);
    }
    if ((await countImports(tx, userId, { open: true })) >= MAX_FILES_PER_UPLOAD) {
      throw conflict(
        "too_many_imports",
        `Wait for your earlier files to finish: at most ${MAX_FILES_PER_UPLOAD} are processed at a time.`,
      );
    }
    const upload = await insertUpload(tx, {
      kind: kind === "students" ? "students_csv" : "staff_csv",
      filename,
      content_type: "text/csv",
      size: bytes.byteLength,
      data: Buffer.from(bytes),
      // The rows read above: the job imports these instead of reading the file again (lib/imports/job.server.ts).
      result: { candidates },
      uploaded_by: userId,
    });
    const row = await insertImport(tx, {
      kind,
      upload_id: upload.id,
      filename,
      headers: fields.headers,
      update_existing: fields.update_existing,
      batch: fields.batch ?? null,
      uploaded_by: userId,
      total_rows: candidates.length,
    });
    const payload = fields.header_row ? { import_id: row.id, header_row: true } : { import_id: row.id };
    const job = await enqueueJob(tx, "import", payload, { createdBy: userId });
    await updateImport(tx, row.id, { job_id: job.id });
    if (read.headerCells) {
      await saveImportMapping(tx, {
        kind,
        headers_key: headersKey(read.headerCells),
        mapping: fields.headers.map((field) => field || null),
      });
    }
    return { row, job };
  });
  wakeJobRunner(); // now that the job is committed
  return accepted({
    job_id: queued.job.id,
    import_id: queued.row.id,
    filename,
    rows: candidates.length,
    status: queued.job.status,
    report: reportPath(queued.row.id),
    message: "A notification will arrive when the file has been processed.",
  });
}

async function dryRun(
  db: Db,
  kind: ImportKind,
  filename: string,
  fields: UploadFields,
  candidates: readonly ImportCandidate[],
  headerSkipped: boolean,
): Promise<DryRunResult> {
  const plan = await planBatch(db, { kind, update_existing: fields.update_existing }, candidates);
  const listed = (outcome: string) =>
    plan
      .filter((r) => r.outcome === outcome)
      .slice(0, LISTED)
      .map((r) => ({ row: r.row, name: r.name, key: r.key, reason: r.reason }));
  return {
    dry_run: true as const,
    filename,
    header_skipped: headerSkipped,
    update_existing: fields.update_existing,
    ...summarize(plan),
    errors: listed("skipped"),
    updates: listed("updated"),
    existing: listed("unchanged"),
    conflicts: listed("conflict"),
  };
}
