"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { snackbar } from "@/components/ui/snackbar";
import { TextAreaField } from "@/components/ui/text-field";
import { apiPost, messageOf } from "@/lib/api/client";
import { MAX_APPOINTMENT_MEMO } from "@/lib/schedule/schemas";
import type { AppointmentResponse } from "@/lib/schedule/types";

export const APPOINTMENT_FAILED = "The appointment could not be created.";

/** Staff book a student into a pending block with a memo; optionally clearing the student's plan. */
export function AppointmentForm({
  studentId,
  blockId,
  date,
  onDone,
  onCancel,
}: {
  studentId: number;
  blockId: number;
  date: string;
  onDone: () => unknown;
  onCancel: () => void;
}) {
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
    <form
      onSubmit={submit}
      className="mt-2 flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
    >
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
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" size="sm" loading={busy}>
          Book appointment
        </Button>
      </div>
    </form>
  );
}
