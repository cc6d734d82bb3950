import "server-only";
import { existsSync } from "node:fs";
import path from "node:path";
import { Worker, type WorkerOptions } from "node:worker_threads";

/**
 * The server's worker threads, each named by its entry: "oneroster/plan" is lib/oneroster/plan.worker.ts,
 * "calendar/import" lib/calendar/import.worker.ts.
 * The production build bundles every lib/<folder>/<name>.worker.ts to dist/workers/<folder>/<name>.worker.cjs
 * with esbuild (scripts/build-cli.mjs, run by `npm run build`, `npm start`, the e2e tier and the container's
 * build); elsewhere (development, tests, benchmarks) the source runs through tsx, so a change needs no build.
 * The thread is made with Reflect.construct, which Turbopack does not read as a worker: a `new Worker(path)`
 * it can follow is bundled into a chunk of its own, whose look-up by path then fails at run time (Next.js
 * 16.4 keys it by the build's project root, "/ROOT/...", not the server's; a turbopackIgnore comment on
 * the path is not honoured there).
 */
export type WorkerName = "oneroster/plan" | "calendar/import";

const workerSource = (name: WorkerName, root = process.cwd()) => path.join(root, "lib", `${name}.worker.ts`);
const builtWorker = (name: WorkerName, root = process.cwd()) => path.join(root, "dist", "workers", `${name}.worker.cjs`);

export function startWorker(name: WorkerName): Worker {
  const built = builtWorker(name);
  const [file, options]: [string, WorkerOptions] =
    process.env.NODE_ENV === "production" && existsSync(built)
      ? [built, {}]
      : [workerSource(name), { execArgv: ["--import", "tsx", "--conditions=react-server"] }];
  return Reflect.construct(Worker, [file, options]) as Worker;
}
