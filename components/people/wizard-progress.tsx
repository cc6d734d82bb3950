"use client";

import { CheckCircle2 } from "lucide-react";
import Link from "next/link";
import useSWR from "swr";
import { Button, buttonClasses } from "@/components/ui/button";
import type { UploadAccepted } from "@/lib/imports/present";
import type { JobView } from "@/lib/jobs/queue.server";

const n = (value: number) => value.toLocaleString("en-US");
const finished = (job: JobView | undefined) => job?.status === "succeeded" || job?.status === "failed";

/** One file's background job, polled every second until it ends. */
function FileProgress({ upload, close }: { upload: UploadAccepted; close: () => void }) {
  const { data: job } = useSWR<JobView>(`/api/jobs/${upload.job_id}`, {
    refreshInterval: (latest) => (finished(latest) ? 0 : 1000),
  });
  const total = job?.total ?? upload.rows;
  const done = Math.min(job?.done ?? 0, total);
  const label = `${upload.filename}: ${n(done)} of ${n(total)} rows processed`;
  return (
    <li
      className="flex flex-col gap-1.5 rounded-lg border border-slate-200 p-3"
      data-testid="upload-progress"
    >
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="font-medium text-slate-900">{upload.filename}</span>
        <span className="text-slate-700 tabular-nums">
          {job?.status === "failed"
            ? "Failed"
            : job?.status === "succeeded"
              ? "Done"
              : `${n(done)} of ${n(total)} rows`}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className="h-full bg-indigo-600 transition-[width]"
          style={{ width: `${total ? (100 * done) / total : 0}%` }}
        />
      </div>
      {finished(job) && (
        <Link
          href={upload.report}
          onClick={close}
          className="self-start text-sm font-medium text-indigo-700 hover:underline"
        >
          Open the report for {upload.filename}
        </Link>
      )}
    </li>
  );
}

/**
 * After the upload: the spec's closing message, and each file's progress while it is processed. When
 * the upload failed part-way (`failure`), it says so first, and promises a notification only for the
 * files that went.
 */
export function WizardProgress({
  uploads,
  failure = null,
  close,
}: {
  uploads: UploadAccepted[];
  failure?: string | null;
  close: () => void;
}) {
  const names = uploads.map((u) => u.filename).join(", ");
  return (
    <div className="flex flex-col gap-4">
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      )}
      <p role="status" className="flex items-start gap-2 text-sm text-slate-800">
        <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-700" />
        {failure
          ? `A notification will arrive when ${names} ${uploads.length === 1 ? "has" : "have"} been processed.`
          : "Your files have been uploaded. A notification will arrive when the CSVs have been processed."}
      </p>
      <ul aria-label="Processing" className="flex flex-col gap-2">
        {uploads.map((upload) => (
          <FileProgress key={upload.job_id} upload={upload} close={close} />
        ))}
      </ul>
      <div className="flex justify-end gap-2">
        <Link href="/imports" onClick={close} className={buttonClasses({ variant: "secondary" })}>
          All imports
        </Link>
        <Button onClick={close}>Done</Button>
      </div>
    </div>
  );
}
