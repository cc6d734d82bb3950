import "server-only";
/**
 * A nudge to this process's placement check (lib/placement/ticker.ts), e.g. when an administrator
 * changes the cutoff so that a date's cutoff has passed already. Kept on globalThis: the
 * instrumentation bundle and the route bundles load their own copies of modules.
 */
const holder = globalThis as unknown as { __flexblockPlacementWake?: Set<() => void> };
const listeners = (holder.__flexblockPlacementWake ??= new Set());

export function onPlacementWake(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function wakePlacementCheck(): void {
  for (const listener of listeners) listener();
}
