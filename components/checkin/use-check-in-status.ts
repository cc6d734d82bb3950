"use client";

import useSWR from "swr";
import type { CheckInStatus } from "@/lib/checkin/answers";

export type { CheckInStatus };
export type CheckInStatusBlock = CheckInStatus["blocks"][number];
export type LedgerEntry = CheckInStatusBlock["ledger_entries"][number];
export type PlannedStudent = CheckInStatusBlock["planned"][number];

/** GET /api/check-in/status[/{date}]: null date means today. */
export const checkInStatusKey = (date: string | null) =>
  date ? `/api/check-in/status/${encodeURIComponent(date)}` : "/api/check-in/status";

export function useCheckInStatus(date: string | null) {
  // No keepPreviousData: a submit while another day loads must never land on the day shown before.
  return useSWR<CheckInStatus>(checkInStatusKey(date));
}
