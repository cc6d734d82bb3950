"use client";

import Link from "next/link";
import { useSchoolTime } from "@/components/audit/use-school-time";
import { focusRing } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { ImportStatus } from "./import-status";
import { summaryLine } from "./oneroster-review";
import type { RosterSource } from "./roster-source-types";

function Item({ term, children, className }: { term: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={cn("flex flex-col gap-0.5", className)}>
      <dt className="text-xs text-slate-600">{term}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** The last run of the source (started, finished, changes, errors, its report) and the next scheduled one. */
export function RosterSourceRuns({ source }: { source: RosterSource }) {
  const when = useSchoolTime();
  const run = source.last_run;
  // A run under way has no changes to tell yet.
  const ended = run?.status === "done" || run?.status === "failed";
  return (
    <section
      aria-label="Syncs"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Item term="Last sync">{run ? <ImportStatus status={run.status} /> : "None yet"}</Item>
        {run && <Item term="Started">{run.started_at ? when(run.started_at) : "Not yet"}</Item>}
        {run && <Item term="Finished">{run.finished_at ? when(run.finished_at) : "Not yet"}</Item>}
        <Item term="Next sync">
          {source.next_run_at ? when(source.next_run_at) : "Nightly sync is off"}
        </Item>
        {run?.counts && ended && (
          <Item term="Changes" className="sm:col-span-2 lg:col-span-4">
            {summaryLine(run.counts)}
          </Item>
        )}
      </dl>
      {run?.error && (
        <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          {run.error}
        </p>
      )}
      {run?.import_id != null && (
        <p className="text-sm">
          <Link
            href={`/imports/${run.import_id}`}
            className={cn("rounded font-medium text-indigo-700 underline", focusRing)}
          >
            Open the last sync&apos;s report
          </Link>
        </p>
      )}
    </section>
  );
}
