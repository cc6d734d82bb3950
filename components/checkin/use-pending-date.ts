"use client";

import { useEffect } from "react";
import { useStoredState } from "@/lib/use-stored-state.client";

/**
 * The day the pending chips were entered for (kept on the device): they belong to that day, and with
 * none left the day is forgotten.
 */
export function usePendingDate(pendingCount: number) {
  const [pendingDate, setPendingDate] = useStoredState("pendingChipsDate", "");
  useEffect(() => {
    if (pendingCount === 0 && pendingDate) setPendingDate(null);
  }, [pendingCount, pendingDate, setPendingDate]);
  return [pendingDate, setPendingDate] as const;
}
