import "server-only";
import { and, eq, inArray, lt, lte, notExists, or, sql } from "drizzle-orm";
import type { Db } from "../client";
import { imports, jobs } from "../schema";
import { resultRows } from "./checkin";

export type JobRow = typeof jobs.$inferSelect;
export type NewJob = Pick<typeof jobs.$inferInsert, "kind" | "payload" | "created_by" | "max_attempts">;

/** Every time rule here uses the database's clock, so several app instances agree on leases. */
const inSeconds = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

export async function insertJob(db: Db, job: NewJob): Promise<JobRow> {
  const [row] = await db.insert(jobs).values(job).returning();
  return row!;
}

export async function findJob(db: Db, id: number): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row;
}

/**
 * Takes the oldest job that is due (queued and past run_after) or whose lease ran out (its worker
 * died), in one statement: the inner SELECT … FOR UPDATE SKIP LOCKED lets concurrent workers pass over
 * a row another is claiming. Bumping `attempts` gives this claim its fencing number.
 */
export async function claimJob(
  db: Db,
  workerId: string,
  leaseSeconds: number,
  kinds: string[],
): Promise<JobRow | undefined> {
  if (kinds.length === 0) return undefined;
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, kinds),
        or(
          and(eq(jobs.status, "queued"), lte(jobs.run_after, sql`now()`)),
          and(eq(jobs.status, "running"), lt(jobs.locked_until, sql`now()`)),
        ),
      ),
    )
    .orderBy(jobs.id)
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(jobs)
    .set({
      status: "running",
      attempts: sql`${jobs.attempts} + 1`,
      locked_by: workerId,
      locked_until: inSeconds(leaseSeconds),
      started_at: sql`coalesce(${jobs.started_at}, now())`,
    })
    .where(inArray(jobs.id, due))
    .returning();
  return row;
}

/** This worker still holds the job: running, with the attempt number it claimed. */
const held = (job: Pick<JobRow, "id" | "attempts">) =>
  and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), eq(jobs.status, "running"));

/** Extends the lease; false when the job is no longer this worker's (the lease ran out and another took it). */
export async function extendLease(db: Db, job: JobRow, leaseSeconds: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ locked_until: inSeconds(leaseSeconds) })
    .where(held(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Records progress under the fence; false when another worker owns the job now. */
export async function setProgress(
  db: Db,
  job: JobRow,
  done: number,
  total: number | undefined,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set(total === undefined ? { progress_done: done } : { progress_done: done, progress_total: total })
    .where(held(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function markSucceeded(
  db: Db,
  job: JobRow,
  result: Record<string, unknown> | null,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: "succeeded",
      result,
      error: null,
      locked_by: null,
      locked_until: null,
      finished_at: sql`now()`,
    })
    .where(held(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** A failed attempt: queued again after `retryInSeconds`, or failed for good when that is null. */
export async function markAttemptFailed(
  db: Db,
  job: JobRow,
  error: string,
  retryInSeconds: number | null,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set(
      retryInSeconds === null
        ? { status: "failed", error, locked_by: null, locked_until: null, finished_at: sql`now()` }
        : {
            status: "queued",
            error,
            locked_by: null,
            locked_until: null,
            run_after: inSeconds(retryInSeconds),
          },
    )
    .where(held(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * A clean shutdown hands the job back at once. The interrupted attempt does not count against the
 * limit (max_attempts grows instead of attempts shrinking, so attempt numbers stay a valid fence).
 */
export async function releaseJob(db: Db, job: JobRow): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: "queued",
      max_attempts: sql`${jobs.max_attempts} + 1`,
      locked_by: null,
      locked_until: null,
    })
    .where(held(job));
}

/**
 * Enqueues a recurring kind with an empty payload unless a job of that kind is queued or running or
 * was created less than `everySeconds` ago (0: only the queued or running one counts), in one statement
 * (by the database's clock, as leases are).
 * Two instances racing may both insert: recurring jobs are idempotent, so a second run is harmless.
 */
export async function enqueueRecurringJob(
  db: Db,
  kind: string,
  everySeconds: number,
  maxAttempts: number,
): Promise<number | null> {
  const inserted = await db.execute(sql`
    insert into ${jobs} (kind, payload, max_attempts)
    select ${kind}, '{}'::jsonb, ${maxAttempts}
    where not exists (
      select 1 from ${jobs} j where j.kind = ${kind}
        and (j.status in ('queued', 'running') or j.created_at > now() - make_interval(secs => ${everySeconds})))
    returning id`);
  const [row] = resultRows(inserted);
  return row ? Number(row.id) : null;
}

/**
 * Forgets jobs that ended (succeeded or failed) before `before` (housekeeping, lib/jobs/prune.server.ts);
 * answers how many. A job an import points at stays as long as the import: the import's report reads
 * its progress and links it (imports.job_id). No screen reads any other ended job: placement's are
 * recorded in placement_runs, and GET /api/jobs/{id} only answers the person who started a job.
 */
export async function deleteFinishedJobsBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(jobs)
    .where(
      and(
        inArray(jobs.status, ["succeeded", "failed"]),
        lt(jobs.finished_at, before),
        notExists(db.select({ id: imports.id }).from(imports).where(eq(imports.job_id, jobs.id))),
      ),
    )
    .returning({ id: jobs.id });
  return deleted.length;
}
