"use client";

import { useSyncExternalStore } from "react";
import { flushSync } from "react-dom";

/**
 * Whether the page is being printed: the print media query matches (print preview, a PDF), or the
 * browser announced a print (beforeprint) and has not finished (afterprint). For what CSS alone cannot
 * do, such as a paged table printing all its rows. The events re-render synchronously (flushSync), so
 * the rows are in the page before the browser lays out what it prints.
 */
let announced = false;
const listeners = new Set<() => void>();

function announce(printing: boolean) {
  announced = printing;
  flushSync(() => listeners.forEach((listener) => listener()));
}
const onBefore = () => announce(true);
const onAfter = () => announce(false);

function subscribe(onChange: () => void) {
  const media = typeof window.matchMedia === "function" ? window.matchMedia("print") : null;
  if (listeners.size === 0) {
    window.addEventListener("beforeprint", onBefore);
    window.addEventListener("afterprint", onAfter);
  }
  listeners.add(onChange);
  media?.addEventListener("change", onChange);
  return () => {
    listeners.delete(onChange);
    media?.removeEventListener("change", onChange);
    if (listeners.size === 0) {
      window.removeEventListener("beforeprint", onBefore);
      window.removeEventListener("afterprint", onAfter);
    }
  };
}

const snapshot = () =>
  announced || (typeof window.matchMedia === "function" && window.matchMedia("print").matches);

export function usePrinting(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
