import "server-only";
import type { Db } from "@/db";
import { deleteThrottleRowsIdleSince } from "@/db/queries/auth";
import { deleteSubmissionsBefore } from "@/db/queries/checkin-offline";
import { purgeExpiredPasswords } from "@/db/queries/imports";
import { deleteOlderDataCommits } from "@/db/queries/data-version";
import { deleteFinishedJobsBefore } from "@/db/queries/jobs";
import { defineJob } from "./types.server";

/**
 * Housekeeping the job runner does on its own (a recurring kind, lib/jobs/types.server.ts `everySeconds`):
 *
 * - check_in_submissions: the answers kept so a retried offline submission is not recorded twice. A
 *   device retries within minutes of the network coming back; a week is far beyond any retry, and a
 *   retry later still is only reported as "already checked in" (the ledger's unique key).
 * - auth_throttle: sign-in, kiosk and Air Check-in counters. The slowest bucket (an account's daily
 *   bound) drains in 24 hours, a streak of wrong passwords is forgotten 24 hours after its last attempt
 *   and its wait is at most 15 minutes (lib/auth/throttle.server.ts), so a row idle for a day holds nothing:
 *   without it the next attempt starts from an empty bucket and no streak, exactly as it would.
 * - jobs: succeeded and failed jobs that ended more than 30 days ago (this job alone leaves 24 a day),
 *   but not an import's job, which its import report still reads (db/queries/jobs.ts). Queued and
 *   running jobs are never touched.
 * - import_passwords: the new accounts' initial passwords of a CSV import, kept as text only so the
 *   uploader can download them once; past their 24 hours (imports.passwords_until) they go, whether
 *   or not anyone opens the import's report again.
 * - data_commits: the ids of transactions that wrote the school's data; the polled answers' validator
 *   reads only the newest (db/queries/data-version.ts), so the others go.
 */
export const SUBMISSION_RETENTION_DAYS = 7;
export const THROTTLE_IDLE_HOURS = 24;
export const FINISHED_JOB_RETENTION_DAYS = 30;
export const PRUNE_EVERY_SECONDS = 60 * 60;

const HOUR_MS = 60 * 60 * 1000;

export async function pruneOldRows(db: Db, now: Date) {
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  const submissions = await deleteSubmissionsBefore(db, ago(SUBMISSION_RETENTION_DAYS * 24));
  const throttle = await deleteThrottleRowsIdleSince(db, ago(THROTTLE_IDLE_HOURS));
  const finishedJobs = await deleteFinishedJobsBefore(db, ago(FINISHED_JOB_RETENTION_DAYS * 24));
  const passwords = await purgeExpiredPasswords(db);
  const dataCommits = await deleteOlderDataCommits(db);
  return {
    check_in_submissions: submissions,
    auth_throttle: throttle,
    jobs: finishedJobs,
    import_passwords: passwords,
    data_commits: dataCommits,
  };
}

/** The "prune" job: deletes what pruneOldRows says is old, hourly (each delete is idempotent). */
export const pruneJob = defineJob<Record<string, never>>({
  everySeconds: PRUNE_EVERY_SECONDS,
  maxAttempts: 1,
  async run({ db }) {
    return pruneOldRows(db, new Date());
  },
});
