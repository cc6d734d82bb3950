import "server-only";
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { Worker, type WorkerOptions } from "node:worker_threads";
import { turnTaker, type TakeTurn } from "@/lib/event-loop";
import { pullValue, sendValue, type FromWorker, type ToWorker } from "@/lib/worker-channel";

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
 * Every task goes through one helper: `runTask` for one question and its answer, `openWorker` for a
 * thread kept for a few tasks in turn (the OneRoster planner reads the bundle, then plans against the
 * roster read meanwhile). The worker's side is lib/worker-channel.ts serveTasks.
 */
export type WorkerName = "oneroster/plan" | "calendar/import" | "imports/read";

const workerSource = (name: WorkerName, root = process.cwd()) => path.join(root, "lib", `${name}.worker.ts`);
const builtWorker = (name: WorkerName, root = process.cwd()) => path.join(root, "dist", "workers", `${name}.worker.cjs`);

function startWorker(name: WorkerName): Worker {
  const built = builtWorker(name);
  const [file, options]: [string, WorkerOptions] =
    process.env.NODE_ENV === "production" && existsSync(built)
      ? [built, {}]
      : [workerSource(name), { execArgv: ["--import", "tsx", "--conditions=react-server"] }];
  return Reflect.construct(Worker, [file, options]) as Worker;
}

export interface TaskOptions {
  /** Buffers of the request handed over rather than copied (lib/worker-channel.ts handOver). */
  transfer?: ArrayBuffer[];
  /** The server's turns while the request goes and the answer comes back (lib/event-loop.ts). */
  turn?: TakeTurn;
  /** The answer must come within this long; after it the worker is ended and `timedOut()` thrown. */
  timeoutMs?: number;
  timedOut?(): Error;
  /** The error to throw for the problems a worker refused its input with. */
  refused(problems: unknown): Error;
}

/** A worker thread kept for a few tasks, one at a time; ended by `close` (always, once the caller is done). */
export interface WorkerSession {
  run<T>(task: string, request: unknown, options: TaskOptions): Promise<T>;
  close(): void;
}

/**
 * Threads at once across the server: more threads than cores only share them, and each holds a file and
 * what it made of it (a large bundle's rows take hundreds of MB), so four at most. A task beyond it waits
 * for a thread to end.
 */
export const MAX_THREADS = Math.min(4, Math.max(2, availableParallelism()));
let threads = 0;
const waiting: (() => void)[] = [];

function takeThread(): Promise<void> {
  if (threads < MAX_THREADS) {
    threads += 1;
    return Promise.resolve();
  }
  return new Promise((resolve) => waiting.push(resolve));
}

function releaseThread() {
  const next = waiting.shift();
  if (next) next(); // the thread passes to the next in line
  else threads -= 1;
}

/** The task's answer, the worker's refusal or failure, or its stop: whichever comes first. */
function answerOf<T>(
  worker: Worker,
  name: WorkerName,
  task: string,
  request: unknown,
  options: TaskOptions,
  thread: { stopped: Promise<never>; end(): void },
) {
  const turn = options.turn ?? turnTaker();
  const send = (message: ToWorker, transfer?: ArrayBuffer[]) => worker.postMessage(message, transfer);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onMessage!: (message: FromWorker) => void;
  const answer = new Promise<T>((resolve, reject) => {
    const pulled = pullValue(() => send({ type: "next" }), turn);
    pulled.value.then((value) => resolve(value as T), reject);
    onMessage = (message) => {
      if (message.type === "part") void pulled.take(message.part);
      else if (message.type === "refused") reject(options.refused(message.problems));
      else reject(Object.assign(new Error(message.message), { stack: message.stack }));
    };
    worker.on("message", onMessage);
    if (options.timeoutMs !== undefined) {
      timer = setTimeout(() => {
        reject(options.timedOut?.() ?? new Error(`The worker thread ${name} took too long.`));
        thread.end(); // it may still be busy with the task
      }, options.timeoutMs);
    }
    sendValue(worker, request, turn, (part) => ({ type: "run", task, part }) satisfies ToWorker, options.transfer).catch(reject);
  });
  return Promise.race([answer, thread.stopped]).finally(() => {
    clearTimeout(timer);
    worker.off("message", onMessage);
  });
}

/**
 * A worker thread for a few tasks in turn (each waits for the one before). The thread starts once one
 * of MAX_THREADS is free; a task that fails, is refused or is late fails only itself, but a late task
 * ends the thread (it may still be busy), and so does a stop of the thread every task after it.
 * Open one before a transaction, never inside it: callers holding every thread and waiting for the
 * embedded database's one connection, while the transaction holding it waits for a thread, would wait for ever.
 */
export function openWorker(name: WorkerName): WorkerSession {
  let closed = false;
  let worker: Worker | null = null;
  let stop!: (error: Error) => void;
  const stopped = new Promise<never>((_, reject) => (stop = reject));
  stopped.catch(() => {}); // answered through the tasks that are running
  const started = takeThread().then(() => {
    if (closed) {
      releaseThread();
      return null;
    }
    let thread: Worker;
    try {
      thread = startWorker(name);
    } catch (error) {
      closed = true;
      releaseThread();
      throw error;
    }
    thread.on("error", (error) => stop(error));
    thread.on("exit", (code) => stop(new Error(`The worker thread ${name} stopped (exit code ${code}).`)));
    worker = thread;
    return thread;
  });
  let last: Promise<unknown> = Promise.resolve();
  const close = () => {
    if (closed) return;
    closed = true;
    stop(new Error(`The worker thread ${name} was ended.`));
    if (worker) {
      void worker.terminate();
      releaseThread();
    }
  };
  const run = async <T>(task: string, request: unknown, options: TaskOptions): Promise<T> => {
    const thread = await started;
    if (!thread) throw new Error(`The worker thread ${name} was ended.`);
    return answerOf<T>(thread, name, task, request, options, { stopped, end: close });
  };
  return {
    run<T>(task: string, request: unknown, options: TaskOptions) {
      const result = last.then(() => run<T>(task, request, options));
      last = result.catch(() => {});
      return result;
    },
    close,
  };
}

/**
 * One task in a worker thread of its own, ended once the answer is in, refused, failed or late: reading
 * an uploaded file off the server's event loop. The answer comes back in slices of rows, a turn before each.
 */
export async function runTask<T>(name: WorkerName, task: string, request: unknown, options: TaskOptions): Promise<T> {
  const session = openWorker(name);
  try {
    return await session.run<T>(task, request, options);
  } finally {
    session.close();
  }
}
