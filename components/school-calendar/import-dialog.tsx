"use client";

import { useId, useMemo, useState, type ChangeEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { snackbar } from "@/components/ui/snackbar";
import { inputClasses } from "@/components/ui/text-field";
import { ApiClientError, apiUpload, messageOf } from "@/lib/api/client";
import type { ImportResult } from "./api-types";
import { mediumDateLabel } from "./month";

/** A CSV says itself which days have no school (its in_session column); an .ics leaves it to the person. */
const isCsv = (file: File | null) => Boolean(file && (/\.csv$/i.test(file.name) || file.type === "text/csv"));

/** Rows the preview shows; the rest are counted. */
const PREVIEW_ROWS = 200;

/** The no_school form field: "all", "none" or the chosen events' names separated by commas. */
export function noSchoolField(names: readonly string[], chosen: ReadonlySet<string>): string {
  if (names.length > 0 && names.every((name) => chosen.has(name))) return "all";
  if (chosen.size === 0) return "none";
  return names.filter((name) => chosen.has(name)).join(",");
}

/** "2 events will be added; 1 is already on the calendar; 3 fall outside the school year and will be left out." */
export function importSummary(result: ImportResult): string {
  const { dry_run: dry, added, duplicates, skipped_outside_year: outside } = result;
  const verb = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts = [
    dry ? `${verb(added, "event", "events")} will be added` : `Added ${verb(added, "event", "events")}`,
  ];
  if (duplicates)
    parts.push(`${verb(duplicates, dry ? "is" : "was", dry ? "are" : "were")} already on the calendar`);
  if (outside)
    parts.push(
      dry
        ? `${verb(outside, "falls", "fall")} outside the school year and will be left out`
        : `${verb(outside, "was", "were")} outside the school year and left out`,
    );
  return `${parts.join("; ")}.`;
}

/**
 * Import calendar: an iCalendar (.ics) or CSV file, a preview of the events it holds (nothing is
 * written), the choice of which events mean no school, then Apply.
 */
export function ImportDialog({
  open,
  onOpenChange,
  onImported,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImported: () => Promise<unknown>;
}) {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [noSchool, setNoSchool] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"preview" | "apply" | null>(null);
  const names = useMemo(() => [...new Set(preview?.events.map((event) => event.name) ?? [])], [preview]);

  function reset() {
    setFile(null);
    setPreview(null);
    setNoSchool(new Set());
    setError(null);
  }

  /** Without `noSchoolValue` the server guesses from the names (holiday, break, Pro-D, closed …). */
  async function send(chosen: File, dryRun: boolean, noSchoolValue?: string): Promise<ImportResult | null> {
    const form = new FormData();
    form.append("file", chosen);
    if (dryRun) form.append("dry_run", "true");
    if (noSchoolValue !== undefined) form.append("no_school", noSchoolValue);
    try {
      return await apiUpload<ImportResult>("/api/calendar-events/import", form);
    } catch (failure) {
      const apiError = failure instanceof ApiClientError ? failure : null;
      setError(apiError?.fieldError("file") ?? apiError?.fieldError("no_school") ?? messageOf(failure));
      return null;
    }
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setPreview(null);
    setError(null);
    setFile(chosen);
    if (!chosen) return;
    setBusy("preview");
    const result = await send(chosen, true);
    setBusy(null);
    if (!result) return;
    setPreview(result);
    setNoSchool(new Set(result.events.filter((e) => e.no_blocks).map((e) => e.name)));
  }

  async function apply() {
    if (!file || !preview) return;
    setError(null);
    setBusy("apply");
    const result = await send(file, false, isCsv(file) ? undefined : noSchoolField(names, noSchool));
    if (result) {
      await onImported();
      snackbar(importSummary(result), { tone: "success" });
      reset();
      onOpenChange(false);
    }
    setBusy(null);
  }

  const toggle = (name: string, on: boolean) =>
    setNoSchool((current) => {
      const next = new Set(current);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (!next) reset();
        onOpenChange(next);
      }}
      title="Import calendar"
      description="Add holidays and events from an iCalendar (.ics) file or a CSV file with the columns date, name and in session. Nothing changes until you apply."
      size="lg"
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary" disabled={busy !== null}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            onClick={apply}
            loading={busy === "apply"}
            disabled={!preview || preview.added === 0 || busy !== null}
          >
            Apply
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={fileId} className="text-sm font-medium text-slate-800">
            Calendar file
          </label>
          <input
            id={fileId}
            type="file"
            accept=".ics,.csv,text/calendar,text/csv"
            onChange={choose}
            disabled={busy !== null}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fileId}-error` : `${fileId}-hint`}
            className={inputClasses(!!error)}
          />
          {error ? (
            <p id={`${fileId}-error`} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : (
            <p id={`${fileId}-hint`} className="text-xs text-slate-600">
              Events outside the school year and events already on the calendar are left out.
            </p>
          )}
        </div>
        {busy === "preview" && <p className="text-sm text-slate-700">Reading {file?.name}…</p>}
        {preview && <Preview preview={preview} csv={isCsv(file)} noSchool={noSchool} onToggle={toggle} />}
      </div>
    </Dialog>
  );
}

function Preview({
  preview,
  csv,
  noSchool,
  onToggle,
}: {
  preview: ImportResult;
  csv: boolean;
  noSchool: ReadonlySet<string>;
  onToggle: (name: string, on: boolean) => void;
}) {
  const shown = preview.events.slice(0, PREVIEW_ROWS);
  return (
    <section aria-labelledby="import-preview-heading" className="flex flex-col gap-2">
      <h3 id="import-preview-heading" className="text-sm font-semibold text-slate-900">
        Preview
      </h3>
      <p role="status" className="text-sm text-slate-700">
        {importSummary(preview)}
      </p>
      {shown.length > 0 && (
        <>
          <p className="text-xs text-slate-600">
            {csv
              ? "The file's in_session column says which days have no school: no blocks meet and the rotation skips them."
              : "Tick the events that mean no school: no blocks meet that day and the rotation skips it. Ticking one ticks every event with the same name."}
          </p>
          <div
            className="max-h-72 overflow-y-auto rounded-lg border border-slate-200"
            tabIndex={0}
            aria-label="Events in the file"
          >
            <table className="w-full text-left text-sm">
              <thead className="sticky top-0 bg-slate-50 text-xs text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Date
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Event
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    No school
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {shown.map((event, index) => (
                  <tr key={`${event.date}-${index}`}>
                    <td className="px-3 py-1.5 whitespace-nowrap tabular-nums">
                      {mediumDateLabel(event.date)}
                    </td>
                    <td className="px-3 py-1.5 break-words">{event.name}</td>
                    <td className="px-3 py-1.5">
                      {csv ? (
                        event.no_blocks ? (
                          "Yes"
                        ) : (
                          "No"
                        )
                      ) : (
                        <input
                          type="checkbox"
                          className="size-4 accent-indigo-600"
                          checked={noSchool.has(event.name)}
                          onChange={(e) => onToggle(event.name, e.target.checked)}
                          aria-label={`No school: ${event.name}, ${mediumDateLabel(event.date)}`}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {preview.events.length > shown.length && (
            <p className="text-xs text-slate-600">and {preview.events.length - shown.length} more.</p>
          )}
        </>
      )}
    </section>
  );
}
