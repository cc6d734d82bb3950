import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { useTestDb } from "./db";
import { tokenFor } from "./factories";
import { admits, describeRequest, discoverRoutes, EVERYONE, problemsOf, send, type Who } from "./fuzz";
import { arbitraryFor, BASELINE, baselineFor, catalogueFor } from "./fuzz-cases";
import { createFuzzWorld } from "./fuzz-fixtures";
import type { Hints } from "./fuzz-shape";

/**
 * The bad-input tier (tests/api/bad-input*.test.ts): every route under app/api, found at run time, as
 * every role and signed out, gets malformed path parameters, query strings and JSON bodies: a fixed
 * catalogue of hostile values plus seeded fast-check runs. No answer may be a 5xx, show a stack or SQL,
 * or use an undocumented status. The routes are dealt to `shards` test files so jest runs them in parallel.
 *
 * The seed is fixed by default, so `npm test` and CI give the same answer every time (a test that fails
 * only on some runs would be a flaky test); FUZZ_SEED=random draws a new one for an exploratory run.
 * FUZZ_SEED=<n> replays a run, FUZZ_RUNS=<n> sets the random requests per route and admitted role
 * (default 10; 200+ for a deep run), FUZZ_ROUTE=<text> keeps only routes whose name contains it,
 * FUZZ_REPORT=<folder> writes every finding and the request counts as JSON there, FUZZ_TRACE=1 logs
 * every request with its answer.
 *
 * The test file must keep route()'s options on each handler (see bad-input.test.ts's jest.mock), so
 * the fuzzer knows each route's zod schemas.
 */
/** The seed `npm test` uses: any fixed number; changing it is a deliberate act. */
const DEFAULT_SEED = 20261122;

