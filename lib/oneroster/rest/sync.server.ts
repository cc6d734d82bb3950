import "server-only";
import type { Db } from "@/db";
import { insertImport } from "@/db/queries/imports";
import { replaceJobPayload } from "@/db/queries/oneroster";
import { activeSync, setLastImport } from "@/db/queries/roster-sources";
import { conflict } from "@/lib/api/errors.server";
import { enqueueJob } from "@/lib/jobs/queue.server";
import { wakeJobRunner } from "@/lib/jobs/wake.server";
import { planImport } from "../apply.server";
import { BundleRefused } from "../parse";
import type { Plan } from "../plan-types";
import { presentPlan } from "../present";
import { emptyDryRun } from "../service.server";
import { pullRoster, PullFailed, testSource, type PullLimits, type PullResult } from "./pull.server";
import { savedSettings, settingsFromBody } from "./source.server";

/** Tests only: tighter bounds and no waiting between attempts (a real SIS gets PULL_LIMITS). */
let testLimits: Partial<PullLimits> | undefined;
export const setPullLimitsForTests = (limits: Partial<PullLimits> | undefined) => void (testLimits = limits);
export const pullLimits = () => testLimits;

/** POST /api/rostering/source/test: the token, then a page of orgs, in words (a failure is an answer too). */
export async function testRosterSource(db: Db, body: Record<string, unknown>) {
  return testSource(await settingsFromBody(db, body), { limits: testLimits });
}

/** What the pull read, and how many of its rows the planner left out as other schools' (none when it did not plan). */
export const pullSummary = (pull: Pick<PullResult, "pages" | "rows" | "mode">, left?: Plan["other_schools"]) => ({
  pages: pull.pages,
  rows: pull.rows,
  other_schools: left ? left.users + left.classes + left.enrollments : 0,
  mode: pull.mode,
});

const NO_ROWS = { orgs: 0, academicSessions: 0, users: 0, courses: 0, classes: 0, enrollments: 0 };

/** The filename the Imports history shows for a sync. */
export const syncFilename = (mode: "full" | "delta" | null) => (mode === "delta" ? "OneRoster REST pull (changes)" : "OneRoster REST pull");

/**
 * POST /api/rostering/source/sync with dry_run: pulls now and answers the bundle's dry run (writing
 * nothing) with what was pulled; a pull that failed answers as a refused bundle's dry run, its error
 * naming the endpoint and page.
 */
export async function dryRunSync(db: Db, options: { full: boolean }) {
  const { settings, row } = await savedSettings(db);
  const since = options.full ? null : row.last_pull_started_at;
  let pull: PullResult;
  try {
    pull = await pullRoster(settings, { since, limits: testLimits });
  } catch (error) {
    if (!(error instanceof PullFailed)) throw error;
    const errors = [{ file: error.where, line: 0, reason: error.reason }];
    const empty = emptyDryRun();
    return { ...empty, errors, counts: { ...empty.counts, errors: 1 }, pull: pullSummary({ pages: 0, rows: NO_ROWS, mode: since ? "delta" : "full" }) };
  }
  try {
    const plan = await planImport(db, pull.bundle, { org_sourced_id: settings.school_sourced_id });
    return { ...presentPlan(plan), pull: pullSummary(pull, plan.other_schools) };
  } catch (error) {
    if (!(error instanceof BundleRefused)) throw error;
    const empty = emptyDryRun();
    return { ...empty, errors: error.problems, counts: { ...empty.counts, errors: error.problems.length }, pull: pullSummary(pull) };
  }
}

/**
 * POST /api/rostering/source/sync without dry_run: the job that pulls, then plans and applies in one
 * transaction (lib/oneroster/rest/job.server.ts), and its entry in the Imports history, queued together;
 * 409 while another sync is queued or running.
 */
export async function queueSync(db: Db, userId: number, options: { full: boolean }) {
  await savedSettings(db); // 404 without a source, 422 when its secret cannot be opened: before anything is queued
  // A second press while one runs would only pull the same roster again.
  const running = await activeSync(db);
  if (running) {
    const where = running.import_id ? ` (its report: /imports/${running.import_id})` : "";
    throw conflict("import_running", `A sync from the SIS is already queued or running${where}.`);
  }
  const { job, entry } = await db.transaction(async (tx) => {
    const job = await enqueueJob(tx, "oneroster_pull", { actor_user_id: userId, full: options.full }, { createdBy: userId });
    const entry = await insertImport(tx, { kind: "oneroster", filename: syncFilename(null), headers: [], uploaded_by: userId, job_id: job.id });
    await replaceJobPayload(tx, job.id, { actor_user_id: userId, full: options.full, import_id: entry.id });
    await setLastImport(tx, entry.id);
    return { job, entry };
  });
  wakeJobRunner();
  return { job: { id: job.id, status: job.status }, import: { id: entry.id, report: `/imports/${entry.id}` } };
}
