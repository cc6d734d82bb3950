"use client";

import { ShieldAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import { useInbox } from "./use-notifications";
import { apiPut } from "@/lib/api/request.client";
import { KIOSK_ALERT_LINK } from "@/lib/kiosk/alert-text";

/**
 * A kiosk of this teacher hit one of its limits (lib/kiosk/alert.server.ts): the unread alerts from their
 * inbox, on the check-in screen too, where the Checked In list they point to is. Read from the inbox the
 * rail's badge already polls (one request serves both); Dismiss marks the message read. The check-in page
 * hands it to the screen (components/checkin stays below the shell's folder).
 */
export function KioskAlerts() {
  const { data, mutate } = useInbox();
  const alerts = (data ?? []).filter(
    (entry) => !entry.read && entry.notification.sender.id === null && entry.notification.link === KIOSK_ALERT_LINK,
  );
  const dismiss = useAction(async (id: number) => {
    try {
      await apiPut(`/api/notifications/read/${id}`);
    } finally {
      await mutate();
    }
  }).run;
  if (alerts.length === 0) return null;

  return (
    <section aria-label="Kiosk alerts" data-testid="kiosk-alerts" className="mb-4 space-y-2">
      {alerts.map(({ notification }) => (
        <div
          key={notification.id}
          role="alert"
          className="flex flex-wrap items-start gap-x-3 gap-y-2 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-950"
        >
          <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <p className="min-w-0 flex-1">{notification.body}</p>
          <Button variant="secondary" size="sm" onClick={() => void dismiss(notification.id)}>
            Dismiss
          </Button>
        </div>
      ))}
    </section>
  );
}
