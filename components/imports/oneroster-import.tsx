"use client";

import { FileArchive } from "lucide-react";
import Link from "next/link";
import { useId, useRef, useState } from "react";
import useSWR from "swr";
import type { Timetable } from "@/components/school-calendar/api-types";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Spinner } from "@/components/ui/spinner";
import { ApiClientError, apiUpload, messageOf } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import type { BundleProblem } from "@/lib/oneroster/parse";
import type { OneRosterResult } from "@/lib/oneroster/present";
import {
  OneRosterReview,
  ProblemsTable,
  choiceFields,
  type OneRosterChoices,
  type OneRosterDryRun,
} from "./oneroster-review";

const ENDPOINT = "/api/rostering/oneroster";
const n = (value: number) => value.toLocaleString("en-US");

/** GET /api/jobs/{id} (lib/jobs/queue.ts JobView) for a OneRoster import. */
interface ImportJob {
  id: number;
  status: "queued" | "running" | "succeeded" | "failed";
  done: number;
  total: number | null;
  error: string | null;
  result: (Partial<OneRosterResult> & { status?: string }) | null;
}

/** A 422's field errors ({"users.csv": ["line 4: …"]}) back into problems by file and line. */
export function problemsOf(errors: Record<string, string[]>): BundleProblem[] {
  return Object.entries(errors).flatMap(([file, messages]) =>
    messages.map((message) => {
      const match = /^line (\d+): (.*)$/s.exec(message);
      return match
        ? { file, line: Number(match[1]), reason: match[2]! }
        : { file: file === "file" ? "" : file, line: 0, reason: message };
    }),
  );
}

function form(file: File, dryRun: boolean, choices: OneRosterChoices, applySchoolYear = false) {
  const body = new FormData();
  body.append("file", file);
  body.append("dry_run", dryRun ? "true" : "false");
  for (const [name, value] of Object.entries(choiceFields(choices))) body.append(name, value);
  if (applySchoolYear) body.append("apply_school_year", "true");
  return body;
}

type PlannedYear = NonNullable<OneRosterDryRun["school_year"]>;

/** "September 1, 2026". */
const longDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
const span = (year: { start: string; end: string }) => `${longDay(year.start)} – ${longDay(year.end)}`;

/**
 * The bundle's school year against the school's: set when the school has none, never changed silently
 * (a different year is shown before → after and changed only when ticked), or why it cannot be.
 */
function SchoolYearChoice({
  year,
  chosen,
  onChosen,
}: {
  year: PlannedYear;
  chosen: boolean;
  onChosen: (chosen: boolean) => void;
}) {
  if (year.change === "same")
    return (
      <p className="text-sm text-slate-700">
        School year: {year.name}, {span(year)}, the same as the school&apos;s.
      </p>
    );
  if (year.problem)
    return (
      <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        School year in the bundle: {year.name}, {span(year)}. It cannot be{" "}
        {year.change === "set" ? "set" : "applied"}: {year.problem} Set it on the{" "}
        <Link href="/calendar/year" className="font-medium underline">
          School year
        </Link>{" "}
        screen.
      </p>
    );
  if (year.change === "set" || !year.current)
    return (
      <p className="text-sm text-slate-700">
        School year: {year.name}, {span(year)}. The school&apos;s year is not set up yet: applying sets it.
      </p>
    );
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-slate-800">
      <p>
        <span className="font-semibold text-slate-900">The school year differs.</span> The school&apos;s:{" "}
        {span(year.current)} → the bundle&apos;s ({year.name}): {span(year)}.
      </p>
      <Checkbox
        label={`Also change the school year to ${span(year)}`}
        checked={chosen}
        onCheckedChange={onChosen}
      />
      <p className="text-xs text-slate-600">
        Unticked, the school year stays as it is; everything else is applied.
      </p>
    </div>
  );
}

const noChoices = (plan?: OneRosterDryRun): OneRosterChoices => ({
  org_sourced_id: plan?.org_sourced_id ?? "",
  periods: {},
});

/**
 * The Imports screen's OneRoster section: choose a bundle (.zip) exported by the student information
 * system, Check it (a dry run: nothing is written), review what would change and the choices it asks
 * for, then Apply: the import runs in the background and its result is shown here.
 */
