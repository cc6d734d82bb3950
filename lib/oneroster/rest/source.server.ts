import "server-only";
import type { Db } from "@/db";
import { settingValues } from "@/db/queries/settings";
import {
  deleteRosterSource,
  findRosterSource,
  rosterRun,
  saveRosterSource,
  type RosterSourceRow,
} from "@/db/queries/roster-sources";
import { ApiError, fieldErrors, invalid } from "@/lib/api/errors.server";
import { addDays, schoolInstant, schoolToday } from "@/lib/core/time";
import { rosterSourceBody, type RosterSourceBody } from "./schemas";
import { decryptSecret, encryptSecret } from "./secret.server";

/** The sysadmin's setting that lets the roster source be plain http beyond this server itself. */
export const ALLOW_HTTP_SETTING = "roster-source-allow-http";

export const sourceMissing = () => new ApiError(404, "roster_source_missing", "No roster source is set up.");

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** http is refused outside loopback unless the setting allows it: the secret and every pupil's record travel over it. */
async function transportErrors(db: Db, body: Pick<RosterSourceBody, "base_url" | "token_url">) {
  const errors: Record<string, string[]> = {};
  const plain = (["base_url", "token_url"] as const).filter((field) => {
    const url = new URL(body[field]);
    return url.protocol === "http:" && !LOOPBACK.has(url.hostname);
  });
  if (plain.length === 0) return errors;
  const [setting] = await settingValues(db, [ALLOW_HTTP_SETTING]);
  if (setting?.value === "true") return errors;
  for (const field of plain) {
    errors[field] = ["It must start with https:// (plain http is allowed only on this server itself, or with the setting roster-source-allow-http)."];
  }
  return errors;
}

/**
 * The stored secret goes only where it was saved for: a request that changes the base or token URL must
 * give it again, or an administrator could point the token URL at a host of their own and read the SIS's
 * secret off the sign-in it sends there.
 */
const SECRET_AGAIN = "Enter the client secret again: the saved one is sent only to the addresses it was saved with.";
const sameAddresses = (row: Pick<RosterSourceRow, "base_url" | "token_url">, body: Pick<RosterSourceBody, "base_url" | "token_url">) =>
  row.base_url === body.base_url && row.token_url === body.token_url;

export interface RosterSourceView {
  base_url: string;
  token_url: string;
  client_id: string;
  client_secret: null;
  client_secret_set: boolean;
  version: "1.1" | "1.2";
  school_sourced_id: string | null;
  schedule: string | null;
  archive_missing: boolean;
  updated_at: string;
  last_run: RosterRunView | null;
  next_run_at: string | null;
}

export interface RosterRunView {
  import_id: number;
  job_id: number | null;
  status: "queued" | "running" | "done" | "failed";
  started_at: string;
  finished_at: string | null;
  counts: { created: number; updated: number; archived: number; dropped: number; unchanged: number; errors: number };
  error: string | null;
}

async function timezoneOf(db: Db) {
  const [row] = await settingValues(db, ["timezone"]);
  return row?.value || "UTC";
}

/** The next nightly run: today's moment when it is ahead and today's run not taken, else tomorrow's. */
export function nextRunAt(row: Pick<RosterSourceRow, "schedule" | "last_scheduled_on">, timezone: string, now: Date): Date | null {
  if (!row.schedule) return null;
  const today = schoolToday(timezone, now);
  const at = schoolInstant(today, row.schedule, timezone);
  if (row.last_scheduled_on === today || at.getTime() <= now.getTime()) return schoolInstant(addDays(today, 1), row.schedule, timezone);
  return at;
}

const count = (result: Record<string, unknown> | null, key: string) => (typeof result?.[key] === "number" ? (result[key] as number) : 0);

async function lastRun(db: Db, importId: number | null): Promise<RosterRunView | null> {
  if (!importId) return null;
  const run = await rosterRun(db, importId);
  if (!run) return null;
  const errors = run.result?.errors;
  return {
    import_id: run.import_id,
    job_id: run.job_id,
    status: run.status,
    started_at: (run.started_at ?? run.created_at).toISOString(),
    finished_at: run.finished_at?.toISOString() ?? null,
    counts: {
      created: count(run.result, "created"),
      updated: count(run.result, "updated"),
      archived: count(run.result, "archived"),
      dropped: count(run.result, "dropped"),
      unchanged: count(run.result, "unchanged"),
      errors: Array.isArray(errors) ? errors.length : 0,
    },
    error: run.error,
  };
}

