"use client";

import { Spinner } from "@/components/ui/spinner";
import { messageOf } from "@/lib/api/request.client";
import type { PowerSchedulePreview } from "@/lib/scheduler/present";
import { previewText, type StudentNames } from "@/lib/scheduler/preview-text";

/** What the batch will do (or did, on the Done step): the headline and what happens to each group, with names. */
export function PreviewPanel({
  preview,
  error,
  loading,
  done = false,
  names,
}: {
  preview: PowerSchedulePreview | undefined;
  error?: unknown;
  loading?: boolean;
  done?: boolean;
  /** Names the first few students of each outcome. */
  names?: StudentNames;
}) {
  if (error) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
        {messageOf(error, "The preview could not be loaded. Please try again.")}
      </p>
    );
  }
  if (!preview) return loading ? <Spinner label="Counting students" className="text-indigo-600" /> : null;
  const text = previewText(preview, done, names);
  return (
    <section
      aria-label={done ? "What was done" : "Preview"}
      className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-800 ring-1 ring-slate-200"
    >
      <p className="font-medium text-slate-900" data-testid="power-scheduler-headline">
        {text.headline}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {text.details.map((line) => (
          <li key={line} className={line.startsWith("That is more than") ? "text-red-700" : undefined}>
            {line}
          </li>
        ))}
      </ul>
    </section>
  );
}
