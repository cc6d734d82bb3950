import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import type { ColumnKind } from "./data-table-filters";

export interface DataColumn<T> {
  id: string;
  header: string;
  /** The value used to sort, search and filter (and shown unless `cell` is given). */
  value: (row: T) => string | number | null | undefined;
  cell?: (row: T) => ReactNode;
  kind?: ColumnKind;
  sortable?: boolean;
  filterable?: boolean;
  searchable?: boolean;
  className?: string;
  /**
   * A secondary column: hidden below this width (sm 640px, md 768px), where its value is shown under
   * the row's primary cell instead ("Grade: 9"), so a phone reads every value without scrolling sideways.
   */
  secondary?: "sm" | "md";
  /** The column whose cell shows the secondary columns' values on narrow screens (default: the first). */
  primary?: boolean;
}

/** Tailwind needs whole class names: the column's cells, and its line under the primary cell. */
export const SECONDARY = {
  sm: { cell: "hidden sm:table-cell", line: "sm:hidden", below: "(max-width: 639.98px)" },
  md: { cell: "hidden md:table-cell", line: "md:hidden", below: "(max-width: 767.98px)" },
} as const;

export const cellClass = <T,>(column: DataColumn<T>) =>
  cn(column.secondary && SECONDARY[column.secondary].cell, column.className);

/** A plain column (no `cell`) whose value is empty for this row: a line "Reason:" would say nothing. */
const isBlank = <T,>(column: DataColumn<T>, row: T) => {
  if (column.cell) return false;
  const value = column.value(row);
  return value === null || value === undefined || value === "";
};

/**
 * The secondary columns' values under the primary cell, on screens too narrow for their own columns
 * (only there: on wider screens they are not in the page twice). Empty values get no line.
 */
export function SecondaryLines<T>({ columns, row }: { columns: DataColumn<T>[]; row: T }) {
  const shown = columns.filter((column) => !isBlank(column, row));
  if (shown.length === 0) return null;
  return (
    <dl className="mt-1 flex flex-col gap-0.5 text-xs text-slate-600">
      {shown.map((column) => (
        <div key={column.id} className={cn("flex flex-wrap gap-x-1", SECONDARY[column.secondary!].line)}>
          <dt className="font-medium">{column.header}:</dt>
          <dd>{column.cell ? column.cell(row) : (column.value(row) ?? "")}</dd>
        </div>
      ))}
    </dl>
  );
}
