"use client";

import { useRef, useState, type RefObject } from "react";
import useSWR from "swr";
import type { Timetable } from "@/components/school-calendar/api-types";
import { useAction } from "@/components/ui/use-action";
import { ApiClientError, apiUpload, messageOf } from "@/lib/api/request.client";
import type { BundleProblem } from "@/lib/oneroster/parse";
import { choiceFields, type OneRosterChoices, type OneRosterDryRun } from "./oneroster-review";

const ENDPOINT = "/api/rostering/oneroster";

/** Why the bundle could not be checked or imported, with its problems by file and line. */
export interface BundleFailureState {
  message: string;
  problems: BundleProblem[];
}
type SetFailure = (failure: BundleFailureState | null) => void;

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

const failureOf = (error: unknown, fallback: string): BundleFailureState => ({
  message: messageOf(error, fallback),
  problems: error instanceof ApiClientError ? problemsOf(error.errors) : [],
});

function form(file: File, dryRun: boolean, choices: OneRosterChoices, applySchoolYear = false) {
  const body = new FormData();
  body.append("file", file);
  body.append("dry_run", dryRun ? "true" : "false");
  for (const [name, value] of Object.entries(choiceFields(choices))) body.append(name, value);
  if (applySchoolYear) body.append("apply_school_year", "true");
  return body;
}

const noChoices = (plan?: OneRosterDryRun): OneRosterChoices => ({
  org_sourced_id: plan?.org_sourced_id ?? "",
  periods: {},
});

/** Check (a dry run of the bundle with the current choices), the plan it answers and the choices it asks for. */
function useBundleReview(
  file: File | null,
  setFailure: SetFailure,
  reviewRef: RefObject<HTMLDivElement | null>,
) {
  const [plan, setPlan] = useState<OneRosterDryRun | null>(null);
  const [choices, setChoices] = useState<OneRosterChoices>(noChoices());
  /** The choices the shown plan was checked with (a change asks for a new check before applying). */
  const [checkedWith, setCheckedWith] = useState<string>("");
  /** The administrator chose to change the school year to the bundle's. */
  const [applyYear, setApplyYear] = useState(false);
  const { data: timetable } = useSWR<Timetable>(plan?.unmatched_periods.length ? "/api/timetable" : null);
  const blocks = (timetable?.blocks ?? []).filter((b) => !b.flex).map((b) => ({ id: b.id, label: b.label }));
  const stale = plan !== null && JSON.stringify(choiceFields(choices)) !== checkedWith;
  const check = useAction(
    async () => {
      if (!file) return;
      setFailure(null);
      const answer = await apiUpload<OneRosterDryRun>(ENDPOINT, form(file, true, choices));
      const next = { ...choices, org_sourced_id: choices.org_sourced_id || answer.org_sourced_id || "" };
      setPlan(answer);
      setChoices(next);
      setCheckedWith(JSON.stringify(choiceFields(next)));
      // Keyboard and screen-reader users land on the review, not back at the top.
      requestAnimationFrame(() => reviewRef.current?.focus());
    },
    {
      // The failure is shown above the review, with its problems by file and line.
      handled: (error) => {
        setPlan(null);
        setFailure(failureOf(error, "The bundle could not be checked."));
        return true;
      },
    },
  );
  const reset = () => {
    setPlan(null);
    setChoices(noChoices());
    setApplyYear(false);
  };
  return { plan, choices, setChoices, applyYear, setApplyYear, blocks, stale, check, reset };
}

type BundleReview = ReturnType<typeof useBundleReview>;

/** Apply: the import job starts with the checked choices; its id is kept for the status, its entry's for the report. */
function useBundleApply(
  file: File | null,
  review: BundleReview,
  setFailure: SetFailure,
  resultRef: RefObject<HTMLDivElement | null>,
) {
  const [jobId, setJobId] = useState<number | null>(null);
  /** The applied import's entry in the Imports history (its report). */
  const [importId, setImportId] = useState<number | null>(null);
  const { plan, choices, applyYear, stale } = review;
  const apply = useAction(
    async () => {
      if (!file || !plan) return;
      setFailure(null);
      const changeYear = applyYear && plan.school_year?.change === "update" && !plan.school_year.problem;
      const answer = await apiUpload<{ job: { id: number }; import?: { id: number } }>(
        ENDPOINT,
        form(file, false, choices, changeYear),
      );
      setJobId(answer.job.id);
      setImportId(answer.import?.id ?? null);
      requestAnimationFrame(() => resultRef.current?.focus());
    },
    {
      handled: (error) => {
        setFailure(failureOf(error, "The bundle could not be imported."));
        return true;
      },
    },
  );
  const reset = () => {
    setJobId(null);
    setImportId(null);
  };
  const canApply = plan !== null && plan.errors.length === 0 && !stale && jobId === null;
  return { jobId, importId, canApply, apply, reset };
}

/**
 * The OneRoster import's steps, grouped by job: choose a bundle (`upload`), Check it and change the
 * choices it asks for (`review`: a change asks for a new check), and Apply (`job`: the import job
 * starts). `failure` is why the last check or apply did not go through. The refs are the review and
 * the job's result, focused when each appears (apart: an object holding a ref is read as one).
 */
export function useOneRosterImport() {
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<BundleFailureState | null>(null);
  const reviewRef = useRef<HTMLDivElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const review = useBundleReview(file, setFailure, reviewRef);
  const job = useBundleApply(file, review, setFailure, resultRef);

  function choose(list: FileList | null) {
    setFile(list?.[0] ?? null);
    setFailure(null);
    review.reset();
    job.reset();
  }

  const busy = review.check.busy || job.apply.busy;
  return { upload: { file, choose, busy }, review, job, failure, reviewRef, resultRef };
}

export type OneRosterImportState = ReturnType<typeof useOneRosterImport>;
