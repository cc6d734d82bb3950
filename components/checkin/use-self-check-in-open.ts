"use client";

import { useEffect } from "react";
import useSWR from "swr";

/** GET /api/check-in/air: today's self check-in window and the server's clock (lib/checkin/air-service.server.ts). */
interface SelfCheckInWindow {
  air_check_in: boolean;
  open: boolean;
  today: { opens_at: string; closes_at: string } | null;
  server_time: string;
}

export const SELF_CHECK_IN_WINDOW_KEY = "/api/check-in/air";

/**
 * Whether a student can check in with a code now (the server says, by its clock). Asked again when the
 * window opens or closes, timed from the server's clock so a phone whose clock is off still switches on
 * time, and every few minutes besides (a setting or the calendar may change).
 */
export function useSelfCheckInOpen(): boolean {
  const { data, mutate } = useSWR<SelfCheckInWindow>(SELF_CHECK_IN_WINDOW_KEY, { refreshInterval: 5 * 60_000 });
  useEffect(() => {
    if (!data?.today) return;
    const server = Date.parse(data.server_time);
    const next = [Date.parse(data.today.opens_at), Date.parse(data.today.closes_at) + 1000].find((t) => t > server);
    if (next === undefined) return;
    const timer = setTimeout(() => void mutate(), Math.min(next - server + 250, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [data, mutate]);
  return data?.open ?? false;
}
