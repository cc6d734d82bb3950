import "server-only";
import type { Db } from "@/db";
import type { JobRow } from "@/db/queries/jobs";

/**
 * Background jobs, the small API (see also lib/jobs/kinds.server.ts and lib/jobs/runner.server.ts):
 *
 *   1. Write a kind: `export const myJob = defineJob<{ report_id: number }>({ run: async (ctx) => … })`.
 *   2. Register it under a name in lib/job-kinds/every-kind.server.ts (the runner learns the kinds at start).
 *   3. Enqueue it: `await enqueueJob(db, "my-kind", { report_id: 7 }, { createdBy: user.user.id })`
 *      (lib/jobs/queue.server.ts), in the same transaction as the rows it works on if you like.
 *   4. The server's runner (started in instrumentation-node.ts) picks it up; tests call
 *      `runPendingJobs(db)` to run every due job to the end.
 *
 * Guarantees: a job is persisted, claimed by one worker at a time (FOR UPDATE SKIP LOCKED plus a
 * lease a heartbeat extends), retried with back-off when it throws or its worker dies, and given up
 * after `maxAttempts`. A run may be interrupted at any point and run again, so `run` must be
 * resumable: do the work in transactions that also call `ctx.progress(done, total, tx)`, which
 * fails (and so rolls the transaction back) when this worker no longer owns the job.
 */
export interface JobContext<P> {
  db: Db;
  job: JobRow;
  payload: P;
  /** Aborted when the worker stops, dies (tests) or loses the job: stop at the next safe point. */
  signal: AbortSignal;
  /**
   * Records progress (done of total). Pass the transaction that did the work, so the progress and the
   * work commit together; throws LostJobError (rolling that transaction back) if the job is not ours.
   */
  progress(done: number, total?: number, tx?: Db): Promise<void>;
}

export interface JobKind<P> {
  /** Does the work; what it returns is stored as the job's result. */
  run(context: JobContext<P>): Promise<Record<string, unknown> | void>;
  /** Called once when the job is given up for good, with the last error (tell the person waiting). */
  onGiveUp?(db: Db, job: JobRow, payload: P, error: string): Promise<void>;
  /** Attempts before giving up (default 3). */
  maxAttempts?: number;
  /**
   * A recurring kind (housekeeping): the server's runner enqueues it, with an empty payload, whenever
   * no job of the kind is queued or running and none was created in the last `everySeconds`
   * (lib/jobs/runner.server.ts enqueueRecurringJobs). No timer of its own.
   */
  everySeconds?: number;
  /**
   * A recurring kind whose work falls due at moments the data decides (default placement's cutoffs):
   * at each of the runner's recurring checks (every RECURRING_CHECK_MS on every instance, at start,
   * and when woken by wakeRecurringCheck) it is asked first, and the kind is enqueued only when it
   * answers true and no job of the kind is queued or running (and, with `everySeconds` too, none was
   * created that recently). Keep it cheap, one statement when there is nothing to do: it runs on every
   * check. The job itself must still check what is due (it may run later, or twice).
   */
  isDue?(db: Db, now: Date): Promise<boolean>;
}

export const defineJob = <P>(kind: JobKind<P>): JobKind<P> => kind;

/** Thrown into a job whose worker no longer owns it: its writes must not commit. */
export class LostJobError extends Error {
  constructor(jobId: number) {
    super(`Job ${jobId} is no longer held by this worker.`);
    this.name = "LostJobError";
  }
}
