"use client";

import { Send } from "lucide-react";
import { apiPost } from "@/lib/api/request.client";
import { SendNowButton } from "./send-now-button";

interface TestAnswer {
  to: string;
  sent: boolean;
  error: string | null;
}

/**
 * "Send a test message": POST /api/mail/test sends the signed-in administrator an email at once and
 * says whether the school's mail server took it, and if not, what it answered.
 */
export function SendTestButton({ onSent, size }: { onSent?: () => void; size?: "sm" }) {
  return (
    <SendNowButton
      icon={<Send aria-hidden className="size-4" />}
      label="Send a test message"
      failed="The test message could not be sent. Please try again."
      onSent={onSent}
      size={size}
      send={async () => {
        const answer = await apiPost<TestAnswer>("/api/mail/test");
        return answer.sent
          ? { said: `A test message is on its way to ${answer.to}.`, ok: true }
          : { said: `The mail server did not take the test message: ${answer.error ?? "no answer"}. It is tried again later.`, ok: false };
      }}
    />
  );
}
