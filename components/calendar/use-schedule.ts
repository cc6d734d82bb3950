"use client";

import useSWR from "swr";
import { fetcher } from "@/lib/api/request.client";
import type { ScheduleResponse } from "@/lib/core/schedule/types";

/** The API path of a week: `/api/staff/7/schedule`, `/api/students/self/schedule/2026-03-18`. */
export function scheduleKey(base: string, date: string | null): string {
  return date ? `${base}/${date}` : base;
}

/** One week's schedule through SWR; the previous week stays on screen while the next one loads. */
export function useSchedule<T extends ScheduleResponse>(base: string | null, date: string | null) {
  return useSWR<T>(base ? scheduleKey(base, date) : null, fetcher, { keepPreviousData: true });
}
