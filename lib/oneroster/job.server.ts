import "server-only";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import { updateImportOfJob } from "@/db/queries/imports";
import { replaceJobPayload } from "@/db/queries/oneroster";
import { dropUploadParts, readUploadInParts } from "@/db/queries/uploads";
import { defineJob, type JobContext } from "@/lib/jobs/types.server";
import { applyImport } from "./apply.server";
import { BundleRefused } from "./parse";
import type { Plan, PlanOptions } from "./plan";
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

/** What a job that applies a bundle does beside it, in the same transaction (drop the upload, note the pull). */
export interface ApplyHooks {
  /** After the plan is written and recorded (applied), or after the refusal is recorded (refused). */
  applied?(tx: Db, plan: Plan, now: Date): Promise<void>;
  refused?(tx: Db, now: Date): Promise<void>;
}

/**
 * Applies a bundle for a job and records it: one transaction plans against the database as it is now,
 * writes, and records the result in the job's payload, its Imports entry, the audit log and the
 * progress, so a run that dies leaves nothing half-applied and a new attempt starts over. Refused (a
 * problem in the rows, or the database changed since the dry run so that a reference no longer holds):
 * nothing written, the result lists the problems. Shared by the bundle upload's job and the REST pull's.
 */
export async function applyForJob(
  ctx: JobContext<unknown>,
  bytes: Uint8Array,
  options: PlanOptions & { actor_user_id: number | null; api_token_id: number | null },
  keep: Record<string, unknown>,
  hooks: ApplyHooks = {},
): Promise<Record<string, unknown>> {
  const { db, job } = ctx;
  const now = new Date();
  await ctx.progress(0, 1);
  await updateImportOfJob(db, job.id, { status: "running" });
  try {
    const plan = await applyImport(db, bytes, { ...options, job_id: job.id }, now, async (tx, plan) => {
      const result = resultOf(plan);
      await replaceJobPayload(tx, job.id, { ...keep, result });
      await hooks.applied?.(tx, plan, now);
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
        actor_user_id: options.actor_user_id,
        action: "roster.oneroster_import",
        details: { job_id: job.id, api_token_id: options.api_token_id, org_sourced_id: plan.org_sourced_id, ...plan.counts },
        created_at: now,
      });
      ctx.signal.throwIfAborted();
      await ctx.progress(1, 1, tx);
    });
    return { status: "done", ...resultOf(plan) };
  } catch (error) {
    if (!(error instanceof BundleRefused)) throw error;
    const result = refusedResult(error.problems);
    await recordFailure(ctx, keep, result, refusedMessage(error), hooks.refused);
    return { status: "refused", ...result };
  }
}

export const refusedResult = (errors: BundleRefused["problems"]): OneRosterResult => ({
  created: 0,
  updated: 0,
  archived: 0,
  dropped: 0,
  unchanged: 0,
  errors,
  unmatched_periods: [],
});

/** An import that ended without writing the roster: its result and one line for the history, with the job's progress. */
export async function recordFailure(
  ctx: JobContext<unknown>,
  keep: Record<string, unknown>,
  result: OneRosterResult,
  error: string,
  also?: (tx: Db, now: Date) => Promise<void>,
) {
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await replaceJobPayload(tx, ctx.job.id, { ...keep, result });
    await also?.(tx, now);
    await updateImportOfJob(tx, ctx.job.id, { status: "failed", finished_at: now, error, result: { ...result } });
    await ctx.progress(1, 1, tx);
  });
}

/** Applies a OneRoster bundle upload (POST /api/rostering/oneroster) with applyForJob. */
export const onerosterJob = defineJob<OneRosterJobPayload>({
  maxAttempts: 3,
  async run(ctx) {
    const { db, payload } = ctx;
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
    };
    const dropUpload = async (tx: Db, now: Date) => {
      if (payload.upload_id) await dropUploadParts(tx, payload.upload_id, now);
    };
    return applyForJob(ctx as JobContext<unknown>, bytes, options, { ...payload, bundle: null }, { applied: (tx, _plan, now) => dropUpload(tx, now), refused: dropUpload });
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
