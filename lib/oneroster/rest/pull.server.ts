import "server-only";
import { turnTaker, type TakeTurn } from "@/lib/event-loop";
import type { FileMode } from "../bundle-files";
import { bundleOf, ENDPOINTS, type Endpoint, type Records } from "./bundle";
import { exchange, jsonOf, RemoteFailure } from "./fetch.server";
import type { SourceSettings } from "./source.server";

/**
 * The pull: an access token by OAuth 2 client credentials, then every page of orgs, academicSessions,
 * users (1.2: their roles inside), courses, classes and enrollments (`limit`/`offset` until a short page;
 * a delta asks `filter=dateLastModified>'…'`), written as the bundle the SIS would export
 * (lib/oneroster/rest/bundle.ts) for the bundle's own planner. Every bound is checked as the pages
 * arrive: a page's size, the pages of an endpoint, the rows in all; a page that fails is tried again
 * (with back-off) and, failing still, fails the whole pull (PullFailed names it), so nothing is written.
 */

export interface PullLimits {
  pageSize: number;
  maxPageBytes: number;
  maxPagesPerEndpoint: number;
  maxRows: number;
  timeoutMs: number;
  /** Attempts of one page after the first. */
  retries: number;
  /** Back-off before the n-th retry: n × this. */
  backoffMs: number;
}

export const PULL_LIMITS: PullLimits = {
  pageSize: 100,
  maxPageBytes: 5 * 1024 * 1024,
  maxPagesPerEndpoint: 1000,
  maxRows: 300_000,
  timeoutMs: 30_000,
  retries: 3,
  backoffMs: 2000,
};

/** Where a pull stopped: `where` is the endpoint and page ("users page 3") or "token". */
export class PullFailed extends Error {
  constructor(
    readonly where: string,
    readonly reason: string,
  ) {
    super(`${where}: ${reason}`);
    this.name = "PullFailed";
  }
}

export interface PullOptions {
  /** A delta: only records changed since then (the previous applied pull's start). */
  since: Date | null;
  limits?: Partial<PullLimits>;
  signal?: AbortSignal;
}

export interface PullResult {
  bundle: Uint8Array;
  mode: "full" | "delta";
  started_at: Date;
  pages: number;
  rows: Record<Endpoint, number>;
  /** The orgs as the SIS listed them (the test shows them). */
  orgs: { sourced_id: string; name: string; type: string }[];
}

/**
 * A delta asks from this long before the last pull began: the SIS's clock may be behind ours, and a
 * record changed while that pull ran may carry a time before its start. Reading a record again is
 * harmless (it is unchanged); missing one is not.
 */
export const DELTA_OVERLAP_MS = 10 * 60_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Session {
  settings: SourceSettings;
  limits: PullLimits;
  signal?: AbortSignal;
  token: string;
  /** A turn of the event loop between pages (each page's JSON is read in one go). */
  turn?: TakeTurn;
}

/** The access token; its failures as sentences an IT person can act on. */
export async function fetchToken(settings: SourceSettings, limits: PullLimits, signal?: AbortSignal): Promise<string> {
  const basic = Buffer.from(`${settings.client_id}:${settings.client_secret}`, "utf8").toString("base64");
  let answer;
  try {
    answer = await exchange(
      settings.token_url,
      {
        method: "POST",
        headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: "grant_type=client_credentials",
      },
      { timeoutMs: limits.timeoutMs, maxBytes: 64 * 1024, signal },
    );
  } catch (error) {
    if (error instanceof RemoteFailure) throw new PullFailed("token", `The token endpoint failed: ${error.message}.`);
    throw error;
  }
  const body = jsonOf(answer);
  if (answer.status === 401 || answer.status === 403 || (answer.status === 400 && (body as { error?: unknown } | null)?.error === "invalid_client")) {
    throw new PullFailed("token", "The token endpoint refused the client id and secret.");
  }
  if (body === null) {
    throw new PullFailed("token", `The token endpoint answered with a web page or other text (HTTP ${answer.status}), not a token: check the token URL.`);
  }
  if (answer.status !== 200) {
    const code = (body as { error?: unknown }).error;
    const said = typeof code === "string" ? ` (${code.slice(0, 100)})` : "";
    throw new PullFailed("token", `The token endpoint answered HTTP ${answer.status}${said}.`);
  }
  const token = (body as { access_token?: unknown }).access_token;
  if (typeof token !== "string" || token === "" || token.length > 8192) {
    throw new PullFailed("token", "The token endpoint's answer has no access_token.");
  }
  return token;
}

