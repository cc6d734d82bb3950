"use client";

import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { inputClasses } from "@/components/ui/text-field";
import type { ImportResult } from "./api-types";
import { ImportPreview } from "./import-preview";
import { isCsv } from "./import-rules";
import { useCalendarImport } from "./use-calendar-import";

/**
 * Import calendar: an iCalendar (.ics) or CSV file, a preview of the events it holds (nothing is
 * written), the choice of which events mean no school, then Apply.
 */
// eslint-disable-next-line max-lines-per-function -- the import's choose, preview and done steps switch in one place
export function ImportDialog({
  open,
  onOpenChange,
  onImported,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Told the file applied and the answer (its entry in the Imports history at `import.report`). */
  onImported: (result: ImportResult, file: File) => Promise<unknown>;
}) {
  const fileId = useId();
  const { file, preview, noSchool, error, busy, reset, choose, apply, toggle } = useCalendarImport(
    onImported,
    onOpenChange,
  );

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
          {error && error.length > 1 ? (
            <div id={`${fileId}-error`} role="alert" className="text-sm text-red-700">
              <p>Nothing was imported. Correct these lines and choose the file again:</p>
              <ul className="mt-1 list-disc pl-5 break-words">
                {error.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          ) : error ? (
            <p id={`${fileId}-error`} role="alert" className="text-sm break-words text-red-700">
              {error[0]}
            </p>
          ) : (
            <p id={`${fileId}-hint`} className="text-xs text-slate-600">
              Events outside the school year and events already on the calendar are left out.
            </p>
          )}
        </div>
        {busy === "preview" && <p className="text-sm text-slate-700">Reading {file?.name}…</p>}
        {preview && <ImportPreview preview={preview} csv={isCsv(file)} noSchool={noSchool} onToggle={toggle} />}
      </div>
    </Dialog>
  );
}
