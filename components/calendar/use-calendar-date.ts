"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";

const DATE = /^\d{4}-\d{2}-\d{2}/;

/**
 * The calendar's week, kept in the `date` query parameter (spec §2): null means "this week".
 * Navigating pushes a history entry so Back returns to the previous week.
 */
export function useCalendarDate(): [string | null, (date: string | null) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const raw = params.get("date");
  const date = raw && DATE.test(raw) ? raw.slice(0, 10) : null;

  const setDate = useCallback(
    (next: string | null) => {
      const search = new URLSearchParams(params.toString());
      if (next) search.set("date", next);
      else search.delete("date");
      const query = search.toString();
      router.push(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [params, pathname, router],
  );

  return [date, setDate];
}
