"use client";

import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { IGNORE_LABEL, type ColumnMapping, type ImportKind } from "@/lib/imports/fields";
import { orderProblem } from "@/lib/imports/wizard";
import { ColumnPreview } from "./column-preview";
import { FieldNotes } from "./field-notes";
import { useDryRun } from "./use-dry-run";
import type { ChosenFile, DryRun } from "./wizard-types";

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
  const { busy, failure, check } = useDryRun({ kind, files, order, headerRowOf, updateExisting, onChecked });
  const first = files[0]!;
  const preview = first.preview;
  const problem = orderProblem(kind, order);

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        Match each column to a field, or choose {IGNORE_LABEL} for a column not to import. The preview shows
        the first rows of {first.file.name}.
      </p>
      {recalled && (
        <p className="text-sm text-slate-700" data-testid="mapping-recalled">
          These columns were matched as in your last upload of a file with the same first line.
        </p>
      )}
      <ColumnPreview kind={kind} file={first} order={order} onOrder={onOrder} />
      {preview.columns !== order.length && (
        <p className="text-sm text-amber-800">
          The first line of {first.file.name} has {preview.columns} columns; {order.length} are expected.
          Rows with another number of columns are skipped.
        </p>
      )}
      <Checkbox
        label="The first line names the columns (it is not imported)"
        checked={headerRow}
        onCheckedChange={onHeaderRow}
      />
      <FieldNotes kind={kind} order={order} />
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
