"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { RosterSourceState } from "./use-roster-source";

/** Preview changes, Sync now (both from the saved connection) and Remove connection (after a confirm). */
export function RosterSourceActions({
  preview,
  sync,
  remove,
  unsaved,
  running,
}: Pick<RosterSourceState, "preview" | "sync" | "remove"> & { unsaved: boolean; running: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const busy = preview.busy || sync.busy;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
      <Button variant="secondary" onClick={() => void preview.run()} loading={preview.busy} disabled={busy}>
        Preview changes
      </Button>
      <Button onClick={() => void sync.run()} loading={sync.busy} disabled={busy || running}>
        Sync now
      </Button>
      <Button variant="ghost" className="text-red-700 sm:ml-auto" onClick={() => setConfirming(true)}>
        Remove connection
      </Button>
      <p className="text-sm text-slate-600 sm:basis-full">
        {running
          ? "A sync is under way."
          : unsaved
            ? "Preview and sync use the saved connection: save your changes first."
            : "Preview reads your SIS and writes nothing; Sync now applies what it finds."}
      </p>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove the connection to your SIS?"
        description="The nightly sync stops and the stored client secret is deleted. Students, staff and classes already synced stay as they are."
        confirmLabel="Remove connection"
        destructive
        onConfirm={() => remove.run()}
      />
    </div>
  );
}
