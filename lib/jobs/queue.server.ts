import "server-only";
import type { Db } from "@/db";
import { findJob, insertJob, type JobRow } from "@/db/queries/jobs";
import { notFound } from "@/lib/api/errors.server";
import type { ApiTokenCaller } from "@/lib/api-tokens/authenticate.server";
import type { Principal } from "@/lib/auth/principal";
import type { JobKindName, JobPayload } from "./kinds.server";
import { wakeJobRunner } from "./wake.server";
import type { JobView } from "./answers";

/** Puts a job on the queue (pass a transaction to enqueue it together with the rows it will work on). */
export async function enqueueJob<K extends JobKindName>(
  db: Db,
  kind: K,
  payload: JobPayload<K>,
  options: { createdBy?: number | null; maxAttempts?: number } = {},
): Promise<JobRow> {
  const job = await insertJob(db, {
    kind,
    payload: payload as Record<string, unknown>,
    created_by: options.createdBy ?? null,
    max_attempts: options.maxAttempts ?? 3,
  });
  wakeJobRunner();
  return job;
}

export type { JobView };

export function presentJob(job: JobRow): JobView {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    done: job.progress_done,
    total: job.progress_total,
    attempts: job.attempts,
    error: job.error,
    result: job.result ?? null,
    created_at: job.created_at.toISOString(),
    finished_at: job.finished_at?.toISOString() ?? null,
  };
}

/** Kinds of job an integration's API token may start, and so poll (the roster import it pushed). */
const TOKEN_JOB_KINDS: ReadonlySet<string> = new Set(["oneroster"]);

/** The API token that started a job (kept in its payload by the route that queued it), else null. */
const tokenOfJob = (job: JobRow) => {
  const id = (job.payload as { api_token_id?: unknown } | null)?.api_token_id;
  return typeof id === "number" ? id : null;
};

/**
 * GET /api/jobs/{id}: a job's progress, for the person who started it, or for the API token that
 * started it (only a roster import a token pushed: a token never reads a person's job, nor another
 * token's); anyone else: 404.
 */
export async function jobForCaller(
  db: Db,
  principal: Principal | null,
  id: number,
  token: ApiTokenCaller | null = null,
): Promise<JobView> {
  const job = await findJob(db, id);
  const mine = token
    ? job !== undefined && TOKEN_JOB_KINDS.has(job.kind) && tokenOfJob(job) === token.id
    : job !== undefined && principal !== null && job.created_by === principal.user.id;
  if (!job || !mine) throw notFound("The job could not be found.");
  return presentJob(job);
}
