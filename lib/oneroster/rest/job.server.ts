import "server-only";
import type { Db } from "@/db";
import { insertImport, updateImportOfJob } from "@/db/queries/imports";
import { replaceJobPayload } from "@/db/queries/oneroster";
import { claimScheduledRun, scheduleOfSource, setLastImport, setLastPullStarted } from "@/db/queries/roster-sources";
import { ApiError } from "@/lib/api/errors.server";
import { defineJob, type JobContext } from "@/lib/jobs/types.server";
import { schoolInstant, schoolToday } from "@/lib/core/time";
import { applyForJob, recordFailure, refusedResult } from "../job.server";
import type { Plan } from "../plan-types";
import type { OneRosterResult } from "../present";
import { alertRosterFailure } from "./alert.server";
import { pullRoster, PullFailed } from "./pull.server";
import { savedSettings } from "./source.server";
import { pullLimits, pullSummary, syncFilename } from "./sync.server";

export interface RosterPullPayload {
  /** Who pressed "Sync now"; absent for the nightly run (the runner's recurring check queued it). */
  actor_user_id?: number | null;
  /** Pull everything, not only what changed since the last applied pull. */
  full?: boolean;
  /** The nightly run's Imports entry, once it made one (a retry keeps it). */
  import_id?: number;
  result?: OneRosterResult;
}

/** The school day whose nightly run is due at `now`: the schedule's moment passed today and today's run not taken. */
export async function dueScheduledDay(db: Db, now: Date): Promise<string | null> {
  const row = await scheduleOfSource(db);
  if (!row?.schedule) return null;
  const timezone = row.timezone || "UTC";
  const today = schoolToday(timezone, now);
  if (row.last_scheduled_on === today) return null;
  return schoolInstant(today, row.schedule, timezone).getTime() <= now.getTime() ? today : null;
}

/**
 * The nightly run takes its day (once across instances: the row's claim) and makes its Imports entry,
 * with the job's payload, in one transaction; false when another run took the day.
 */
async function startScheduledRun(ctx: JobContext<RosterPullPayload>, now: Date): Promise<RosterPullPayload | null> {
  const day = await dueScheduledDay(ctx.db, now);
  if (!day) return null;
  return ctx.db.transaction(async (tx) => {
    if (!(await claimScheduledRun(tx, day))) return null;
    const entry = await insertImport(tx, { kind: "oneroster", filename: syncFilename(null), headers: [], uploaded_by: null, job_id: ctx.job.id });
    await setLastImport(tx, entry.id);
    const payload = { ...ctx.payload, import_id: entry.id, actor_user_id: null };
    await replaceJobPayload(tx, ctx.job.id, payload);
    return payload;
  });
}

/** A sync that wrote nothing: recorded failed (its report lists why) and the administrators told. */
async function failed(ctx: JobContext<RosterPullPayload>, keep: RosterPullPayload, result: OneRosterResult, message: string) {
  await recordFailure(ctx as JobContext<unknown>, { ...keep }, result, message, (tx, now) =>
    alertRosterFailure(tx, keep.import_id ?? null, message, now),
  );
  return { status: "failed", ...result };
}

/**
 * The "oneroster_pull" job: pulls the roster source (lib/oneroster/rest/pull.server.ts), then plans and
 * applies it as a bundle upload's job does (lib/oneroster/job.server.ts applyForJob), in one transaction
 * that also notes when the pull began (the next asks only for what changed since). A pull that failed
 * after its retries writes nothing and tells the administrators. Queued by "Sync now" (with its Imports
 * entry) or, as a recurring kind, at the source's `schedule` in school time once a day.
 */
export const rosterPullJob = defineJob<RosterPullPayload>({
  maxAttempts: 2,
  isDue: async (db, now) => (await dueScheduledDay(db, now)) !== null,
  async run(ctx) {
    if (ctx.payload.result) return { ...ctx.payload.result, status: "done" };
    const scheduled = ctx.payload.import_id === undefined;
    const payload = scheduled ? await startScheduledRun(ctx, new Date()) : ctx.payload;
    if (!payload) return { status: "skipped" };
    let source;
    try {
      source = await savedSettings(ctx.db);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const reason = Object.values(error.errors ?? {})[0]?.[0] ?? error.message;
      return failed(ctx, payload, refusedResult([{ file: "source", line: 0, reason }]), `The sync could not start: ${reason}`);
    }
    const { settings, row } = source;
    await updateImportOfJob(ctx.db, ctx.job.id, { status: "running" });
    let pull;
    try {
      pull = await pullRoster(settings, { since: payload.full ? null : row.last_pull_started_at, limits: pullLimits(), signal: ctx.signal });
    } catch (error) {
      if (!(error instanceof PullFailed)) throw error;
      return failed(ctx, payload, refusedResult([{ file: error.where, line: 0, reason: error.reason }]), `The pull failed: ${error.message}`);
    }
    await updateImportOfJob(ctx.db, ctx.job.id, { filename: syncFilename(pull.mode) });
    const options = { org_sourced_id: settings.school_sourced_id, actor_user_id: payload.actor_user_id ?? null, api_token_id: null };
    let leftOut: Plan["other_schools"] | undefined;
    const result = await applyForJob(ctx as JobContext<unknown>, pull.bundle, options, { ...payload }, {
      applied: (tx, plan) => {
        leftOut = plan.other_schools;
        return setLastPullStarted(tx, pull.started_at);
      },
      refused: (tx, now) => alertRosterFailure(tx, payload.import_id ?? null, "the SIS's rows were refused (the report lists why).", now),
    });
    return { ...result, pull: pullSummary(pull, leftOut) };
  },
  async onGiveUp(db, job, payload, error) {
    const now = new Date();
    await db.transaction(async (tx) => {
      await updateImportOfJob(tx, job.id, { status: "failed", finished_at: now, error });
      await alertRosterFailure(tx, payload.import_id ?? null, error, now);
    });
  },
});
