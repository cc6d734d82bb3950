import { closeDatabase } from "@/db";
import { getDatabaseHandle, getDb } from "@/lib/setup/boot.server";
import { env } from "@/lib/core/env.server";
import { registerEveryJobKind } from "@/lib/job-kinds/every-kind.server";
import { startJobRunner, type JobRunner } from "@/lib/jobs/runner.server";
import { log } from "@/lib/core/log.server";
import { createSetupLink } from "@/lib/setup/first-run.server";

env(); // fail fast, with a clear message, on a bad configuration
registerEveryJobKind(); // before the runner starts: it claims only the kinds it knows

let jobs: JobRunner | undefined;

const ready = getDatabaseHandle().then(
  (handle) => {
    log.info({ database: handle.kind }, "database ready");
    // Background jobs (CSV imports, hourly pruning of old rows, and default placement, enqueued by the
    // runner's recurring check when a cutoff has passed, at start too: catch-up): any instance picks up
    // any job; a stopped one resumes elsewhere.
    jobs = startJobRunner(getDb);
    void printSetupLink(handle.db);
  },
  (error) => log.error({ err: error }, "database failed to open"),
);

/** First run: while no account exists, one line with a one-time link that creates the first administrator. */
async function printSetupLink(db: Awaited<ReturnType<typeof getDb>>) {
  const config = env();
  const base = config.NEXTAUTH_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
  try {
    const link = await createSetupLink(db, base, new Date());
    if (link) log.warn({ setup_link: link }, `No account exists yet. Set up your school at ${link}`);
  } catch (error) {
    log.error({ err: error }, "could not make the setup link");
  }
}

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
