"use client";

import type { FormEvent, ReactNode } from "react";
import { Button } from "@/components/ui/button";

/** What a form inside a student's block dialog works on, and what it does when it closes. */
export interface BlockFormProps {
  studentId: number;
  blockId: number;
  date: string;
  /** After a successful write. */
  onDone: () => unknown;
  onCancel: () => void;
}

/** The grey form that opens under a dialog section, ending in Cancel and the submit button. */
export function BlockForm({
  onSubmit,
  noValidate,
  busy,
  submitLabel,
  onCancel,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  /** The form checks its fields itself. */
  noValidate?: boolean;
  busy: boolean;
  submitLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate={noValidate}
      className="mt-2 flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
    >
      {children}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" size="sm" loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
