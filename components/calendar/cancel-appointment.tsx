"use client";

import { Trash2 } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { IconButton } from "@/components/ui/icon-button";
import { snackbar } from "@/components/ui/snackbar";
import { apiDelete, messageOf } from "@/lib/api/request.client";
import type { Appointment, AppointmentResponse } from "@/lib/schedule/types";

/** Cancel one appointment after a confirmation (its teacher or an administrator, pending block). */
export function CancelAppointment({
  appointment,
  onDone,
}: {
  appointment: Appointment;
  onDone: () => unknown;
}) {
  const [open, setOpen] = useState(false);

  async function cancel() {
    try {
      await apiDelete<AppointmentResponse>(`/api/appointments/${appointment.id}`);
    } catch (error) {
      snackbar(messageOf(error, "That didn't work. Please try again."), { tone: "error" });
      throw error;
    }
    snackbar("Cancelled appointment.");
    await onDone();
  }

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
