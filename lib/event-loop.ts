/**
 * Long work on the server's event loop (reading and planning a roster bundle, in the dry-run request
 * and in the import job, which runs in the server's process) must leave other requests their turn: a
 * teacher's check-in status waits for whatever holds the loop. `turnTaker()` answers a function to await
 * inside the work's loops; it gives the loop a turn (setImmediate: timers and I/O first) once `sliceMs`
 * of work has run since the last turn, and returns at once otherwise.
 */
export const SLICE_MS = 3;

export type TakeTurn = () => Promise<void>;

export function turnTaker(sliceMs = SLICE_MS): TakeTurn {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}
