"use client";

import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { messageOf } from "@/lib/api/request.client";

/**
 * A button that sends something now (a test message, this week's family summary) and says how it went,
 * in a status line beside it and a snackbar: `send` answers the sentence and whether it went.
 */
export function SendNowButton({
  icon,
  label,
  failed,
  send,
  onSent,
  size,
}: {
  icon: ReactNode;
  label: string;
  /** Said when the request itself failed and the server gave no sentence. */
  failed: string;
  send: () => Promise<{ said: string; ok: boolean }>;
  onSent?: () => void;
  size?: "sm";
}) {
  const [result, setResult] = useState<string | null>(null);
  const { run, busy } = useAction(
    async () => {
      setResult(null);
      const { said, ok } = await send();
      setResult(said);
      snackbar(said, { tone: ok ? "default" : "error" });
      onSent?.();
    },
    {
      failed,
      // The status line says it too; the snackbar is the usual one (not handled here).
      handled: (failure) => {
        setResult(messageOf(failure, failed));
        return false;
      },
    },
  );
  return (
    <span className="flex flex-col items-start gap-1">
      <Button variant="secondary" size={size} onClick={() => void run()} loading={busy}>
        {icon}
        {label}
      </Button>
      <span role="status" className="text-sm text-slate-700">
        {result}
      </span>
    </span>
  );
}
