"use client";

import { useSyncExternalStore } from "react";

/**
 * Whether a CSS media query matches now, following changes (false on the server and where the browser
 * has no matchMedia). For what CSS alone cannot do, such as leaving content out of the page.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== "function") return () => {};
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => typeof window.matchMedia === "function" && window.matchMedia(query).matches,
    () => false,
  );
}
