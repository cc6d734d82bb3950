/**
 * Long work beside the server's requests must leave them their turn: a teacher's check-in status waits for
 * whatever holds the event loop. `turnTaker()` answers a function to await inside the work's loops: once
 * `sliceMs` of work has run since the last turn it pauses `restMs` (timers and I/O run meanwhile), so the
 * work has at most a third of the processor by default and a request arriving meanwhile waits at most a
 * slice for each of its steps; otherwise it returns at once. The OneRoster import uses it on the server's
 * loop (sending the roster, taking the plan back, writing) and in its planner's worker thread, which shares
 * the machine's cores with the server and the database.
 *
 * Measured with `npm run bench:roster` (the status read beside a 2,000-student import, PostgreSQL, 2
 * cores): 3 ms slices without a pause kept the status p95 at 4–7× its idle value; 1 ms with a 2 ms pause,
 * the bundle planned in the worker, 1.2–1.8× (a worker without turns: 2.3–2.9×).
 */
export const SLICE_MS = 1;
export const REST_MS = 2;

export type TakeTurn = () => Promise<void>;

export function turnTaker(sliceMs = SLICE_MS, restMs = REST_MS): TakeTurn {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise<void>((resolve) => (restMs > 0 ? setTimeout(resolve, restMs) : setImmediate(resolve)));
    since = performance.now();
  };
}