function pageUrl(settings: SourceSettings, endpoint: Endpoint, offset: number, limit: number, since: Date | null) {
  const url = new URL(`${settings.base_url}/${endpoint}`);
  url.searchParams.set("limit", String(limit));
  url.searchParams.set("offset", String(offset));
  if (since) url.searchParams.set("filter", `dateLastModified>'${since.toISOString()}'`);
  return url.toString();
}

/** One page's records, tried again on a failure that may pass, with the token fetched again once on a 401. */
async function page(session: Session, endpoint: Endpoint, number: number, url: string) {
  const where = `${endpoint} page ${number}`;
  let refreshed = false;
  let lastReason = "";
  for (let attempt = 0; attempt <= session.limits.retries; ) {
    if (attempt > 0) await wait(attempt * session.limits.backoffMs);
    let answer;
    try {
      answer = await exchange(
        url,
        { headers: { authorization: `Bearer ${session.token}`, accept: "application/json" } },
        { timeoutMs: session.limits.timeoutMs, maxBytes: session.limits.maxPageBytes, signal: session.signal },
      );
    } catch (error) {
      if (!(error instanceof RemoteFailure)) throw error;
      if (!error.retryable) throw new PullFailed(where, `${capitalize(error.message)}.`);
      lastReason = error.message;
      attempt++;
      continue;
    }
    if (answer.status === 401 && !refreshed) {
      // The token ran out mid-pull: a new one, once.
      refreshed = true;
      session.token = await fetchToken(session.settings, session.limits, session.signal);
      continue;
    }
    if (answer.status === 429 || answer.status >= 500) {
      lastReason = `HTTP ${answer.status}`;
      attempt++;
      continue;
    }
    if (answer.status !== 200) throw new PullFailed(where, refusal(answer.status, endpoint));
    const body = jsonOf(answer);
    const list = body && typeof body === "object" ? (body as Record<string, unknown>)[endpoint] : undefined;
    if (!Array.isArray(list)) throw new PullFailed(where, body === null ? "The answer is not JSON." : `The answer has no ${endpoint} list.`);
    return list.filter((r): r is Record<string, unknown> => !!r && typeof r === "object" && !Array.isArray(r));
  }
  throw new PullFailed(where, `It failed ${session.limits.retries + 1} times (last: ${lastReason}).`);
}

