"use client";

import { Users } from "lucide-react";
import { apiPost } from "@/lib/api/request.client";
import { SendNowButton } from "./send-now-button";

/**
 * "Send this week's family summary": POST /api/reminders/send {kind: "guardian_digest"} sends every
 * family contact this week's Focus Block summary now (past the quiet hours); whoever already got this
 * week's gets nothing more.
 */
export function SendFamilySummaryButton({ onSent }: { onSent?: () => void }) {
  return (
    <SendNowButton
      icon={<Users aria-hidden className="size-4" />}
      label="Send this week's family summary"
      failed="The family summary could not be sent. Please try again."
      onSent={onSent}
      send={async () => {
        await apiPost("/api/reminders/send", { kind: "guardian_digest", date: new Date().toISOString() });
        return { said: "This week's family summary is on its way to every family contact who has not had it yet.", ok: true };
      }}
    />
  );
}
