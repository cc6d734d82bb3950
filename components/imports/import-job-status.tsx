"use client";

import Link from "next/link";
import { useEffect } from "react";
import useSWR, { useSWRConfig } from "swr";
import { focusRing } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { messageOf } from "@/lib/api/request.client";
import { cn } from "@/lib/cn";
import type { OneRosterResult } from "@/lib/oneroster/present";
import { ProblemsTable } from "./oneroster-review";
import { span } from "./school-year-choice";

const n = (value: number) => value.toLocaleString("en-US");

/** GET /api/jobs/{id} (lib/jobs/queue.server.ts JobView) for a OneRoster import. */
interface ImportJob {
  id: number;
  status: "queued" | "running" | "succeeded" | "failed";
  done: number;
  total: number | null;
  error: string | null;
  result: (Partial<OneRosterResult> & { status?: string }) | null;
}

const RESULT_COUNTS = [
  ["created", "Created"],
  ["updated", "Updated"],
  ["archived", "Archived"],
  ["dropped", "Dropped"],
  ["unchanged", "Unchanged"],
] as const;

/** The running job's progress bar. */
function JobProgress({ job }: { job: ImportJob }) {
  const total = job.total ?? 1;
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="flex items-center gap-2 text-sm text-slate-800">
        <Spinner size="sm" /> {job.status === "queued" ? "Waiting to start the import…" : "Importing…"}
      </p>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={job.done}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className="h-full bg-indigo-600"
          style={{ width: `${(100 * job.done) / Math.max(total, 1)}%` }}
        />
      </div>
    </div>
  );
}

/** The ended job: done (its counts, problems and the school year it set) or failed, and its report's link. */
function JobResult({ job, reportHref }: { job: ImportJob; reportHref: string | null }) {
  const result = job.result;
  const refused = job.status === "failed" || result?.status === "refused";
  return (
    <div
      role="status"
      className={cn(
        "flex flex-col gap-3 rounded-xl border p-4 text-sm shadow-sm",
        refused ? "border-red-200 bg-red-50 text-red-800" : "border-emerald-200 bg-emerald-50 text-slate-900",
      )}
    >
      <p className="font-semibold">
        {job.status === "failed"
          ? `The import failed: ${job.error ?? "an unexpected error"}. Nothing was changed.`
          : refused
            ? "The import was refused and nothing was changed: the school's data changed since the check."
            : "The import is done."}
      </p>
      {result && !refused && (
        <dl aria-label="Import result" className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {RESULT_COUNTS.map(([key, label]) => (
            <div key={key} className="rounded-lg border border-slate-200 bg-white p-3">
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="text-xl font-semibold tabular-nums">{n(result[key] ?? 0)}</dd>
            </div>
          ))}
        </dl>
      )}
      {result?.errors && result.errors.length > 0 && (
        <ProblemsTable problems={result.errors} caption="Problems by file and line" />
      )}
      {result?.school_year && !refused && (
        <p>
          {result.school_year.change === "update" && result.school_year.before
            ? `The school year changed from ${span(result.school_year.before)} to ${span(result.school_year)}.`
            : `The school year is set: ${span(result.school_year)}.`}
        </p>
      )}
      {result?.unmatched_periods && result.unmatched_periods.length > 0 && !refused && (
        <p>Periods left without a block: {result.unmatched_periods.join(", ")}.</p>
      )}
      {reportHref && (
        <p>
          <Link href={reportHref} className={cn("rounded font-medium text-indigo-700 underline", focusRing)}>
            Open the import&apos;s report
          </Link>{" "}
          (it lists the people the SIS calls administrators, to give them the administrator role).
        </p>
      )}
    </div>
  );
}

/** The import job's progress (polled until it ends) and its result, with a link to its report in the Imports history. */
export function ImportJobStatus({ id, reportHref = null }: { id: number; reportHref?: string | null }) {
  const { data: job, error } = useSWR<ImportJob>(`/api/jobs/${id}`, {
    refreshInterval: (latest) =>
      !latest || latest.status === "queued" || latest.status === "running" ? 1000 : 0,
  });
  const { mutate } = useSWRConfig();
  const ended = job !== undefined && job.status !== "queued" && job.status !== "running";
  // The Imports list above shows the new entry as it is now (queued at once, done when it ends).
  useEffect(() => {
    void mutate("/api/imports");
  }, [ended, mutate]);
  if (!job) {
    return error ? (
      <p role="alert" className="text-sm text-red-700">
        {messageOf(error, "The import's progress could not be loaded.")}
      </p>
    ) : (
      <Spinner label="Starting the import" />
    );
  }
  return ended ? <JobResult job={job} reportHref={reportHref} /> : <JobProgress job={job} />;
}
