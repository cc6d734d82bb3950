"use client";

import Link from "next/link";
import { useSchoolTime } from "@/components/audit/use-school-time";
import { focusRing } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { ImportStatus } from "./import-status";
import { summaryLine } from "./oneroster-review";
import type { RosterSource } from "./roster-source-types";

function Item({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-slate-600">{term}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** The last run of the source (started, finished, changes, errors, its report) and the next scheduled one. */
export function RosterSourceRuns({ source }: { source: RosterSource }) {
  const when = useSchoolTime();
  const run = source.last_run;
  return (
    <section
      aria-label="Syncs"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Item term="Last sync">
          {run ? (
            <span className="flex items-center gap-2">
              <ImportStatus status={run.status} />
              {run.started_at ? `started ${when(run.started_at)}` : "not started yet"}
            </span>
          ) : (
            "None yet"
          )}
        </Item>
        {run && <Item term="Finished">{run.finished_at ? when(run.finished_at) : "Not yet"}</Item>}
        {run?.counts && <Item term="Changes">{summaryLine(run.counts)}</Item>}
        <Item term="Next sync">
          {source.next_run_at ? when(source.next_run_at) : "Nightly sync is off"}
        </Item>
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
