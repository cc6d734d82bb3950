import "server-only";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import {
  discardImportFile,
  findImport,
  firstSkippedRows,
  importWithFile,
  updateImport,
  type ImportRow,
} from "@/db/queries/imports";
import { defineJob, type JobContext } from "@/lib/jobs/types.server";
import { writeBatch } from "./batch.server";
import { ImportFileError } from "./errors";
import { failureMessage, importMessage } from "./message";
import { notifyUploader } from "./notify.server";
import { readImportFile, type ImportCandidate } from "./read.server";

export interface ImportJobPayload {
  import_id: number;
  /** The file's first line names its columns (the wizard said so): it is skipped. */
  header_row?: boolean;
}

/** Rows per transaction: small enough that the embedded database's single connection is never held long. */
export const IMPORT_BATCH_ROWS = 100;
const LISTED_REASONS = 20;

/**
 * Imports one uploaded CSV file: the rows the upload read from it and kept (never parsed again here).
 * Resumable: each batch commits its rows together with the job's progress, and a new attempt starts
 * after the last committed batch of the same kept rows, so a row is written exactly once however
 * often the worker dies. Each batch is planned inside its transaction, against what the school has
 * at that moment (lib/imports/batch.server.ts writeBatch). A finished import is not touched again.
 */
export const importJob = defineJob<ImportJobPayload>({
  maxAttempts: 3,
  async run(ctx) {
    const { db, payload } = ctx;
    const loaded = await importWithFile(db, payload.import_id);
    if (!loaded) return { import_id: payload.import_id, missing: true };
    const row = loaded.import;
    if (row.status === "done" || row.status === "failed") return { import_id: row.id, status: row.status };
    if (row.status === "queued") await updateImport(db, row.id, { status: "running" });

    let candidates: ImportCandidate[];
    try {
      candidates =
        storedCandidates(loaded.result) ?? (await readFile(db, row, loaded.data, payload)).candidates;
    } catch (error) {
      // The upload checked the file already; if it is unreadable now, say so once rather than retry.
      if (!(error instanceof ImportFileError)) throw error;
      await finishFailed(db, row, error.message, ctx);
      return { import_id: row.id, status: "failed" };
    }

    const total = candidates.length;
    let done = Math.min(ctx.job.progress_done, total);
    await ctx.progress(done, total);
    while (done < total) {
      ctx.signal.throwIfAborted();
      const end = Math.min(done + IMPORT_BATCH_ROWS, total);
      await writeBatch(db, row, candidates.slice(done, end), async (tx) => {
        // A kill before the commit must leave nothing of this batch behind.
        ctx.signal.throwIfAborted();
        await ctx.progress(end, total, tx);
      });
      done = end;
    }
    return finish(db, row, total, ctx);
  },
  async onGiveUp(db, job, payload, error) {
    const row = await findImport(db, payload.import_id);
    if (!row || row.status === "done" || row.status === "failed") return;
    const message = failureMessage(row.filename, error, job.progress_done, job.progress_total);
    await db.transaction(async (tx) => {
      // Accounts created before the failure keep their passwords downloadable.
      await updateImport(tx, row.id, {
        status: "failed",
        error,
        finished_at: new Date(),
        passwords_until: passwordsUntil(row),
      });
      await discardImportFile(tx, row.id);
      await notifyUploader(tx, row, message);
    });
  },
});

/** The rows the upload read from the file and kept with it (every attempt imports the same rows). */
function storedCandidates(result: Record<string, unknown> | null): ImportCandidate[] | null {
  const candidates = result?.candidates;
  return Array.isArray(candidates) ? (candidates as ImportCandidate[]) : null;
}

/** An import queued before its rows were kept: the file is read the way the upload reads it. */
const readFile = (db: Db, row: ImportRow, bytes: Uint8Array, payload: ImportJobPayload) =>
  readImportFile(db, row.kind as "students" | "staff", {
    bytes,
    filename: row.filename,
    headers: row.headers,
    headerRow: payload.header_row === true,
  });

/** The new accounts' passwords can be downloaded for a day after the import ends. */
const PASSWORDS_FOR_MS = 24 * 60 * 60 * 1000;
const passwordsUntil = (row: ImportRow) =>
  row.created_count > 0 ? new Date(Date.now() + PASSWORDS_FOR_MS) : null;

async function finish(db: Db, row: ImportRow, total: number, ctx: JobContext<ImportJobPayload>) {
  return db.transaction(async (tx) => {
    const fresh = (await findImport(tx, row.id))!;
    const totals = {
      filename: fresh.filename,
      created: fresh.created_count,
      updated: fresh.updated_count,
      unchanged: fresh.unchanged_count,
      skipped: fresh.skipped_count,
      conflicts: fresh.conflict_count,
    };
    await updateImport(tx, row.id, {
      status: "done",
      total_rows: total,
      finished_at: new Date(),
      passwords_until: passwordsUntil(fresh),
    });
    await discardImportFile(tx, row.id);
    await notifyUploader(
      tx,
      fresh,
      importMessage(totals, await firstSkippedRows(tx, row.id, LISTED_REASONS)),
    );
    await insertAudit(tx, {
      actor_user_id: fresh.uploaded_by,
      action: `import.${fresh.kind}`,
      details: { import_id: fresh.id, rows: total, ...totals },
    });
    await ctx.progress(total, total, tx);
    return { import_id: row.id, status: "done", ...totals };
  });
}

async function finishFailed(db: Db, row: ImportRow, error: string, ctx: JobContext<ImportJobPayload>) {
  await db.transaction(async (tx) => {
    await updateImport(tx, row.id, { status: "failed", error, finished_at: new Date() });
    await discardImportFile(tx, row.id);
    await notifyUploader(tx, row, failureMessage(row.filename, error, 0, null));
    await ctx.progress(0, 0, tx);
  });
}
