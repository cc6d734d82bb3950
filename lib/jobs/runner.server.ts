import "server-only";
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { Db } from "@/db";
import {
  claimJob,
  enqueueRecurringJob,
  extendLease,
  markAttemptFailed,
  markSucceeded,
  releaseJob,
  setProgress,
  type JobRow,
} from "@/db/queries/jobs";
import { log } from "@/lib/core/log.server";
import { jobKind, jobKindNames, registeredJobKinds } from "./kinds.server";
import { LostJobError, type JobKind } from "./types.server";
import { onJobEnqueued } from "./wake.server";

/** Why a running job was interrupted. */
const STOP = "stop";
const CRASH = "crash";
const LOST = "lost";

export interface RunOptions {
  /** Names this worker in jobs.locked_by. */
  workerId?: string;
  /** How long a claim lasts without a heartbeat (the heartbeat renews it every third of that). */
  leaseSeconds?: number;
  /**
   * Aborting it kills the worker on the spot, as a crash would: the job keeps its lease and nothing
   * more is written (tests use it to kill a runner mid-file).
   */
  killSignal?: AbortSignal;
  /** Aborting it stops the worker cleanly: the job is handed back at once to be resumed. */
  stopSignal?: AbortSignal;
}

export const DEFAULT_LEASE_SECONDS = 60;

