"use client";

import { useMemo, useState, type ChangeEvent } from "react";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { ApiClientError, apiUpload, messageOf } from "@/lib/api/request.client";
import type { ImportResult } from "./api-types";
import { importSummary, isCsv, noSchoolField } from "./import-rules";

/** Without `noSchoolValue` the server guesses from the names (holiday, break, Pro-D, closed …). */
function send(chosen: File, dryRun: boolean, noSchoolValue?: string): Promise<ImportResult> {
  const form = new FormData();
  form.append("file", chosen);
  if (dryRun) form.append("dry_run", "true");
  if (noSchoolValue !== undefined) form.append("no_school", noSchoolValue);
  return apiUpload<ImportResult>("/api/calendar-events/import", form);
}

/**
 * The calendar import's steps: choosing a file sends a dry run (the preview), the person ticks the
 * events that mean no school, and Apply sends the file for real (POST /api/calendar-events/import).
 */
export function useCalendarImport(
  onImported: (result: ImportResult, file: File) => Promise<unknown>,
  onOpenChange: (open: boolean) => void,
) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [noSchool, setNoSchool] = useState<Set<string>>(new Set());
  /** Why the file was refused: each problem the server named (a line each), or one message. */
  const [error, setError] = useState<string[] | null>(null);
  const names = useMemo(() => [...new Set(preview?.events.map((event) => event.name) ?? [])], [preview]);

  function reset() {
    setFile(null);
    setPreview(null);
    setNoSchool(new Set());
    setError(null);
  }

  // Why the file was refused is said in the dialog, a line for each problem the server named.
  const showRefusal = (failure: unknown) => {
    const apiError = failure instanceof ApiClientError ? failure : null;
    const listed = apiError?.errors.file ?? apiError?.errors.no_school;
    setError(listed?.length ? listed : [messageOf(failure)]);
    return true;
  };
  const checking = useAction(
    async (chosen: File) => {
      const result = await send(chosen, true);
      setPreview(result);
      setNoSchool(new Set(result.events.filter((e) => e.no_blocks).map((e) => e.name)));
    },
    { handled: showRefusal },
  );
  const applying = useAction(
    async (chosen: File, noSchoolValue: string | undefined) => {
      const result = await send(chosen, false, noSchoolValue);
      await onImported(result, chosen);
      snackbar(importSummary(result), { tone: "success" });
      reset();
      onOpenChange(false);
    },
    { handled: showRefusal },
  );
  const busy = checking.busy ? "preview" : applying.busy ? "apply" : null;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setPreview(null);
    setError(null);
    setFile(chosen);
    if (chosen) await checking.run(chosen);
  }

  async function apply() {
    if (!file || !preview) return;
    setError(null);
    await applying.run(file, isCsv(file) ? undefined : noSchoolField(names, noSchool));
  }

  const toggle = (name: string, on: boolean) =>
    setNoSchool((current) => {
      const next = new Set(current);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });

  return { file, preview, noSchool, error, busy, reset, choose, apply, toggle };
}
