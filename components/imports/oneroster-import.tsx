"use client";

import { FileArchive } from "lucide-react";
import { useId, type RefObject } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { ImportJobStatus } from "./import-job-status";
import { BundleFailure } from "./bundle-failure";
import { OneRosterReview, type OneRosterDryRun } from "./oneroster-review";
import { SchoolYearChoice } from "./school-year-choice";
import { useOneRosterImport, type OneRosterImportState } from "./use-oneroster-import";

type Steps = Pick<OneRosterImportState, "upload" | "review" | "job">;

/** The bundle's picker, its name, and Check (again). */
function BundlePicker({ upload, review, job }: Steps) {
  const inputId = useId();
  return (
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
          disabled={upload.busy}
          onChange={(event) => {
            upload.choose(event.target.files);
            event.target.value = "";
          }}
        />
      </label>
      <span className="min-w-0 truncate text-sm text-slate-700" aria-live="polite">
        {upload.file ? upload.file.name : "No file chosen"}
      </span>
      <Button
        variant={review.plan ? "secondary" : "primary"}
        onClick={() => void review.check.run()}
        disabled={!upload.file || job.jobId !== null}
        loading={review.check.busy}
      >
        {review.plan ? "Check again" : "Check"}
      </Button>
    </div>
  );
}

/** Apply, and the line beside it saying why it is not offered (or that it is done). */
function ApplyBar({ plan, stale, job }: { plan: OneRosterDryRun; stale: boolean; job: Steps["job"] }) {
  return (
    <div className="flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center">
      <Button onClick={() => void job.apply.run()} disabled={!job.canApply} loading={job.apply.busy}>
        Apply
      </Button>
      <p className="text-sm text-slate-600">
        {plan.errors.length > 0
          ? "Fix the errors and check again to apply."
          : stale
            ? "You changed a choice: check again to see what it changes, then apply."
            : job.jobId !== null
              ? "Applied."
              : "Applies exactly what is listed above, in one go."}
      </p>
    </div>
  );
}

/** What the checked bundle would change (or, once applied, changes), its choices, and Apply. */
function BundleReview({
  review,
  job,
  focusRef,
}: Omit<Steps, "upload"> & { focusRef: RefObject<HTMLDivElement | null> }) {
  const { plan } = review;
  if (!plan) return null;
  const applied = job.jobId !== null;
  return (
    <div
      ref={focusRef}
      tabIndex={-1}
      aria-label={applied ? "What this bundle changes" : "What this bundle would change"}
      role="group"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm outline-none"
    >
      <p className="text-sm text-slate-700">
        {applied ? (
          <>
            <span className="font-semibold text-slate-900">What this bundle changes.</span>{" "}
            {"Applied: the import's result is below, and its report is in the Imports list."}
          </>
        ) : (
          <>
            <span className="font-semibold text-slate-900">What this bundle would change.</span>{" "}
            {"Nothing has been written yet."}
          </>
        )}
      </p>
      {plan.school_year && (
        <SchoolYearChoice year={plan.school_year} chosen={review.applyYear} onChosen={review.setApplyYear} />
      )}
      <OneRosterReview
        plan={plan}
        blocks={review.blocks}
        choices={review.choices}
        onChoicesChange={review.setChoices}
      />
      <ApplyBar plan={plan} stale={review.stale} job={job} />
    </div>
  );
}

/**
 * The Imports screen's OneRoster section: choose a bundle (.zip) exported by the student information
 * system, Check it (a dry run: nothing is written), review what would change and the choices it asks
 * for, then Apply: the import runs in the background and its result is shown here.
 */
export function OneRosterImport() {
  const headingId = useId();
  const { upload, review, job, failure, reviewRef, resultRef } = useOneRosterImport();
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
      <BundlePicker upload={upload} review={review} job={job} />

      {failure && <BundleFailure failure={failure} />}

      <BundleReview review={review} job={job} focusRef={reviewRef} />

      {job.jobId !== null && (
        <div ref={resultRef} tabIndex={-1} className="rounded-xl outline-none">
          <ImportJobStatus id={job.jobId} reportHref={job.importId === null ? null : `/imports/${job.importId}`} />
        </div>
      )}
    </section>
  );
}
