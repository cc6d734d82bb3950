/**
 * Ours against the floor (what is still ours to remove): every endpoint driven on the app (`next start`) and on the bare
 * floor (scripts/bench/floor.ts, same statements, same JSON) one after the other, at 1, 10 and 50
 * connections, printed as ours / floor req/s with the ratio and both p95s. Called by scripts/bench.ts.
 */
import { isDeepStrictEqual } from "node:util";
import { drive } from "./harness";

export interface Endpoint {
  /** Short name for --only. */
  key: string;
  name: string;
  path: string;
  token: string | null;
  /** Also measured as a conditional request (If-None-Match with the current ETag → 304). */
  conditional?: boolean;
}

export interface RatioRow {
  name: string;
  connections: number;
  ours: { rps: number; p95: number };
  floor: { rps: number; p95: number };
}

const authorization = (token: string | null): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

/** Both servers must give the same JSON (the floor is only a floor if it does the same work). */
export async function sameAnswers(ours: string, floor: string, endpoints: Endpoint[]) {
  const problems: string[] = [];
  for (const e of endpoints) {
    const [a, b] = await Promise.all(
      [ours, floor].map(async (base) => {
        const response = await fetch(base + e.path, { headers: authorization(e.token) });
        return { status: response.status, etag: response.headers.get("etag"), body: await response.json() };
      }),
    );
    if (a!.status !== 200 || b!.status !== 200)
      problems.push(`${e.name}: ours ${a!.status}, floor ${b!.status}`);
    else if (!isDeepStrictEqual(a!.body, b!.body))
      problems.push(`${e.name}: the floor's JSON differs from ours`);
    else if (e.conditional && bodyTag(a!.etag) !== bodyTag(b!.etag)) problems.push(`${e.name}: ETags differ`);
  }
  return problems;
}

/** The body's hash in a tag: ours is `W/"<state>.<body>"` (lib/api/conditional.server.ts), the floor's `W/"<body>"`. */
const bodyTag = (etag: string | null) => etag?.replace(/^W\/"|"$/g, "").split(".").pop() ?? null;

async function etagOf(url: string, token: string | null) {
  const response = await fetch(url, { headers: authorization(token) });
  await response.arrayBuffer();
  return response.headers.get("etag");
}

/** Runs every endpoint at every level on both servers, alternating ours and floor so drift hits both. */
export async function compare(options: {
  ours: string;
  floor: string;
  endpoints: Endpoint[];
  levels: number[];
  seconds: number;
  log?: (line: string) => void;
}): Promise<RatioRow[]> {
  const rows: RatioRow[] = [];
  for (const e of options.endpoints) {
    const variants: {
      name: string;
      headers: (base: string) => Promise<Record<string, string>>;
      status?: number;
    }[] = [{ name: e.name, headers: async () => ({}) }];
    // A build from before conditional requests answers no ETag: no 304 line then.
    if (e.conditional && (await etagOf(options.ours + e.path, e.token))) {
      variants.push({
        name: `${e.name} → 304 (If-None-Match)`,
        headers: async (base) => ({ "if-none-match": (await etagOf(base + e.path, e.token)) ?? "" }),
        status: 304,
      });
    }
    for (const variant of variants) {
      for (const connections of options.levels) {
        const once = async (base: string) => {
          const headers = await variant.headers(base);
          const result = await drive(base + e.path, {
            token: e.token ?? undefined,
            connections,
            seconds: options.seconds,
            headers,
            expectStatus: variant.status,
          });
          return { rps: result.rps ?? 0, p95: result.p95 };
        };
        // A 304 run whose answer changed under it (a block ended mid-run: the week is rightly new) is
        // run again once with the new tag.
        const run = (base: string) =>
          once(base).catch((error: unknown) => (variant.status ? once(base) : Promise.reject(error)));
        const ours = await run(options.ours);
        const floor = await run(options.floor);
        const row = { name: variant.name, connections, ours, floor };
        options.log?.(formatRow(row));
        rows.push(row);
      }
    }
  }
  return rows;
}

const pct = (row: RatioRow) => (row.floor.rps > 0 ? (100 * row.ours.rps) / row.floor.rps : NaN);

/** The endpoint whose pair measures what Next.js itself costs per request (a constant answer after `select 1`). */
export const FRAMEWORK_KEY = "health";

