"use client";

import { useState, type FormEvent } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { snackbar } from "@/components/ui/snackbar";
import { TextAreaField } from "@/components/ui/text-field";
import { apiPost, messageOf } from "@/lib/api/request.client";
import { MAX_APPOINTMENT_MEMO } from "@/lib/schedule/schemas";
import type { AppointmentResponse } from "@/lib/schedule/types";
import { BlockForm, type BlockFormProps } from "./block-form";

export const APPOINTMENT_FAILED = "The appointment could not be created.";

/** Staff book a student into a pending block with a memo; optionally clearing the student's plan. */
export function AppointmentForm({ studentId, blockId, date, onDone, onCancel }: BlockFormProps) {
  const [memo, setMemo] = useState("");
  const [clearSchedule, setClearSchedule] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await apiPost<AppointmentResponse>("/api/appointments/create", {
        student_id: studentId,
        memo: memo.trim(),
        clear_schedule: clearSchedule,
        block_id: blockId,
        date,
      });
      snackbar("Booked appointment.", { tone: "success" });
      await onDone();
    } catch (error) {
      snackbar(messageOf(error, APPOINTMENT_FAILED), { tone: "error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <BlockForm onSubmit={submit} busy={busy} submitLabel="Book appointment" onCancel={onCancel}>
      <TextAreaField
        label="Appointment memo"
        rows={2}
        value={memo}
        maxLength={MAX_APPOINTMENT_MEMO}
        onChange={(e) => setMemo(e.target.value)}
        hint={`${memo.length}/${MAX_APPOINTMENT_MEMO}`}
        placeholder="What is it for?"
        autoFocus
      />
      <Checkbox
        label="Clear the student's plan for this block"
        checked={clearSchedule}
        onCheckedChange={setClearSchedule}
      />
    </BlockForm>
  );
}
