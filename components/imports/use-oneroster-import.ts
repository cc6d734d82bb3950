"use client";

import { useRef, useState } from "react";
import useSWR from "swr";
import type { Timetable } from "@/components/school-calendar/api-types";
import { ApiClientError, apiUpload, messageOf } from "@/lib/api/request.client";
import type { BundleProblem } from "@/lib/oneroster/parse";
import { choiceFields, type OneRosterChoices, type OneRosterDryRun } from "./oneroster-review";

const ENDPOINT = "/api/rostering/oneroster";

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

const noChoices = (plan?: OneRosterDryRun): OneRosterChoices => ({
  org_sourced_id: plan?.org_sourced_id ?? "",
  periods: {},
});

/**
 * The OneRoster import's steps: choose a bundle, Check it (a dry run with the current choices), change
 * choices (which asks for a new check), and Apply (the import job starts; its id is kept for the status).
 */
export function useOneRosterImport() {
  const [file, setFile] = useState<File | null>(null);
  const [plan, setPlan] = useState<OneRosterDryRun | null>(null);
  const [choices, setChoices] = useState<OneRosterChoices>(noChoices());
  /** The choices the shown plan was checked with (a change asks for a new check before applying). */
  const [checkedWith, setCheckedWith] = useState<string>("");
  const [busy, setBusy] = useState<"check" | "apply" | null>(null);
  const [failure, setFailure] = useState<{ message: string; problems: BundleProblem[] } | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  /** The applied import's entry in the Imports history (its report). */
  const [importId, setImportId] = useState<number | null>(null);
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
    setImportId(null);
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
      const answer = await apiUpload<{ job: { id: number }; import?: { id: number } }>(
        ENDPOINT,
        form(file, false, choices, changeYear),
      );
      setJobId(answer.job.id);
      setImportId(answer.import?.id ?? null);
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
  return {
    file,
    plan,
    choices,
    setChoices,
    busy,
    failure,
    jobId,
    importId,
    applyYear,
    setApplyYear,
    resultRef,
    reviewRef,
    blocks,
    stale,
    canApply,
    choose,
    check,
    apply,
  };
}
