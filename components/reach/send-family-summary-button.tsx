"use client";

import { Users } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { snackbar } from "@/components/ui/snackbar";
import { apiPost, messageOf } from "@/lib/api/request.client";

/**
 * "Send this week's family summary": POST /api/reminders/send {kind: "guardian_digest"} sends every
 * family contact this week's Focus Block summary now (past the quiet hours); whoever already got this
 * week's gets nothing more.
 */
export function SendFamilySummaryButton({ onSent }: { onSent?: () => void }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  async function send() {
    setBusy(true);
    setResult(null);
    try {
      await apiPost("/api/reminders/send", { kind: "guardian_digest", date: new Date().toISOString() });
      const said = "This week's family summary is on its way to every family contact who has not had it yet.";
      setResult(said);
      snackbar(said);
      onSent?.();
    } catch (failure) {
      const said = messageOf(failure, "The family summary could not be sent. Please try again.");
      setResult(said);
      snackbar(said, { tone: "error" });
    } finally {
      setBusy(false);
    }
  }
  return (
    <span className="flex flex-col items-start gap-1">
      <Button variant="secondary" onClick={send} loading={busy}>
        <Users aria-hidden className="size-4" />
        Send this week&apos;s family summary
      </Button>
      <span role="status" className="text-sm text-slate-700">
        {result}
      </span>
    </span>
  );
}
