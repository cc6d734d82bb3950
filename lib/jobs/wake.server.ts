import "server-only";
/**
 * Nudges to this process's runner (lib/jobs/runner.server.ts startJobRunner), so it acts at once instead of
 * at its next poll: "enqueued" (enqueueJob put a job on the queue) or "recurring" (something a
 * recurring kind's isDue reads has changed, such as the placement cutoff: check the recurring kinds
 * now). Other instances notice at their next poll or recurring check; nothing depends on the nudge.
 * Kept on globalThis: the instrumentation bundle and the route bundles load their own copies of modules.
 */
export type WakeReason = "enqueued" | "recurring";

const holder = globalThis as unknown as { __flexblockJobWake?: Set<(reason: WakeReason) => void> };
const listeners = (holder.__flexblockJobWake ??= new Set());

export function onJobEnqueued(listener: (reason: WakeReason) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function wakeJobRunner(reason: WakeReason = "enqueued"): void {
  for (const listener of listeners) listener(reason);
}

/** The runner checks the recurring kinds at once (e.g. after a setting their isDue reads changed). */
export const wakeRecurringCheck = () => wakeJobRunner("recurring");
