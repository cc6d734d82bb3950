import "server-only";
/**
 * A nudge from enqueueJob to this process's runner, so a job enqueued here starts at once instead of
 * at the next poll. Other instances find it at their next poll; nothing depends on the nudge.
 * Kept on globalThis: the instrumentation bundle and the route bundles load their own copies of modules.
 */
const holder = globalThis as unknown as { __flexblockJobWake?: Set<() => void> };
const listeners = (holder.__flexblockJobWake ??= new Set());

export function onJobEnqueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function wakeJobRunner(): void {
  for (const listener of listeners) listener();
}