export const newWorkerId = () => `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;

/** Seconds before the next attempt: 10 s, 40 s, 90 s … */
const backoff = (attempts: number) => 10 * attempts * attempts;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * Claims and runs due jobs one after another until none is left; answers how many ran. Tests drive
 * the queue with this; the server's loop (startJobRunner) calls it after each poll.
 */
export async function runPendingJobs(db: Db, options: RunOptions = {}): Promise<number> {
  const workerId = options.workerId ?? newWorkerId();
  const knownKinds = jobKindNames();
  let count = 0;
  for (;;) {
    if (options.killSignal?.aborted || options.stopSignal?.aborted) return count;
    const job = await claimJob(db, workerId, options.leaseSeconds ?? DEFAULT_LEASE_SECONDS, knownKinds);
    if (!job) return count;
    count += 1;
    await runClaimedJob(db, job, options);
  }
}

async function giveUp(db: Db, job: JobRow, kind: JobKind<unknown> | undefined, error: string) {
  if (!(await markAttemptFailed(db, job, error, null))) return;
  log.error({ jobId: job.id, kind: job.kind, error }, "job given up");
  await kind?.onGiveUp?.(db, job, job.payload, error);
}

/** Runs a job this worker has claimed (claimJob) to its end, a retry, a hand-back or a give-up. */
export async function runClaimedJob(db: Db, job: JobRow, options: RunOptions = {}): Promise<void> {
  const kind = jobKind(job.kind);
  if (!kind) return giveUp(db, job, kind, `Unknown job kind ${job.kind}.`);
  // A worker died holding it more often than allowed (the claim counted this attempt too).
  if (job.attempts > job.max_attempts) {
    return giveUp(db, job, kind, job.error ?? "The job stopped without finishing too many times.");
  }
  const lease = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const controller = new AbortController();
  // The runner's long-lived signals reach this run only while it lasts (no listener left behind).
  const unfollow: (() => void)[] = [];
  const follow = (signal: AbortSignal | undefined, reason: string) => {
    if (!signal) return;
    if (signal.aborted) controller.abort(reason);
    const relay = () => controller.abort(reason);
    signal.addEventListener("abort", relay, { once: true });
    unfollow.push(() => signal.removeEventListener("abort", relay));
  };
  follow(options.killSignal, CRASH);
  follow(options.stopSignal, STOP);
  const heartbeat = setInterval(
    () => {
      extendLease(db, job, lease).then(
        (held) => held || controller.abort(LOST),
        (error) => log.warn({ jobId: job.id, err: error }, "job heartbeat failed"),
      );
    },
    (lease * 1000) / 3,
  );
  controller.signal.addEventListener("abort", () => clearInterval(heartbeat), { once: true });

  try {
    const result = await kind.run({
      db,
      job,
      payload: job.payload,
      signal: controller.signal,
      async progress(done, total, tx) {
        controller.signal.throwIfAborted();
        if (!(await setProgress(tx ?? db, job, done, total))) {
          controller.abort(LOST);
          throw new LostJobError(job.id);
        }
      },
    });
    controller.signal.throwIfAborted();
    clearInterval(heartbeat);
    await markSucceeded(db, job, result ?? null);
  } catch (error) {
    clearInterval(heartbeat);
    const reason = controller.signal.aborted ? controller.signal.reason : null;
    if (reason === CRASH) return; // a dead worker writes nothing; its lease runs out
    if (reason === LOST || error instanceof LostJobError) {
      log.warn({ jobId: job.id }, "job taken over by another worker; this run's work was rolled back");
      return;
    }
    if (reason === STOP) return releaseJob(db, job);
    const message = describe(error);
    log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, err: error }, "job attempt failed");
    if (job.attempts >= job.max_attempts) return giveUp(db, job, kind, message);
    await markAttemptFailed(db, job, message, backoff(job.attempts));
  } finally {
    for (const remove of unfollow) remove();
  }
}

/**
 * Puts each recurring kind (JobKind.everySeconds, JobKind.isDue) on the queue when it is due: isDue
 * first (when the kind has one), then db/queries/jobs.ts enqueueRecurringJob, which decides by the
 * database's clock so instances agree. Answers the job ids made.
 */
export async function enqueueRecurringJobs(db: Db, now = new Date()): Promise<number[]> {
  const made: number[] = [];
  for (const [name, kind] of registeredJobKinds()) {
    if (!kind.everySeconds && !kind.isDue) continue;
    try {
      if (kind.isDue && !(await kind.isDue(db, now))) continue;
      const id = await enqueueRecurringJob(db, name, kind.everySeconds ?? 0, kind.maxAttempts ?? 3);
      if (id !== null) made.push(id);
    } catch (error) {
      // One kind's failed check must not hold back the others (or the queue): it is asked again next time.
      log.warn({ kind: name, err: error }, "recurring job check failed");
    }
  }
  return made;
}

/**
 * How often the server's loop asks whether a recurring kind is due (besides at start and when woken by
 * wakeRecurringCheck). A placement cutoff is acted on within this time.
 */
export const RECURRING_CHECK_MS = 30_000;

export interface JobRunner {
  /** Stops polling and hands the running job back (it resumes on the next start or elsewhere). */
  stop(): Promise<void>;
}

/**
 * The server's loop: polls for due jobs every `pollMs` (at once when this process enqueues one) and
 * runs them one at a time; every `recurringCheckMs` (at start, and at once when woken by
 * wakeRecurringCheck) it first enqueues the recurring kinds that are due (housekeeping such as "prune",
 * default placement at its cutoffs). Any number of instances may run it against one PostgreSQL.
 */
export function startJobRunner(
  getDb: () => Promise<Db>,
  options: { pollMs?: number; leaseSeconds?: number; recurringCheckMs?: number } = {},
): JobRunner {
  const pollMs = options.pollMs ?? 1000;
  const recurringCheckMs = options.recurringCheckMs ?? RECURRING_CHECK_MS;
  let nextRecurringCheck = 0;
  const stopping = new AbortController();
  const workerId = newWorkerId();
  let wake: (() => void) | null = null;
  const unsubscribe = onJobEnqueued((reason) => {
    if (reason === "recurring") nextRecurringCheck = 0;
    wake?.();
  });

  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, pollMs);
      function done() {
        clearTimeout(timer);
        stopping.signal.removeEventListener("abort", done);
        wake = null;
        resolve();
      }
      wake = done;
      stopping.signal.addEventListener("abort", done, { once: true });
    });

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      try {
        const db = await getDb();
        if (Date.now() >= nextRecurringCheck) {
          nextRecurringCheck = Date.now() + recurringCheckMs;
          await enqueueRecurringJobs(db);
        }
        await runPendingJobs(db, {
          workerId,
          leaseSeconds: options.leaseSeconds,
          stopSignal: stopping.signal,
        });
      } catch (error) {
        log.error({ err: error }, "job runner poll failed");
      }
      if (!stopping.signal.aborted) await sleep();
    }
  })();
  log.info({ workerId }, "job runner started");

  return {
    async stop() {
      unsubscribe();
      stopping.abort();
      await loop;
    },
  };
}
