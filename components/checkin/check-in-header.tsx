import { AlertTriangle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { messageOf } from "@/lib/api/request.client";
import { AirCodeButton } from "./air-code-button";

/** "Check-in" with its actions: the air code, and the device's Check-in Errors. */
export function CheckInHeader({ onShowErrors }: { onShowErrors: () => void }) {
  return (
    <PageHeader
      title="Check-in"
      actions={
        <>
          <AirCodeButton />
          <Button variant="ghost" size="sm" onClick={onShowErrors}>
            <AlertTriangle aria-hidden className="size-4" />
            Check-in Errors
          </Button>
        </>
      }
    />
  );
}

/** The status could not be loaded (and nothing is cached): say so, with Try again. */
export function StatusLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <p
      role="alert"
      className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      {messageOf(error, "The check-in status could not be loaded.")}{" "}
      <button type="button" className="font-medium underline" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}
