"use client";

import { useCallback, useEffect, useState } from "react";

/**
 * A dialog opened by a URL fragment (`/check-in#errors`): open while the hash is `#name`.
 * Opening adds the hash (so Back closes it); closing removes it without a history entry.
 */
export function useHashFlag(name: string): [boolean, (open: boolean) => void] {
  const hash = `#${name}`;
  const [open, setOpen] = useState(() => typeof window !== "undefined" && window.location.hash === hash);

  useEffect(() => {
    const sync = () => setOpen(window.location.hash === hash);
    window.addEventListener("hashchange", sync);
    window.addEventListener("popstate", sync);
    return () => {
      window.removeEventListener("hashchange", sync);
      window.removeEventListener("popstate", sync);
    };
  }, [hash]);

  const set = useCallback(
    (next: boolean) => {
      const { pathname, search } = window.location;
      if (next && window.location.hash !== hash)
        window.history.pushState(window.history.state, "", `${pathname}${search}${hash}`);
      if (!next && window.location.hash === hash)
        window.history.replaceState(window.history.state, "", `${pathname}${search}`);
      setOpen(next);
    },
    [hash],
  );

  return [open, set];
}
