import { closeDatabase, getDatabaseHandle, getDb } from "@/db";
import { env } from "@/lib/env";
import { startJobRunner, type JobRunner } from "@/lib/jobs/runner";
import { log } from "@/lib/log";

env(); // fail fast, with a clear message, on a bad configuration

let jobs: JobRunner | undefined;

const ready = getDatabaseHandle().then(
  (handle) => {
    log.info({ database: handle.kind }, "database ready");
    // Background jobs (CSV imports, hourly pruning of old rows, and default placement, enqueued by the
    // runner's recurring check when a cutoff has passed, at start too: catch-up): any instance picks up
    // any job; a stopped one resumes elsewhere.
    jobs = startJobRunner(getDb);
  },
  (error) => log.error({ err: error }, "database failed to open"),
);

/** PGlite must close cleanly or the next start replays its WAL. */
async function shutdown(signal: string) {
  log.info({ signal }, "shutting down");
  try {
    await ready;
    await jobs?.stop(); // hands a running job back before the database closes
    await closeDatabase();
  } finally {
    process.exit(0);
  }
}

process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
