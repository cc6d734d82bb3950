"use client";

import { KeyRound } from "lucide-react";
import { useSchoolTime } from "@/components/audit/use-school-time";
import { CopyField, ShownOnceDialog } from "@/components/ui/shown-once-dialog";
import type { CreatedToken } from "./use-create-token";

/** Shown once after creating: the server keeps only the token's hash. */
export function SecretDialog({ created, onClose }: { created: CreatedToken | null; onClose: () => void }) {
  // In the school's time, as the list shows it, not this browser's zone (its zone data may differ).
  const when = useSchoolTime();
  return (
    <ShownOnceDialog
      open={created !== null}
      onClose={onClose}
      title={`Token "${created?.name ?? ""}" created`}
      description="Copy it now and store it in the other system. This is the only time it is shown."
    >
      {created && (
        <>
          <CopyField
            label="API token"
            value={created.token}
            className="font-mono"
            data-testid="api-token-secret"
            copyLabel="Copy token"
            copied={["Copied the token.", { tone: "success" }]}
            failed="Could not copy to the clipboard. Select the token and copy it yourself."
          />
          <p className="flex items-start gap-2 text-sm text-slate-700">
            <KeyRound aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
            Send it as <code className="text-xs">Authorization: Bearer {created.token.slice(0, 8)}…</code>. It
            works only for {created.scopes.join(", ")} and until{" "}
            {when(created.expires_at)}; revoke it here if it leaks.
          </p>
        </>
      )}
    </ShownOnceDialog>
  );
}
