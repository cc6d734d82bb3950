import { closeDatabase, getDatabaseHandle, getDb } from "@/db";
import { env } from "@/lib/env";
import { startJobRunner, type JobRunner } from "@/lib/jobs/runner";
import { log } from "@/lib/log";
import { startPlacementTicker } from "@/lib/placement/ticker";

env(); // fail fast, with a clear message, on a bad configuration

let jobs: JobRunner | undefined;
let placement: { stop(): void } | undefined;

const ready = getDatabaseHandle().then(
  (handle) => {
    log.info({ database: handle.kind }, "database ready");
    // Background jobs (CSV imports, placement, hourly pruning of old rows): any instance picks up any
    // job; a stopped one resumes elsewhere.
    jobs = startJobRunner(getDb);
    // Default placement: a check every 30 s (and at start: catch-up) enqueues a job when a cutoff has passed.
    placement = startPlacementTicker(getDb);
  },
  (error) => log.error({ err: error }, "database failed to open"),
);

/** PGlite must close cleanly or the next start replays its WAL. */
async function shutdown(signal: string) {
  log.info({ signal }, "shutting down");
  try {
    await ready;
    placement?.stop();
    await jobs?.stop(); // hands a running job back before the database closes
    await closeDatabase();
  } finally {
    process.exit(0);
  }
}

process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
