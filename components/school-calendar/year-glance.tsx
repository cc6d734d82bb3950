"use client";

import Link from "next/link";
import { LoadError } from "@/components/ui/load-error";
import { Spinner } from "@/components/ui/spinner";
import type { SchoolYear } from "./api-types";
import { mediumDateLabel } from "./month";

/** The year at a glance: its dates, how many school days it has, and Focus Blocks per term. */
export function YearGlance({
  year,
  error,
  onRetry,
  canEdit,
}: {
  year: SchoolYear | undefined;
  error: unknown;
  onRetry: () => void;
  canEdit: boolean;
}) {
  if (error) return <LoadError error={error} what="school year" onRetry={onRetry} className="mb-6" />;
  if (!year) return <Spinner label="Loading the school year" className="mb-6" />;
  if (!year.start || !year.end) {
    return (
      <section
        aria-labelledby="year-glance"
        className="mb-6 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-4"
      >
        <h2 id="year-glance" className="text-sm font-semibold text-slate-900">
          The year at a glance
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          The school year has no dates yet.{" "}
          {canEdit && (
            <Link href="/calendar/year" className="font-medium text-indigo-700 underline underline-offset-2">
              Set the school year
            </Link>
          )}
        </p>
      </section>
    );
  }
  // Each term once: an SIS bundle imported beside the school's own terms can leave copies with the same name.
  const terms = year.focus_blocks_by_term.filter(
    (term, index, all) => all.findIndex((other) => other.name === term.name) === index,
  );
  return (
    <section
      aria-labelledby="year-glance"
      className="mb-6 rounded-xl border border-slate-200 bg-white px-4 py-4 shadow-sm"
    >
      <h2 id="year-glance" className="text-sm font-semibold text-slate-900">
        The year at a glance
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-3 sm:flex sm:flex-wrap">
        <Figure
          label="School year"
          value={`${mediumDateLabel(year.start)} – ${mediumDateLabel(year.end)}`}
          wide
        />
        <Figure label="School days" value={String(year.school_days)} />
        <Figure label="Focus Blocks" value={String(year.focus_blocks)} />
        {year.attendance_from && (
          <Figure label="Attendance counts from" value={mediumDateLabel(year.attendance_from)} />
        )}
        {terms.map((term) => (
          <Figure key={term.name} label={`Focus Blocks in ${term.name}`} value={String(term.focus_blocks)} />
        ))}
      </dl>
    </section>
  );
}

function Figure({ label, value, wide }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? "col-span-2 sm:col-span-1" : undefined}>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-base font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}