/**
 * The ceiling of a route handler: the ratio ours would reach if our handler did no more work than the
 * floor's and only the framework's own cost per request were added. That cost is read off the
 * `select 1` pair at the same number of connections: 1/ours − 1/floor seconds per request (the Node
 * thread is the bottleneck of both, so a request's cost is the inverse of the throughput). An endpoint
 * whose floor needs t per request can then reach at most t / (t + that cost) of the floor. So a target
 * above the ceiling is out of reach of any Next.js route handler on this machine, however little the
 * handler does; the distance between the ratio and the ceiling is what is still ours.
 */
export function ceilings(endpoints: Endpoint[], rows: RatioRow[]): Map<RatioRow, number> {
  const framework = endpoints.find((e) => e.key === FRAMEWORK_KEY);
  const result = new Map<RatioRow, number>();
  if (!framework) return result;
  for (const row of rows) {
    const base = rows.find((r) => r.name === framework.name && r.connections === row.connections);
    if (!base || base.ours.rps <= 0 || base.floor.rps <= 0 || row.floor.rps <= 0) continue;
    const frameworkCost = Math.max(0, 1 / base.ours.rps - 1 / base.floor.rps);
    const floorCost = 1 / row.floor.rps;
    result.set(row, (100 * floorCost) / (floorCost + frameworkCost));
  }
  return result;
}

export function formatRow(row: RatioRow, ceiling?: number) {
  const n = (v: number) => v.toFixed(0).padStart(6);
  return (
    `  ${String(row.connections).padStart(2)} conn  ${n(row.ours.rps)} / ${n(row.floor.rps)} req/s  ` +
    `${pct(row).toFixed(0).padStart(3)} %` +
    (ceiling === undefined ? "" : ` (ceiling ${ceiling.toFixed(0).padStart(3)} %)`) +
    `   p95 ${row.ours.p95.toFixed(1)} / ${row.floor.p95.toFixed(1)} ms   ${row.name}`
  );
}

export function printRatios(title: string, endpoints: Endpoint[], rows: RatioRow[]) {
  const ceiling = ceilings(endpoints, rows);
  console.log(`\n${title}: ours / floor (req/s, ratio (ceiling of a Next.js route handler), p95)`);
  for (const row of rows)
    console.log(formatRow(row, row.name.startsWith("GET /api/health") ? undefined : ceiling.get(row)));
}

/** The targets at 50 connections on PostgreSQL: ratio of the floor (and search's p95). */
export const TARGETS: { key: string; minRatio: number; maxP95?: number }[] = [
  { key: "user", minRatio: 40 },
  { key: "status", minRatio: 60 },
  { key: "student-week", minRatio: 60 },
  { key: "staff-week", minRatio: 60 },
  { key: "search", minRatio: 50, maxP95: 100 },
  { key: "inbox", minRatio: 50 },
];

export function checkTargets(endpoints: Endpoint[], rows: RatioRow[], connections: number) {
  const ceiling = ceilings(endpoints, rows);
  const lines: { pass: boolean; text: string }[] = [];
  for (const target of TARGETS) {
    const endpoint = endpoints.find((e) => e.key === target.key);
    const row = endpoint && rows.find((r) => r.name === endpoint.name && r.connections === connections);
    if (!row) continue;
    const ratio = pct(row);
    const reach = ceiling.get(row);
    const pass = ratio >= target.minRatio && (target.maxP95 === undefined || row.ours.p95 <= target.maxP95);
    const why =
      reach === undefined
        ? ""
        : reach < target.minRatio
          ? `; ceiling ${reach.toFixed(0)} %: beyond any route handler here`
          : `; ceiling ${reach.toFixed(0)} %`;
    const p95Why =
      target.maxP95 !== undefined && row.floor.p95 > target.maxP95
        ? `; the floor's own p95 is ${row.floor.p95.toFixed(1)} ms`
        : "";
    lines.push({
      pass,
      text:
        `${pass ? "PASS" : "FAIL"}  ${row.name} at ${connections}: ${ratio.toFixed(0)} % of the floor (target ≥ ${target.minRatio} %${why})` +
        (target.maxP95 === undefined
          ? ""
          : `, p95 ${row.ours.p95.toFixed(1)} ms (target ≤ ${target.maxP95} ms${p95Why})`),
    });
  }
  return lines;
}
