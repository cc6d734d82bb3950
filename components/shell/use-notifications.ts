"use client";

import useSWR from "swr";
import { useAuth } from "@/components/auth/use-auth";

import type { NotificationEntry } from "@/lib/notifications/answers";

export type { NotificationEntry, NotificationSender } from "@/lib/notifications/answers";

export const INBOX_KEY = "/api/notifications/inbox";
export const OUTBOX_KEY = "/api/notifications/outbox";
/** The Archived view (GET /api/notifications/archived). */
export const ARCHIVED_KEY = "/api/notifications/archived";

/** Spec §9: administrators' inboxes are polled every 10 seconds, everyone else's every 30. */
export function pollInterval(role: string | undefined, administrator: boolean | undefined): number {
  return role === "admin" || administrator ? 10_000 : 30_000;
}

/** The caller's inbox, polled; shared by the rail badge and the panel (one SWR key). */
export function useInbox() {
  const { user } = useAuth();
  const details = user?.details as { administrator?: boolean } | undefined;
  const swr = useSWR<NotificationEntry[]>(user ? INBOX_KEY : null, {
    refreshInterval: pollInterval(user?.role, details?.administrator),
  });
  const unread = (swr.data ?? []).filter((entry) => !entry.read).length;
  return { ...swr, unread };
}
