"use client";

import { useEffect, useRef } from "react";
import { OneRosterReview } from "./oneroster-review";
import type { SourceDryRun } from "./roster-source-types";

const n = (value: number) => value.toLocaleString("en-US");

const ROWS: [string, string][] = [
  ["orgs", "orgs"],
  ["academicSessions", "sessions"],
  ["users", "users"],
  ["courses", "courses"],
  ["classes", "classes"],
  ["enrollments", "enrolments"],
];

/** "Read 12 pages: 3 orgs, 4 sessions, …; 40 rows belonged to other schools and are left out." */
export function pullLine(pull: NonNullable<SourceDryRun["pull"]>): string {
  const rows = ROWS.map(([key, label]) => `${n(pull.rows[key] ?? 0)} ${label}`).join(", ");
  const pages = pull.pages === 1 ? "1 page" : `${n(pull.pages)} pages`;
  const others =
    pull.other_schools > 0
      ? ` ${n(pull.other_schools)} ${pull.other_schools === 1 ? "row belonged" : "rows belonged"} to other schools and ${pull.other_schools === 1 ? "is" : "are"} left out.`
      : "";
  const what = pull.mode === "delta" ? "what changed since the last sync" : "everything";
  return `Read ${pages} from your SIS (${what}): ${rows}.${others}`;
}

/** "Preview changes": what a sync of the saved source would change, in the bundle's review. */
export function RosterSourcePreview({ plan }: { plan: SourceDryRun }) {
  const reviewRef = useRef<HTMLDivElement>(null);
  // Keyboard and screen-reader users land on each new review, not back at the button.
  useEffect(() => reviewRef.current?.focus(), [plan]);
  return (
    <div
      ref={reviewRef}
      tabIndex={-1}
      role="group"
      aria-label="What a sync would change"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm outline-none"
    >
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900">What a sync would change.</span> Nothing has been
        written yet.
        {plan.pull && plan.pull.pages > 0 && <> {pullLine(plan.pull)}</>}
      </p>
      <OneRosterReview plan={plan} source />
    </div>
  );
}
