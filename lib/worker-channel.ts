import type { MessagePort, Worker } from "node:worker_threads";
import type { TakeTurn } from "@/lib/event-loop";

/**
 * Large values between the server's event loop and a worker thread, in slices. Posting a message clones
 * it in one go on the sending thread and again on the receiving one: a roster's 16,000 enrolments would
 * hold the server's loop tens of milliseconds each way. So every array longer than SLICE_ROWS is sent
 * apart from the value, SLICE_ROWS rows a message, and the server's side takes a turn of its event loop
 * (lib/event-loop.ts) before each slice it sends or asks for; the other side rebuilds the value as it was.
 */
export const SLICE_ROWS = 2000;

const HOLE = "__slices";
type Hole = { [HOLE]: number };

interface Packed {
  /** The value with each long array replaced by a hole naming its index in `arrays`. */
  skeleton: unknown;
  arrays: unknown[][];
}

/** A record of fields (not a Date, Map or the like), whichever realm made it (a message's objects are the receiver's). */
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  Object.prototype.toString.call(value) === "[object Object]";

function pack(value: unknown): Packed {
  const arrays: unknown[][] = [];
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) {
      if (v.length <= SLICE_ROWS) return v;
      arrays.push(v);
      return { [HOLE]: arrays.length - 1 } satisfies Hole;
    }
    if (!isPlainObject(v)) return v;
    return Object.fromEntries(Object.entries(v).map(([key, inner]) => [key, walk(inner)]));
  };
  return { skeleton: walk(value), arrays };
}

function unpack(skeleton: unknown, arrays: unknown[][]): unknown {
  if (Array.isArray(skeleton)) return skeleton;
  if (!isPlainObject(skeleton)) return skeleton;
  if (typeof skeleton[HOLE] === "number" && Object.keys(skeleton).length === 1) return arrays[skeleton[HOLE]];
  return Object.fromEntries(Object.entries(skeleton).map(([key, inner]) => [key, unpack(inner, arrays)]));
}

/** The messages that carry one value: its skeleton with each long array's length, then the slices in order. */
type Part =
  | { part: "skeleton"; skeleton: unknown; lengths: number[] }
  | { part: "slice"; array: number; rows: unknown[] }
  | { part: "end" };

/**
 * The parts that carry `value`: the worker's side of a value the server pulls (`pullValue`), one part per
 * "next" asked for, so the server deserializes a slice only when it has taken its turn.
 */
export function* partsToPull(value: unknown): Generator<Part> {
  const { skeleton, arrays } = pack(value);
  yield { part: "skeleton", skeleton, lengths: arrays.map((a) => a.length) };
  for (const [index, array] of arrays.entries()) {
    for (let at = 0; at < array.length; at += SLICE_ROWS) {
      yield { part: "slice", array: index, rows: array.slice(at, at + SLICE_ROWS) };
    }
  }
  yield { part: "end" };
}

/**
 * Rebuilds a value from its parts as they arrive (a worker's side of `sendValue`): feed it each part; it
 * answers the value once the last has come.
 */
export function receiveValue() {
  let skeleton: unknown;
  let arrays: unknown[][] = [];
  return (part: Part): { done: true; value: unknown } | { done: false } => {
    if (part.part === "skeleton") {
      skeleton = part.skeleton;
      arrays = part.lengths.map(() => []);
    } else if (part.part === "slice") {
      for (const row of part.rows) arrays[part.array]!.push(row);
    } else {
      return { done: true, value: unpack(skeleton, arrays) };
    }
    return { done: false };
  };
}

type Port = Pick<MessagePort | Worker, "postMessage">;

/**
 * Pushes `value` to a worker, a part a message, the server's loop taking a turn before each (the worker
 * reads them with `receiveValue`). `wrap` puts each part in the message the worker expects.
 */
export async function sendValue(port: Port, value: unknown, turn: TakeTurn, wrap: (part: Part) => unknown, transfer: ArrayBuffer[] = []) {
  let first = true;
  for (const part of partsToPull(value)) {
    await turn();
    // Buffers travel in the skeleton (only arrays are sliced out): they are handed over with it.
    port.postMessage(wrap(part), first ? transfer : []);
    first = false;
  }
}

/**
 * The server's side of `partsToPull`: `take` is fed each part the worker posts (the caller wires it to
 * the worker's messages); once it has taken its turn it calls `ask()` for the next. `value` resolves
 * with the rebuilt value after the last part.
 */
export function pullValue(ask: () => void, turn: TakeTurn) {
  const feed = receiveValue();
  let resolve!: (value: unknown) => void;
  const value = new Promise<unknown>((r) => (resolve = r));
  const take = async (part: Part) => {
    const fed = feed(part);
    if (fed.done) return resolve(fed.value);
    await turn();
    ask();
  };
  return { value, take };
}

export type { Part as ValuePart };

/**
 * Bytes to post to a worker: in shared memory (an upload, lib/api/multipart.server.ts) as they are, shared
 * rather than copied; else a copy of their own, handed over (a Buffer's slice shares Node's pool, which
 * cannot be transferred).
 */
export function handOver(bytes: Uint8Array): { bytes: Uint8Array; transfer: ArrayBuffer[] } {
  if (Object.prototype.toString.call(bytes.buffer) === "[object SharedArrayBuffer]") return { bytes, transfer: [] };
  const copy = new Uint8Array(bytes);
  return { bytes: copy, transfer: [copy.buffer as ArrayBuffer] };
}

/**
 * A task run in a worker (lib/workers.server.ts runTask, WorkerSession.run): its request pushed a part at
 * a time, then a "next" for each part of the answer once the server has taken its turn.
 */
export type ToWorker = { type: "run"; task: string; part: Part } | { type: "next" };
/** The worker's answer: the value a part at a time, the input's problems (a refusal), or a failure. */
export type FromWorker =
  | { type: "part"; part: Part }
  | { type: "refused"; problems: unknown }
  | { type: "failed"; message: string; stack?: string };

/** A worker's tasks by name: each takes the request and answers a value (kept in the thread between tasks if it likes). */
export type WorkerTasks = Record<string, (request: never) => Promise<unknown>>;

/**
 * The worker's side of runTask: answers each task with its handler's value, a part per "next". One task
 * runs at a time (the server's side waits for an answer before it sends the next). `refusalOf` turns an
 * error that means "the input is refused" into the problems to send (undefined for any other error,
 * which is sent as a failure).
 */
export function serveTasks(port: Pick<MessagePort, "on" | "postMessage">, tasks: WorkerTasks, refusalOf: (error: unknown) => unknown) {
  const answer = (message: FromWorker) => port.postMessage(message);
  let request = receiveValue();
  let parts: Iterator<Part> | null = null;
  const sendNextPart = () => {
    const next = parts?.next();
    if (next && !next.done) answer({ type: "part", part: next.value });
  };
  const fail = (error: unknown) => {
    const problems = refusalOf(error);
    if (problems !== undefined) return answer({ type: "refused", problems });
    const { message, stack } = error instanceof Error ? error : new Error(String(error));
    answer({ type: "failed", message, stack });
  };
  const run = async (task: string, value: unknown) => {
    const handle = tasks[task] as ((request: unknown) => Promise<unknown>) | undefined;
    if (!handle) throw new Error(`The worker has no task ${task}.`);
    parts = partsToPull(await handle(value));
    sendNextPart();
  };
  port.on("message", (message: ToWorker) => {
    if (message.type === "next") return sendNextPart();
    const fed = request(message.part);
    if (!fed.done) return;
    request = receiveValue();
    run(message.task, fed.value).catch(fail);
  });
}
