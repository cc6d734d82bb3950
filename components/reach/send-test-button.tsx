"use client";

import { Send } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { snackbar } from "@/components/ui/snackbar";
import { apiPost, messageOf } from "@/lib/api/request.client";

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
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  async function send() {
    setBusy(true);
    setResult(null);
    try {
      const answer = await apiPost<TestAnswer>("/api/mail/test");
      const said = answer.sent
        ? `A test message is on its way to ${answer.to}.`
        : `The mail server did not take the test message: ${answer.error ?? "no answer"}. It is tried again later.`;
      setResult(said);
      snackbar(said, { tone: answer.sent ? "default" : "error" });
      onSent?.();
    } catch (failure) {
      const said = messageOf(failure, "The test message could not be sent. Please try again.");
      setResult(said);
      snackbar(said, { tone: "error" });
    } finally {
      setBusy(false);
    }
  }
  return (
    <span className="flex flex-col items-start gap-1">
      <Button variant="secondary" size={size} onClick={send} loading={busy}>
        <Send aria-hidden className="size-4" />
        Send a test message
      </Button>
      <span role="status" className="text-sm text-slate-700">
        {result}
      </span>
    </span>
  );
}