export function OneRosterImport() {
  const inputId = useId();
  const headingId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [plan, setPlan] = useState<OneRosterDryRun | null>(null);
  const [choices, setChoices] = useState<OneRosterChoices>(noChoices());
  /** The choices the shown plan was checked with (a change asks for a new check before applying). */
  const [checkedWith, setCheckedWith] = useState<string>("");
  const [busy, setBusy] = useState<"check" | "apply" | null>(null);
  const [failure, setFailure] = useState<{ message: string; problems: BundleProblem[] } | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  /** The administrator chose to change the school year to the bundle's. */
  const [applyYear, setApplyYear] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);
  const reviewRef = useRef<HTMLDivElement>(null);
  const { data: timetable } = useSWR<Timetable>(plan?.unmatched_periods.length ? "/api/timetable" : null);
  const blocks = (timetable?.blocks ?? []).filter((b) => !b.flex).map((b) => ({ id: b.id, label: b.label }));
  const stale = plan !== null && JSON.stringify(choiceFields(choices)) !== checkedWith;

  function choose(list: FileList | null) {
    const chosen = list?.[0] ?? null;
    setFile(chosen);
    setPlan(null);
    setChoices(noChoices());
    setFailure(null);
    setJobId(null);
    setApplyYear(false);
  }

  async function check() {
    if (!file) return;
    setBusy("check");
    setFailure(null);
    try {
      const answer = await apiUpload<OneRosterDryRun>(ENDPOINT, form(file, true, choices));
      const next = { ...choices, org_sourced_id: choices.org_sourced_id || answer.org_sourced_id || "" };
      setPlan(answer);
      setChoices(next);
      setCheckedWith(JSON.stringify(choiceFields(next)));
      // Keyboard and screen-reader users land on the review, not back at the top.
      requestAnimationFrame(() => reviewRef.current?.focus());
    } catch (error) {
      setPlan(null);
      setFailure({
        message: messageOf(error, "The bundle could not be checked."),
        problems: error instanceof ApiClientError ? problemsOf(error.errors) : [],
      });
    } finally {
      setBusy(null);
    }
  }

  async function apply() {
    if (!file || !plan) return;
    setBusy("apply");
    setFailure(null);
    try {
      const changeYear = applyYear && plan.school_year?.change === "update" && !plan.school_year.problem;
      const answer = await apiUpload<{ job: { id: number } }>(
        ENDPOINT,
        form(file, false, choices, changeYear),
      );
      setJobId(answer.job.id);
      requestAnimationFrame(() => resultRef.current?.focus());
    } catch (error) {
      setFailure({
        message: messageOf(error, "The bundle could not be imported."),
        problems: error instanceof ApiClientError ? problemsOf(error.errors) : [],
      });
    } finally {
      setBusy(null);
    }
  }

  const canApply = plan !== null && plan.errors.length === 0 && !stale && jobId === null;
  return (
    <section aria-labelledby={headingId} id="oneroster" className="mt-10 flex flex-col gap-4">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          OneRoster (SIS)
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Bring in the whole roster from your student information system: students, staff, courses, their
          sections and enrolments, from a OneRoster 1.1 or 1.2 CSV bundle (a .zip). Check it first: nothing is
          written until you apply it.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={inputId}
          className={cn(
            "inline-flex cursor-pointer items-center gap-2 rounded-md border border-dashed border-slate-400 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50",
            "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600",
          )}
        >
          <FileArchive aria-hidden className="size-4" /> Choose a OneRoster .zip
          <input
            id={inputId}
            type="file"
            accept=".zip,application/zip"
            className="sr-only"
            disabled={busy !== null}
            onChange={(event) => {
              choose(event.target.files);
              event.target.value = "";
            }}
          />
        </label>
        <span className="min-w-0 truncate text-sm text-slate-700" aria-live="polite">
          {file ? file.name : "No file chosen"}
        </span>
        <Button
          variant={plan ? "secondary" : "primary"}
          onClick={() => void check()}
          disabled={!file || jobId !== null}
          loading={busy === "check"}
        >
          {plan ? "Check again" : "Check"}
        </Button>
      </div>

      {failure && (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <p>{failure.message}</p>
          {failure.problems.length > 0 && (
            <ProblemsTable problems={failure.problems} caption="Problems by file and line" />
          )}
        </div>
      )}

      {plan && (
        <div
          ref={reviewRef}
          tabIndex={-1}
          aria-label="What this bundle would change"
          role="group"
          className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm outline-none"
        >
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-slate-900">What this bundle would change.</span>{" "}
            {"Nothing has been written yet."}
          </p>
          {plan.school_year && (
            <SchoolYearChoice year={plan.school_year} chosen={applyYear} onChosen={setApplyYear} />
          )}
          <OneRosterReview plan={plan} blocks={blocks} choices={choices} onChoicesChange={setChoices} />
          <div className="flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center">
            <Button onClick={() => void apply()} disabled={!canApply} loading={busy === "apply"}>
              Apply
            </Button>
            <p className="text-sm text-slate-600">
              {plan.errors.length > 0
                ? "Fix the errors and check again to apply."
                : stale
                  ? "You changed a choice: check again to see what it changes, then apply."
                  : jobId !== null
                    ? "Applied."
                    : "Applies exactly what is listed above, in one go."}
            </p>
          </div>
        </div>
      )}

      {jobId !== null && (
        <div ref={resultRef} tabIndex={-1} className="rounded-xl outline-none">
          <ImportJobStatus id={jobId} />
        </div>
      )}
    </section>
  );
}

const RESULT_COUNTS = [
  ["created", "Created"],
  ["updated", "Updated"],
  ["archived", "Archived"],
  ["dropped", "Dropped"],
  ["unchanged", "Unchanged"],
] as const;

/** The import job's progress (polled until it ends) and its result. */
export function ImportJobStatus({ id }: { id: number }) {
  const { data: job, error } = useSWR<ImportJob>(`/api/jobs/${id}`, {
    refreshInterval: (latest) =>
      !latest || latest.status === "queued" || latest.status === "running" ? 1000 : 0,
  });
  if (!job) {
    return error ? (
      <p role="alert" className="text-sm text-red-700">
        {messageOf(error, "The import's progress could not be loaded.")}
      </p>
    ) : (
      <Spinner label="Starting the import" />
    );
  }
  if (job.status === "queued" || job.status === "running") {
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
    </div>
  );
}
