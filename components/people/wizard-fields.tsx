"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { inputClasses } from "@/components/ui/text-field";
import { useMediaQuery } from "@/components/ui/use-media-query";
import { ApiClientError } from "@/lib/api/client";
import { cn } from "@/lib/cn";
import {
  FIELD_LABELS,
  IGNORE_LABEL,
  fieldChoices,
  type ColumnMapping,
  type ImportField,
  type ImportKind,
} from "@/lib/imports/fields";
import type { DryRunResult } from "@/lib/imports/present";
import { orderProblem, placeField } from "@/lib/imports/wizard";
import type { ChosenFile, DryRun } from "./wizard-types";
import { UPLOAD_FAILED, sendCsv } from "./upload-form";

/** The select's value for an ignored column. */
const IGNORE = "";

/**
 * Step 2: a field — or Ignore — per column, beside a preview of the first file's first rows; whether
 * the first line names the columns (skipped, and its mapping remembered for the next upload); "update
 * existing" is an explicit choice, off by default. Next runs the dry run of every file (nothing is
 * written).
 */
export function WizardFields({
  kind,
  files,
  order,
  onOrder,
  headerRow,
  headerRowOf,
  onHeaderRow,
  recalled,
  updateExisting,
  onUpdateExisting,
  onBack,
  onChecked,
}: {
  kind: ImportKind;
  files: ChosenFile[];
  order: ColumnMapping;
  onOrder: (order: ColumnMapping) => void;
  /** The first file's first line names its columns (the checkbox). */
  headerRow: boolean;
  headerRowOf: (file: ChosenFile) => boolean;
  onHeaderRow: (value: boolean) => void;
  recalled: boolean;
  updateExisting: boolean;
  onUpdateExisting: (value: boolean) => void;
  onBack: () => void;
  onChecked: (results: DryRun[]) => void;
}) {
  const baseId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const preview = files[0]!.preview;
  const problem = orderProblem(kind, order);
  const phone = useMediaQuery("(max-width: 639px)");
  /** "Column N" and the field chosen for it; `fill`: as wide as its box (the phone's list). */
  const columnSelect = (index: number, field: ImportField | null, fill: boolean) => (
    <>
      <label htmlFor={`${baseId}-${index}`} className="mb-1 block text-xs font-medium text-slate-600">
        Column {index + 1}
      </label>
      <select
        id={`${baseId}-${index}`}
        value={field ?? IGNORE}
        onChange={(event) =>
          onOrder(
            placeField(
              order,
              index,
              event.target.value === IGNORE ? null : (event.target.value as ImportField),
            ),
          )
        }
        className={cn(
          inputClasses(false),
          "min-w-36 py-1.5",
          fill && "w-full",
          field === null && "text-slate-500",
        )}
      >
        <option value={IGNORE}>{IGNORE_LABEL}</option>
        {fieldChoices(kind).map((choice) => (
          <option key={choice} value={choice}>
            {FIELD_LABELS[choice]}
          </option>
        ))}
      </select>
    </>
  );

  async function check() {
    setBusy(true);
    setFailure(null);
    const results: DryRun[] = [];
    try {
      for (const chosen of files) {
        const { file } = chosen;
        try {
          const result = await sendCsv<DryRunResult>(kind, file, {
            order,
            headerRow: headerRowOf(chosen),
            updateExisting,
            dryRun: true,
          });
          results.push({ name: file.name, result, problem: null });
        } catch (error) {
          // The server refused the whole file (not CSV, too big, wrong header order): say why, per file.
          if (error instanceof ApiClientError && [413, 415, 422].includes(error.status)) {
            results.push({ name: file.name, result: null, problem: error.message });
          } else throw error;
        }
      }
      onChecked(results);
    } catch {
      setFailure(UPLOAD_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        Match each column to a field, or choose {IGNORE_LABEL} for a column not to import. The preview shows
        the first rows of {files[0]!.file.name}.
      </p>
      {recalled && (
        <p className="text-sm text-slate-700" data-testid="mapping-recalled">
          These columns were matched as in your last upload of a file with the same first line.
        </p>
      )}
      {phone ? (
        // On a phone each column is a line of its own (a table of several columns would scroll sideways).
        <ol aria-label={`Columns of ${files[0]!.file.name}`} className="flex flex-col gap-3">
          {order.map((field, index) => (
            <li key={index} className="rounded-lg border border-slate-200 p-3">
              {columnSelect(index, field, true)}
              <p className="mt-1.5 truncate text-sm text-slate-800">
                <span className="text-slate-600">First lines: </span>
                {preview.rows.map((row) => row[index] ?? "").join(", ") || "—"}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full text-sm">
            <caption className="sr-only">
              First rows of {files[0]!.file.name}, with the field chosen for each column
            </caption>
            <thead className="bg-slate-50">
              <tr>
                {order.map((field, index) => (
                  <th key={index} scope="col" className="px-3 py-2 text-left font-medium">
                    {columnSelect(index, field, false)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((row, r) => (
                <tr key={r} className="border-t border-slate-100">
                  {order.map((_, c) => (
                    <td key={c} className="max-w-48 truncate px-3 py-1.5 text-slate-800">
                      {row[c] ?? ""}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {preview.columns !== order.length && (
        <p className="text-sm text-amber-800">
          The first line of {files[0]!.file.name} has {preview.columns} columns; {order.length} are expected.
          Rows with another number of columns are skipped.
        </p>
      )}
      <Checkbox
        label="The first line names the columns (it is not imported)"
        checked={headerRow}
        onCheckedChange={onHeaderRow}
      />
      {order.includes("homeroom") && (
        <p className="text-sm text-slate-700">
          Each homeroom teacher is a staff member&apos;s email or name (&ldquo;Ada Lovelace&rdquo;,
          &ldquo;Lovelace, Ada&rdquo; or &ldquo;Mx. Lovelace&rdquo;); a blank cell means no default teacher.
        </p>
      )}
      {kind === "staff" && (
        <p className="text-sm text-slate-700">
          A title is Mr., Ms., Mrs., Mx., Dr., Miss, Mlle., Mme. or Prof.; a blank cell (or no title column)
          means no title.
        </p>
      )}
      {order.includes("default_teacher_email") && (
        <p className="text-sm text-slate-700">
          Each default teacher email must be a staff member&apos;s; a blank cell means no default teacher.
          With &ldquo;update existing&rdquo;, a matching student&apos;s default teacher is set from this
          column too.
        </p>
      )}
      {(order.includes("takes_students") || order.includes("capacity")) && (
        <p className="text-sm text-slate-700">
          Takes Focus Block students is yes or no (true/false, 1/0); capacity a whole number from 0 to 500. A
          blank cell gives a new staff member the default and leaves an existing one as they are.
        </p>
      )}
      <Checkbox
        label={
          kind === "students"
            ? "Update existing students (names and grade) when a row's student number matches one"
            : "Update existing staff (names and title) when a row's email matches one"
        }
        checked={updateExisting}
        onCheckedChange={onUpdateExisting}
      />
      {(problem || failure) && (
        <p role="alert" className="text-sm text-red-700">
          {problem ?? failure}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          Back
        </Button>
        <Button onClick={() => void check()} loading={busy} disabled={problem !== null}>
          Next
        </Button>
      </div>
    </div>
  );
}
