"use client";

import { useState, type FormEvent } from "react";
import { snackbar } from "@/components/ui/snackbar";
import { failureSaid, useAction } from "@/components/ui/use-action";
import { TextAreaField } from "@/components/ui/text-field";
import { apiPost } from "@/lib/api/request.client";
import { EMPTY_FIELD, MAX_AMENDMENT_MEMO } from "@/lib/schedule/schemas";
import type { AmendmentResponse } from "@/lib/core/schedule/types";
import { BlockForm, type BlockFormProps } from "./block-form";

export const AMEND_FAILED = "That didn't work. Please try again.";

/** Staff amend a student's block (no attendance logged): the tile then reads 'Block Amended'. */
export function AmendmentForm({ studentId, blockId, date, onDone, onCancel }: BlockFormProps) {
  const [memo, setMemo] = useState("");
  const [error, setError] = useState<string | null>(null);
  const amend = useAction(
    async (reason: string) => {
      await apiPost<AmendmentResponse>("/api/amendment", {
        student_id: studentId,
        block_id: blockId,
        date,
        memo: reason,
      });
      snackbar("Amended schedule.", { tone: "success" });
      await onDone();
    },
    { handled: failureSaid(AMEND_FAILED) },
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!memo.trim()) {
      setError(EMPTY_FIELD);
      return;
    }
    await amend.run(memo.trim());
  }

  return (
    <BlockForm onSubmit={submit} noValidate busy={amend.busy} submitLabel="Amend" onCancel={onCancel}>
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
    </BlockForm>
  );
}
