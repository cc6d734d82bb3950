"use client";

import { Archive, ArchiveRestore } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { GENERIC_FAILURE, apiPost } from "@/lib/api/request.client";

/**
 * A student profile's Archive (a student who left: hidden from lists, search, pickers and check-in,
 * unable to sign in, history kept) or Restore button, for administrators and sysadmins.
 */
export function ArchiveStudentButton({
  student,
  onChanged,
}: {
  student: { id: number; name: string; archived: boolean };
  onChanged: () => unknown;
}) {
  const [open, setOpen] = useState(false);
  const restoring = student.archived;
  const confirm = useAction(
    async () => {
      await apiPost(`/api/students/${student.id}/${restoring ? "restore" : "archive"}`);
      snackbar(restoring ? "Student restored." : "Student archived.", { tone: "success" });
      await onChanged();
    },
    { failed: GENERIC_FAILURE, rethrow: true },
  ).run;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {restoring ? (
          <ArchiveRestore aria-hidden className="size-4" />
        ) : (
          <Archive aria-hidden className="size-4" />
        )}
        {restoring ? "Restore" : "Archive"}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={restoring ? "Restore student" : "Archive student"}
        description={
          restoring
            ? `${student.name} will be back in lists, search and check-in.`
            : `${student.name} will be hidden from lists, search and check-in and can no longer sign in. Their history is kept, and you can restore them at any time.`
        }
        confirmLabel={restoring ? "Restore" : "Archive"}
        destructive={!restoring}
        onConfirm={confirm}
      />
    </>
  );
}
