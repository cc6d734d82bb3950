"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { snackbar } from "@/components/ui/snackbar";
import { TextAreaField } from "@/components/ui/text-field";
import { apiPost } from "@/lib/api/client";
import { EMPTY_FIELD, MAX_AMENDMENT_MEMO } from "@/lib/schedule/schemas";
import type { AmendmentResponse } from "@/lib/schedule/types";

export const AMEND_FAILED = "That didn't work. Please try again.";

/** Staff amend a student's block (no attendance logged): the tile then reads 'Block Amended'. */
export function AmendmentForm({
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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!memo.trim()) {
      setError(EMPTY_FIELD);
      return;
    }
    setBusy(true);
    try {
      await apiPost<AmendmentResponse>("/api/amendment", {
        student_id: studentId,
        block_id: blockId,
        date,
        memo: memo.trim(),
      });
      snackbar("Amended schedule.", { tone: "success" });
      await onDone();
    } catch {
      snackbar(AMEND_FAILED, { tone: "error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-2 flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
    >
      <TextAreaField
        label="Reason for the amendment"
        rows={2}
        value={memo}
        maxLength={MAX_AMENDMENT_MEMO}
        error={error}
        onChange={(e) => {
          setMemo(e.target.value);
          if (error && e.target.value.trim()) setError(null);
        }}
        placeholder="e.g. Excused: field trip"
        autoFocus
      />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" size="sm" loading={busy}>
          Amend
        </Button>
      </div>
    </form>
  );
}