export function badInputSuite(shard: number, shards: number) {
  const SEED =
    process.env.FUZZ_SEED === "random"
      ? Math.floor(Math.random() * 2 ** 31)
      : Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
  const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
  /** Requests per route for roles the route refuses: they must all stop at the role check. */
  const REFUSED_RUNS = 3;
  const state = useTestDb();
  const everyRoute = discoverRoutes();
  // Dealt before filtering, so a route stays in its file when FUZZ_ROUTE picks it out.
  const routes = everyRoute
    .filter((_route, index) => index % shards === shard)
    .filter((route) => !process.env.FUZZ_ROUTE || route.name.includes(process.env.FUZZ_ROUTE));

  const totals = {
    requests: 0,
    failures: 0,
    byStatus: {} as Record<number, number>,
    msByCell: {} as Record<string, string>,
    /** Routes whose unbroken baseline is refused: their fuzzing stops short of the service (better hints help). */
    refusedBaselines: {} as Record<string, string>,
  };
  const findings: Array<{ route: string; who: Who; problem: string; request: string }> = [];

  let world: Awaited<ReturnType<typeof createFuzzWorld>>;
  const tokens = new Map<Who, string>();
  let dirty = false;

  beforeAll(async () => {
    console.log(
      `bad-input ${shard + 1}/${shards}: seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${RUNS} random runs per route and role`,
    );
    world = await createFuzzWorld(state.db);
  });

  afterAll(() => {
    const serverErrors = Object.entries(totals.byStatus).filter(([status]) => Number(status) >= 500);
    const fiveHundreds = serverErrors.reduce((sum, [, count]) => sum + count, 0);
    const summary = `bad-input ${shard + 1}/${shards}: ${totals.requests} requests, ${fiveHundreds} answered 5xx, ${totals.failures} failed checks, seed ${SEED}`;
    console.log(summary);
    const refused = Object.entries(totals.refusedBaselines);
    if (refused.length) {
      console.log(
        `bad-input: these routes refused their baseline, so most of their inputs stopped at validation:\n${refused.map(([name, answer]) => `  ${name}: ${answer}`).join("\n")}`,
      );
    }
    if (process.env.FUZZ_REPORT) {
      fs.mkdirSync(process.env.FUZZ_REPORT, { recursive: true });
      const file = path.join(process.env.FUZZ_REPORT, `bad-input-${shard + 1}-of-${shards}.json`);
      fs.writeFileSync(file, JSON.stringify({ seed: SEED, runs: RUNS, ...totals, findings }, null, 2));
    }
  });

  async function tokenOf(who: Who): Promise<string | undefined> {
    if (who === "signed out") return undefined;
    if (!tokens.has(who)) tokens.set(who, await tokenFor(state.db, world.accounts[who]));
    return tokens.get(who);
  }

  /** The role that meets the whole catalogue on this route: the one most likely to reach the database. */
  const catalogueRole = (route: (typeof routes)[number]): Who =>
    (["signed out", "teacher", "admin", "student", "sysadmin"] as Who[]).find((who) => admits(route, who))!;

  it("finds the routes, with their schemas", () => {
    expect(everyRoute.length).toBeGreaterThan(30);
    expect(everyRoute.filter((route) => route.schemas.body).length).toBeGreaterThan(10);
  });

  if (routes.length === 0) return;
  describe.each(routes.map((route) => [route.name, route] as const))("%s", (_name, route) => {
    it.each(EVERYONE)(
      "as %s: answers malformed input with a documented status, never a 5xx or internals",
      async (who) => {
        const started = performance.now();
        const admitted = admits(route, who);
        // Each cell starts from the same accounts, whatever the cell before did to them (a refused
        // caller never reaches the handler, so after such a cell there is nothing to put back).
        if (dirty) {
          await world.restore();
          tokens.clear();
        }
        dirty = admitted;
        const paramHints: Hints = world.idHints
          .filter(([pattern]) => pattern.test(route.pattern))
          .slice(0, 1)
          .map(([, id]) => [/^id$/, id]);
        const baseline = baselineFor(route, world.hints, paramHints);
        const examples =
          admitted && catalogueRole(route) === who
            ? catalogueFor(route, baseline).map((c) => [c] as [typeof c])
            : [];
        const problems: string[] = [];
        const cellSeed = (SEED ^ hash(`${route.name} ${who}`)) | 0;
        await fc.assert(
          fc.asyncProperty(arbitraryFor(route, baseline), async (request) => {
            const answer = await send(route, request, await tokenOf(who));
            if (answer.status === 401) tokens.delete(who);
            totals.requests++;
            totals.byStatus[answer.status] = (totals.byStatus[answer.status] ?? 0) + 1;
            const problem = problemsOf(route, who, answer, JSON.stringify(request));
            if (request.where === BASELINE && [400, 422].includes(answer.status)) {
              totals.refusedBaselines[route.name] = `${answer.status} ${answer.text.slice(0, 200)}`;
            }
            if (process.env.FUZZ_TRACE)
              console.log(
                `${who} ${answer.status} ${describeRequest(route, request)} → ${answer.text.slice(0, 160)}`,
              );
            if (problem) {
              totals.failures++;
              const described = describeRequest(route, request);
              findings.push({ route: route.name, who, problem, request: described });
              problems.push(`${problem} ← ${described}`);
            }
          }),
          // fast-check counts the examples inside numRuns.
          { seed: cellSeed, numRuns: examples.length + (admitted ? RUNS : REFUSED_RUNS), examples },
        );
        totals.msByCell[`${route.name} as ${who}`] =
          `${Math.round(performance.now() - started)} ms, ${examples.length} examples`;
        if (problems.length) {
          throw new Error(
            `${problems.length} bad answers as ${who} (seed ${SEED}; replay: FUZZ_SEED=${SEED} FUZZ_ROUTE="${route.name}"):\n` +
              [...new Set(problems)].slice(0, 40).join("\n"),
          );
        }
      },
    );
  });
}

/** A stable 32-bit hash, so one route's runs do not change when another route is added. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h;
}
