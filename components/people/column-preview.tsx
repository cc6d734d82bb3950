"use client";

import { useId } from "react";
import { inputClasses } from "@/components/ui/text-field";
import { useMediaQuery } from "@/components/ui/use-media-query";
import { cn } from "@/lib/cn";
import {
  FIELD_LABELS,
  IGNORE_LABEL,
  fieldChoices,
  type ColumnMapping,
  type ImportField,
  type ImportKind,
} from "@/lib/imports/fields";
import { placeField } from "@/lib/imports/wizard";
import type { ChosenFile } from "./wizard-types";

/** The select's value for an ignored column. */
const IGNORE = "";

/** "Column N" and the field chosen for it; `fill`: as wide as its box (the phone's list). */
function ColumnSelect({
  id,
  kind,
  order,
  index,
  fill,
  onOrder,
}: {
  id: string;
  kind: ImportKind;
  order: ColumnMapping;
  index: number;
  fill: boolean;
  onOrder: (order: ColumnMapping) => void;
}) {
  const field = order[index] ?? null;
  return (
    <>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        Column {index + 1}
      </label>
      <select
        id={id}
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
}

/**
 * The first file's first rows with a field chosen per column: a table, or on a phone one line per
 * column (a table of several columns would scroll sideways).
 */
export function ColumnPreview({
  kind,
  file,
  order,
  onOrder,
}: {
  kind: ImportKind;
  file: ChosenFile;
  order: ColumnMapping;
  onOrder: (order: ColumnMapping) => void;
}) {
  const baseId = useId();
  const phone = useMediaQuery("(max-width: 639px)");
  const { preview } = file;
  const select = (index: number, fill: boolean) => (
    <ColumnSelect id={`${baseId}-${index}`} kind={kind} order={order} index={index} fill={fill} onOrder={onOrder} />
  );
  if (phone) {
    return (
      <ol aria-label={`Columns of ${file.file.name}`} className="flex flex-col gap-3">
        {order.map((_, index) => (
          <li key={index} className="rounded-lg border border-slate-200 p-3">
            {select(index, true)}
            <p className="mt-1.5 truncate text-sm text-slate-800">
              <span className="text-slate-600">First lines: </span>
              {preview.rows.map((row) => row[index] ?? "").join(", ") || "—"}
            </p>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full text-sm">
        <caption className="sr-only">First rows of {file.file.name}, with the field chosen for each column</caption>
        <thead className="bg-slate-50">
          <tr>
            {order.map((_, index) => (
              <th key={index} scope="col" className="px-3 py-2 text-left font-medium">
                {select(index, false)}
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
  );
}
