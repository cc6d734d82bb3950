"use client";

import { FileText } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import {
  FIELD_LABELS,
  MAX_FILES_PER_UPLOAD,
  OPTIONAL_FIELDS,
  REQUIRED_FIELDS,
  type ImportKind,
} from "@/lib/imports/fields";
import { columnOrderProblem, filesProblem, PREVIEW_BYTES, previewCsv } from "@/lib/imports/wizard";
import { ChosenFiles } from "./chosen-files";
import type { ChosenFile } from "./wizard-types";

/** Step 1: choose 1–5 CSV files; their first lines are read here to check the column order. */
// eslint-disable-next-line max-lines-per-function -- the file step's choices and previews are one step
export function WizardFiles({
  kind,
  files,
  onChange,
  onNext,
  onCancel,
}: {
  kind: ImportKind;
  files: ChosenFile[];
  onChange: (files: ChosenFile[]) => void;
  onNext: () => void;
  onCancel: () => void;
}) {
  const inputId = useId();
  const [reading, setReading] = useState(false);
  const problem = files.length
    ? (filesProblem(files.map((f) => f.file)) ?? columnOrderProblem(files.map((f) => f.preview)))
    : null;

  async function add(list: FileList | null) {
    if (!list?.length) return;
    setReading(true);
    const read = await Promise.all(
      Array.from(list).map(async (file) => ({
        file,
        preview: previewCsv(kind, file.name, await file.slice(0, PREVIEW_BYTES).text()),
      })),
    );
    // Choosing a file again replaces it.
    const names = new Set(read.map((r) => r.file.name));
    onChange([...files.filter((f) => !names.has(f.file.name)), ...read]);
    setReading(false);
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        Choose up to {MAX_FILES_PER_UPLOAD} CSV files, all with their columns in the same order. Each row is
        one {kind === "students" ? "student" : "staff member"} with the columns{" "}
        {REQUIRED_FIELDS[kind].map((field) => FIELD_LABELS[field].toLowerCase()).join(", ")}, in any order; a
        first line naming the columns is fine, and an export from your student information system can be
        uploaded as it is: columns you do not need are ignored in the next step.
        {kind === "students" && OPTIONAL_FIELDS.students.length > 0 && (
          <>
            {" "}
            More columns may give each student&apos;s default teacher (default_teacher_email, or homeroom: the
            homeroom&apos;s code, or a staff email or name; leave a cell blank for none), email and
            preferred_first_name.
          </>
        )}
        {kind === "staff" && (
          <>
            {" "}
            More columns may give the title (blank for none), takes_students (yes or no: office staff who take
            no Focus Block students), capacity (0 to 500), position, department and homeroom_code (the
            homeroom they teach). A blank cell keeps the default.
          </>
        )}
      </p>
      <div>
        <label
          htmlFor={inputId}
          className={cn(
            "inline-flex cursor-pointer items-center gap-2 rounded-md border border-dashed border-slate-400 px-4 py-3 text-sm font-medium text-slate-800 hover:bg-slate-50",
            "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600",
          )}
        >
          <FileText aria-hidden className="size-4" /> Choose CSV files
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            multiple
            className="sr-only"
            onChange={(event) => {
              void add(event.target.files);
              event.target.value = "";
            }}
          />
        </label>
      </div>
      {files.length > 0 && <ChosenFiles files={files} onChange={onChange} />}
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onNext} disabled={files.length === 0 || problem !== null || reading}>
          Next
        </Button>
      </div>
    </div>
  );
}
