import "server-only";
import type { Db } from "@/db";
import { findJob, insertJob, type JobRow } from "@/db/queries/jobs";
import { notFound } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import type { JOB_KINDS, JobPayload } from "./kinds";
import { wakeJobRunner } from "./wake";

/** Puts a job on the queue (pass a transaction to enqueue it together with the rows it will work on). */
export async function enqueueJob<K extends keyof typeof JOB_KINDS>(
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

export interface JobView {
  id: number;
  kind: string;
  status: JobRow["status"];
  done: number;
  total: number | null;
  attempts: number;
  error: string | null;
  result: Record<string, unknown> | null;
  created_at: string;
  finished_at: string | null;
}

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

/** GET /api/jobs/{id}: a job's progress, for the person who started it (anyone else: 404). */
export async function jobForCaller(db: Db, principal: Principal, id: number): Promise<JobView> {
  const job = await findJob(db, id);
  if (!job || job.created_by !== principal.user.id) throw notFound("The job could not be found.");
  return presentJob(job);
}