async function present(db: Db, row: RosterSourceRow, now: Date): Promise<RosterSourceView> {
  const timezone = await timezoneOf(db);
  const next = nextRunAt(row, timezone, now);
  return {
    base_url: row.base_url,
    token_url: row.token_url,
    client_id: row.client_id,
    client_secret: null,
    client_secret_set: row.client_secret !== "",
    version: row.version,
    school_sourced_id: row.school_sourced_id,
    schedule: row.schedule,
    archive_missing: row.archive_missing,
    updated_at: row.updated_at.toISOString(),
    last_run: await lastRun(db, row.last_import_id),
    next_run_at: next?.toISOString() ?? null,
  };
}

/** GET /api/rostering/source: the source without its secret, its newest run and its next; null when none is set up. */
export async function rosterSource(db: Db, now: Date): Promise<RosterSourceView | null> {
  const row = await findRosterSource(db);
  return row ? present(db, row, now) : null;
}

/**
 * PUT /api/rostering/source. The secret is needed the first time; later an omitted or empty one keeps
 * the stored one. A schedule whose moment already passed today first runs tomorrow: saving the source
 * never applies a roster nobody has seen a dry run of.
 */
export async function saveSource(db: Db, userId: number, body: RosterSourceBody, now: Date): Promise<RosterSourceView> {
  const errors = await transportErrors(db, body);
  const existing = await findRosterSource(db);
  const secret = body.client_secret ?? "";
  if (!existing && secret === "") errors.client_secret = ["The client secret is required."];
  else if (existing && secret === "" && !sameAddresses(existing, body)) errors.client_secret = [SECRET_AGAIN];
  if (Object.keys(errors).length) throw invalid(errors);
  const timezone = await timezoneOf(db);
  const today = schoolToday(timezone, now);
  const passed = body.schedule !== null && schoolInstant(today, body.schedule, timezone).getTime() <= now.getTime();
  const scheduleChanged = !existing || existing.schedule !== body.schedule;
  const row = await saveRosterSource(
    db,
    {
      base_url: body.base_url,
      token_url: body.token_url,
      client_id: body.client_id,
      client_secret: secret === "" ? existing!.client_secret : await encryptSecret(db, secret),
      version: body.version,
      school_sourced_id: body.school_sourced_id,
      schedule: body.schedule,
      archive_missing: body.archive_missing,
      updated_at: now,
      updated_by: userId,
    },
    {
      forgetLastPull: !!existing && (existing.base_url !== body.base_url || existing.school_sourced_id !== body.school_sourced_id || existing.version !== body.version),
      scheduledOn: scheduleChanged && passed ? today : null,
    },
  );
  return present(db, row, now);
}

/** DELETE /api/rostering/source: false when there was none. The Imports history keeps its runs. */
export const removeSource = (db: Db) => deleteRosterSource(db);

/** What a pull connects with: the source as saved, its secret opened. */
export interface SourceSettings {
  base_url: string;
  token_url: string;
  client_id: string;
  client_secret: string;
  version: "1.1" | "1.2";
  school_sourced_id: string | null;
  archive_missing: boolean;
}

/** The saved source ready to connect; throws 404 when there is none, 422 when its secret cannot be opened. */
export async function savedSettings(db: Db): Promise<{ settings: SourceSettings; row: RosterSourceRow }> {
  const row = await findRosterSource(db);
  if (!row) throw sourceMissing();
  const secret = await decryptSecret(db, row.client_secret);
  if (secret === null) {
    throw invalid({ client_secret: ["The stored client secret can no longer be read (the server's key changed): enter it again."] });
  }
  return { settings: { ...row, client_secret: secret }, row };
}

/**
 * A source given in a request (to test it before saving): checked as PUT checks it; a missing secret is
 * the stored one. An empty body: the saved source.
 */
export async function settingsFromBody(db: Db, body: Record<string, unknown>): Promise<SourceSettings> {
  if (Object.keys(body).length === 0) return (await savedSettings(db)).settings;
  const parsed = rosterSourceBody.safeParse(body);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  const errors = await transportErrors(db, parsed.data);
  if (Object.keys(errors).length) throw invalid(errors);
  let secret = parsed.data.client_secret ?? "";
  if (secret === "") {
    const stored = await findRosterSource(db);
    const opened = stored ? await decryptSecret(db, stored.client_secret) : null;
    if (opened === null) throw invalid({ client_secret: ["The client secret is required."] });
    if (!sameAddresses(stored!, parsed.data)) throw invalid({ client_secret: [SECRET_AGAIN] });
    secret = opened;
  }
  return { ...parsed.data, client_secret: secret };
}