/** A page's answer that trying again will not change, in words. */
function refusal(status: number, endpoint: Endpoint): string {
  if (status === 401) return "The SIS refused the access token, even a new one.";
  if (status === 403) return `The SIS does not let this client read ${endpoint}: check the client's permissions in the SIS.`;
  if (status === 404) return `The SIS has no ${endpoint} at this address: check the base URL.`;
  return `The SIS answered HTTP ${status}.`;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Every page of one endpoint, until a short page; bounded by pages and by rows in all. */
async function pages(session: Session, endpoint: Endpoint, since: Date | null, total: { rows: number; pages: number }) {
  const { pageSize, maxPagesPerEndpoint, maxRows } = session.limits;
  const out: Record<string, unknown>[] = [];
  let previousFirst: string | null = null;
  for (let n = 1; ; n++) {
    if (n > maxPagesPerEndpoint) {
      throw new PullFailed(`${endpoint} page ${n}`, `More than ${maxPagesPerEndpoint} pages of ${pageSize}: the SIS never sent a short last page.`);
    }
    session.signal?.throwIfAborted();
    const rows = await page(session, endpoint, n, pageUrl(session.settings, endpoint, (n - 1) * pageSize, pageSize, since));
    total.pages += 1;
    await session.turn?.();
    const first = rows[0] ? String(rows[0].sourcedId ?? "") : null;
    if (n > 1 && first !== null && first !== "" && first === previousFirst) {
      throw new PullFailed(`${endpoint} page ${n}`, "The SIS sent the same page again: it does not page by offset.");
    }
    previousFirst = first;
    total.rows += rows.length;
    if (total.rows > maxRows) throw new PullFailed(`${endpoint} page ${n}`, `The SIS sent more than ${maxRows} rows in all.`);
    out.push(...rows);
    if (rows.length < pageSize) return out;
  }
}

/** The modes of the bundle: a delta's files add and change; a full pull's replace (its users only with archive_missing). */
function modesOf(mode: "full" | "delta", archiveMissing: boolean): Record<Endpoint, FileMode> {
  const full: FileMode = mode === "full" ? "bulk" : "delta";
  return {
    orgs: full,
    academicSessions: full,
    users: mode === "full" && archiveMissing ? "bulk" : "delta",
    courses: full,
    classes: full,
    enrollments: full,
  };
}

export async function pullRoster(settings: SourceSettings, options: PullOptions): Promise<PullResult> {
  const limits = { ...PULL_LIMITS, ...options.limits };
  const started_at = new Date();
  const session: Session = { settings, limits, signal: options.signal, token: await fetchToken(settings, limits, options.signal), turn: turnTaker() };
  const mode = options.since ? "delta" : "full";
  const total = { rows: 0, pages: 0 };
  const records = {} as Records;
  const since = options.since && new Date(options.since.getTime() - DELTA_OVERLAP_MS);
  // Every org, even in a delta: the school is chosen among them (a few rows).
  for (const endpoint of ENDPOINTS) records[endpoint] = await pages(session, endpoint, endpoint === "orgs" ? null : since, total);
  const rows = Object.fromEntries(ENDPOINTS.map((e) => [e, records[e].length])) as Record<Endpoint, number>;
  return {
    bundle: await bundleOf(settings.version, records, modesOf(mode, settings.archive_missing)),
    mode,
    started_at,
    pages: total.pages,
    rows,
    orgs: records.orgs.map((o) => ({ sourced_id: String(o.sourcedId ?? ""), name: String(o.name ?? ""), type: String(o.type ?? "") })),
  };
}

/** The test: the token, then one page of orgs (the schools found), each step in words. */
export async function testSource(settings: SourceSettings, options: { limits?: Partial<PullLimits>; signal?: AbortSignal } = {}) {
  const limits = { ...PULL_LIMITS, ...options.limits, retries: 0 };
  const steps: { step: "token" | "orgs"; ok: boolean; message: string }[] = [];
  let token: string;
  try {
    token = await fetchToken(settings, limits, options.signal);
    steps.push({ step: "token", ok: true, message: "The token endpoint gave a token." });
  } catch (error) {
    if (!(error instanceof PullFailed)) throw error;
    steps.push({ step: "token", ok: false, message: error.reason });
    return { ok: false, message: error.reason, steps, orgs: [] };
  }
  try {
    const session: Session = { settings, limits, signal: options.signal, token };
    const orgs = (await page(session, "orgs", 1, pageUrl(settings, "orgs", 0, limits.pageSize, null))).map((o) => ({
      sourced_id: String(o.sourcedId ?? ""),
      name: String(o.name ?? ""),
      type: String(o.type ?? ""),
    }));
    const schools = orgs.filter((o) => o.type.toLowerCase() === "school");
    const named = schools.slice(0, 5).map((s) => s.name).join(", ") + (schools.length > 5 ? ", …" : "");
    const message = schools.length
      ? `Found ${schools.length} school${schools.length === 1 ? "" : "s"}: ${named}.`
      : `Found ${orgs.length} org${orgs.length === 1 ? "" : "s"} and no school.`;
    const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? "" : "s"}`;
    // The step says what the endpoint answered; the sentence above it, what that means for the school.
    steps.push({ step: "orgs", ok: true, message: `The orgs endpoint listed ${plural(orgs.length, "org")}, ${plural(schools.length, "school")} among them.` });
    return { ok: true, message, steps, orgs };
  } catch (error) {
    if (!(error instanceof PullFailed)) throw error;
    const message = `Reading orgs failed: ${error.reason}`;
    steps.push({ step: "orgs", ok: false, message });
    return { ok: false, message, steps, orgs: [] };
  }
}
