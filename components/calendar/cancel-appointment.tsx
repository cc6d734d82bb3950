"use client";

import { Trash2 } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { IconButton } from "@/components/ui/icon-button";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { apiDelete } from "@/lib/api/request.client";
import type { Appointment, AppointmentResponse } from "@/lib/core/schedule/types";

/** Cancel one appointment after a confirmation (its teacher or an administrator, pending block). */
export function CancelAppointment({
  appointment,
  onDone,
}: {
  appointment: Appointment;
  onDone: () => unknown;
}) {
  const [open, setOpen] = useState(false);

  const cancel = useAction(
    async () => {
      await apiDelete<AppointmentResponse>(`/api/appointments/${appointment.id}`);
      snackbar("Cancelled appointment.");
      await onDone();
    },
    { rethrow: true },
  ).run;

  return (
    <>
      <IconButton
        label="Cancel appointment"
        size="sm"
        icon={<Trash2 aria-hidden className="size-4" />}
        onClick={() => setOpen(true)}
      />
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Cancel this appointment?"
        description={`${appointment.student.name} with ${appointment.staff.name}${appointment.memo ? `: ${appointment.memo}` : ""}`}
        confirmLabel="Cancel appointment"
        cancelLabel="Keep it"
        destructive
        onConfirm={cancel}
      />
    </>
  );
}
