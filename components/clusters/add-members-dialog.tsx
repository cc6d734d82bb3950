"use client";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { apiPost } from "@/lib/api/request.client";
import type { ClusterPage } from "@/lib/clusters/present";
import { StudentPickerFields, useStudentPicker } from "@/components/people/student-picker";
import { AddByNumbers } from "./add-by-numbers";

/** How many matches the picker lists at once; typing narrows it. */

/**
 * Choose students (searching by name), or paste student numbers or choose a CSV, and add them to a
 * cluster: POST /api/clusters/{id}/members.
 */
export function AddMembersDialog({
  open,
  onOpenChange,
  cluster,
  onAdded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cluster: ClusterPage;
  onAdded: (cluster: ClusterPage) => unknown;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Add students to ${cluster.name}`} size="md">
      {open && <Picker cluster={cluster} onCancel={() => onOpenChange(false)} onAdded={onAdded} />}
    </Dialog>
  );
}

function Picker({
  cluster,
  onCancel,
  onAdded,
}: {
  cluster: ClusterPage;
  onCancel: () => void;
  onAdded: (c: ClusterPage) => unknown;
}) {
  const picker = useStudentPicker(cluster.members);
  const { chosen } = picker;
  const { run: add, busy } = useAction(async () => {
    const updated = await apiPost<ClusterPage>(`/api/clusters/${cluster.id}/members`, {
      student_ids: [...chosen],
    });
    snackbar(chosen.size === 1 ? "Added 1 student." : `Added ${chosen.size} students.`, {
      tone: "success",
    });
    await onAdded(updated);
  });

  return (
    <div className="flex flex-col gap-3 pb-2">
      <StudentPickerFields picker={picker} autoFocus />
      <AddByNumbers cluster={cluster} onAdded={onAdded} />
      <div className="flex items-center justify-between gap-2 border-t border-slate-100 pt-4">
        <p className="text-sm text-slate-600" aria-live="polite">
          {picker.status}
        </p>
        <div className="flex gap-2">
          <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={add} loading={busy} disabled={chosen.size === 0}>
            Add students
          </Button>
        </div>
      </div>
    </div>
  );
}
