import "server-only";
import { insertAudit } from "@/db/queries/audit";
import { updateImportOfJob } from "@/db/queries/imports";
import { replaceJobPayload } from "@/db/queries/oneroster";
import { dropUploadParts, readUploadInParts } from "@/db/queries/uploads";
import { defineJob } from "@/lib/jobs/types.server";
import { applyImport } from "./apply.server";
import { BundleRefused } from "./parse";
import { resultOf, type OneRosterResult } from "./present";

export interface OneRosterJobPayload {
  /** The zip, base64, in jobs queued before bundles were kept as uploads; null since. */
  bundle: string | null;
  /** The upload that keeps the zip in parts (db/queries/uploads.ts); its parts go in the transaction that applies it. */
  upload_id?: number | null;
  org_sourced_id: string | null;
  periods: Record<string, number> | null;
  /** The administrator chose to change the school year to the bundle's (absent in jobs queued before). */
  apply_school_year?: boolean;
  /** Who sent it (the token's creator for an API token). */
  actor_user_id: number | null;
  api_token_id: number | null;
  result?: OneRosterResult;
}

/**
 * Applies a OneRoster bundle: one transaction (plan against the database as it is now, write, record
 * the result and progress), so a run that dies leaves nothing half-applied and a new attempt starts over.
 * Refused (the database changed since the dry run so that a reference no longer holds): nothing written,
 * the result lists the problems.
 */
export const onerosterJob = defineJob<OneRosterJobPayload>({
  maxAttempts: 3,
  async run(ctx) {
    const { db, payload, job } = ctx;
    if (payload.result) return { ...payload.result, status: "done" };
    const bytes = payload.bundle
      ? Buffer.from(payload.bundle, "base64")
      : payload.upload_id
        ? await readUploadInParts(db, payload.upload_id)
        : undefined;
    if (!bytes) return { status: "done" };
    const options = {
      org_sourced_id: payload.org_sourced_id,
      periods: payload.periods ?? undefined,
      apply_school_year: payload.apply_school_year ?? false,
      actor_user_id: payload.actor_user_id,
      api_token_id: payload.api_token_id,
      job_id: job.id,
    };
    const now = new Date();
    await ctx.progress(0, 1);
    await updateImportOfJob(db, job.id, { status: "running" });
    const keep = { ...payload, bundle: null };
    try {
      const plan = await applyImport(db, bytes, options, now, async (tx, plan) => {
        const result = resultOf(plan);
        await replaceJobPayload(tx, job.id, { ...keep, result });
        if (payload.upload_id) await dropUploadParts(tx, payload.upload_id, now);
        await updateImportOfJob(tx, job.id, {
          status: "done",
          finished_at: now,
          total_rows: plan.counts.created + plan.counts.updated + plan.counts.unchanged + plan.review.protected.length,
          created_count: plan.counts.created,
          updated_count: plan.counts.updated,
          unchanged_count: plan.counts.unchanged,
          skipped_count: plan.review.protected.length,
          result: { ...result },
        });
        await insertAudit(tx, {
          actor_user_id: payload.actor_user_id,
          action: "roster.oneroster_import",
          details: { job_id: job.id, api_token_id: payload.api_token_id, org_sourced_id: plan.org_sourced_id, ...plan.counts },
          created_at: now,
        });
        ctx.signal.throwIfAborted();
        await ctx.progress(1, 1, tx);
      });
      return { status: "done", ...resultOf(plan) };
    } catch (error) {
      if (!(error instanceof BundleRefused)) throw error;
      const result: OneRosterResult = {
        created: 0,
        updated: 0,
        archived: 0,
        dropped: 0,
        unchanged: 0,
        errors: error.problems,
        unmatched_periods: [],
      };
      await db.transaction(async (tx) => {
        await replaceJobPayload(tx, job.id, { ...keep, result });
        if (payload.upload_id) await dropUploadParts(tx, payload.upload_id, new Date());
        await updateImportOfJob(tx, job.id, {
          status: "failed",
          finished_at: new Date(),
          error: refusedMessage(error),
          result: { ...result },
        });
        await ctx.progress(1, 1, tx);
      });
      return { status: "refused", ...result };
    }
  },
  async onGiveUp(db, job, payload, error) {
    await updateImportOfJob(db, job.id, { status: "failed", finished_at: new Date(), error });
    if (payload.upload_id) await dropUploadParts(db, payload.upload_id, new Date());
  },
});

/** The history's one line for a bundle the job refused (its report lists every problem). */
function refusedMessage(error: BundleRefused): string {
  const first = error.problems[0];
  const where = first ? `${first.file || "the bundle"}${first.line ? ` line ${first.line}` : ""}: ${first.reason}` : "";
  const more = error.problems.length > 1 ? ` (and ${error.problems.length - 1} more)` : "";
  return `The bundle was refused: ${where}${more}`;
}
