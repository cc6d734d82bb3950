"use client";

import { X } from "lucide-react";
import Link from "next/link";
import { focusRing } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";
import { cn } from "@/lib/cn";

/** A calendar file just applied: the snackbar said what it did; this stays, with the way to its report. */
export interface ImportDoneInfo {
  filename: string;
  report: string;
}

/** Below the calendar's header after an import, until dismissed or the page is left. */
export function ImportDone({ done, onDismiss }: { done: ImportDoneInfo; onDismiss: () => void }) {
  return (
    <div className="mb-4 flex items-center justify-between gap-3 rounded-xl border border-emerald-200 bg-emerald-50 py-2 pr-2 pl-4 text-sm text-slate-900">
      <p className="min-w-0 break-words">
        Imported {done.filename}.{" "}
        <Link href={done.report} className={cn("rounded font-medium text-indigo-700 underline", focusRing)}>
          See the import report
        </Link>
      </p>
      <IconButton label="Dismiss" size="sm" icon={<X aria-hidden className="size-4" />} onClick={onDismiss} />
    </div>
  );
}
