"use client";

import { CloudOff } from "lucide-react";
import { Button } from "@/components/ui/button";
import { waitingLabel } from "@/lib/checkin/offline-queue";

/**
 * "12 scans waiting to send": check-ins kept on this device until the server has them. They go by
 * themselves when the network is back; "Send now" tries at once.
 */
export function WaitingToSend({ count, onSend }: { count: number; onSend: () => void }) {
  if (count === 0) return null;
  return (
    <div
      role="status"
      data-testid="waiting-to-send"
      className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950"
    >
      <CloudOff aria-hidden className="size-4 shrink-0" />
      <span className="font-medium">{waitingLabel(count)}</span>
      <span className="text-sky-900">They are kept on this device and sent when the network is back.</span>
      <Button variant="secondary" size="sm" className="ml-auto" onClick={onSend}>
        Send now
      </Button>
    </div>
  );
}
