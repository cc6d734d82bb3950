import "server-only";
import { existsSync } from "node:fs";
import path from "node:path";
import { Worker, type WorkerOptions } from "node:worker_threads";
import { turnTaker, type TakeTurn } from "@/lib/event-loop";
import { pullValue, type FromAskedWorker, type ToAskedWorker } from "@/lib/worker-channel";

/**
 * The server's worker threads, each named by its entry: "oneroster/plan" is lib/oneroster/plan.worker.ts,
 * "calendar/import" lib/calendar/import.worker.ts, "imports/read" lib/imports/read.worker.ts.
 * The production build bundles every lib/<folder>/<name>.worker.ts to dist/workers/<folder>/<name>.worker.cjs
 * with esbuild (scripts/build-cli.mjs, run by `npm run build`, `npm start`, the e2e tier and the container's
 * build); elsewhere (development, tests, benchmarks) the source runs through tsx, so a change needs no build.
 * The thread is made with Reflect.construct, which Turbopack does not read as a worker: a `new Worker(path)`
 * it can follow is bundled into a chunk of its own, whose look-up by path then fails at run time (Next.js
 * 16.4 keys it by the build's project root, "/ROOT/...", not the server's; a turbopackIgnore comment on
 * the path is not honoured there).
 */
export type WorkerName = "oneroster/plan" | "calendar/import" | "imports/read";

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

export interface AskOptions {
  /** Buffers of the request handed over rather than copied. */
  transfer?: ArrayBuffer[];
  /** The server's turns while the answer comes back (lib/event-loop.ts). */
  turn?: TakeTurn;
  /** The answer must come within this long; after it the worker is ended and `timedOut()` thrown. */
  timeoutMs: number;
  timedOut(): Error;
  /** The error to throw for the problems a worker refused its input with. */
  refused(problems: unknown): Error;
}

/**
 * Asks a worker thread one question and waits for its one answer (the worker's side is
 * lib/worker-channel.ts answerAsk): reading an uploaded file off the server's event loop. The answer comes
 * back in slices of rows, the loop taking a turn before each. The worker is ended once the answer is in,
 * refused, failed or late: a worker is never shared between requests.
 */
export async function askWorker<T>(name: WorkerName, request: unknown, options: AskOptions): Promise<T> {
  const worker = startWorker(name);
  const send = (message: ToAskedWorker, transfer?: ArrayBuffer[]) => worker.postMessage(message, transfer);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await new Promise<T>((resolve, reject) => {
      const pulled = pullValue(() => send({ type: "next" }), options.turn ?? turnTaker());
      pulled.value.then((value) => resolve(value as T), reject);
      worker.on("message", (message: FromAskedWorker) => {
        if (message.type === "part") void pulled.take(message.part);
        else if (message.type === "refused") reject(options.refused(message.problems));
        else reject(Object.assign(new Error(message.message), { stack: message.stack }));
      });
      worker.on("error", reject);
      worker.on("exit", (code) => reject(new Error(`The worker thread ${name} stopped (exit code ${code}).`)));
      timer = setTimeout(() => reject(options.timedOut()), options.timeoutMs);
      send({ type: "ask", request }, options.transfer);
    });
  } finally {
    clearTimeout(timer);
    void worker.terminate();
  }
}
