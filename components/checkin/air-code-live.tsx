"use client";

import { useEffect, useState } from "react";
import useSWR from "swr";
import type { CheckInStatus } from "@/lib/checkin/answers";
import { checkInStatusKey } from "./use-check-in-status";

/** How often an open check-in screen showing today asks for the status (students checking themselves in). */
export const LIVE_REFRESH_MS = 1500;

function usePageVisible() {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === "visible");
    update();
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return visible;
}

/**
 * Keeps the Checked In list live while students check themselves in (Air Check-in codes, kiosks):
 * while the page is visible and shows today, the screen's own status request (same SWR key, so one
 * request serves both) is repeated every 1.5 s. Renders nothing. Polling rather than server-sent
 * events: docs/design/checkin.md#students-checking-themselves-in-air-check-in-codes-and-kiosks.
 */
export function AirCodeLive({ date }: { date: string | null }) {
  const visible = usePageVisible();
  const { data } = useSWR<CheckInStatus>(checkInStatusKey(date), {
    refreshInterval: (latest) => (visible && (latest?.date.is_today ?? date === null) ? LIVE_REFRESH_MS : 0),
    dedupingInterval: LIVE_REFRESH_MS - 200,
  });
  void data;
  return null;
}
