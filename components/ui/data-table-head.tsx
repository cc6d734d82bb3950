import type { SortingState } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { focusRing } from "./button";
import { cellClass, type DataColumn } from "./data-table-columns";

/** A data table's header row: each sortable column a button showing its sort direction. */
export function DataTableHead<T>({
  columns,
  sorting,
  onSort,
  lead,
  printing = false,
}: {
  columns: DataColumn<T>[];
  sorting: SortingState;
  onSort: (columnId: string) => void;
  /** The selection column's header (a "select all" box), when rows have one. */
  lead?: { header: ReactNode };
  /** On paper the headers are their text: Chromium repeats a header row on each sheet but paints no button in the copies. */
  printing?: boolean;
}) {
  return (
    <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
      <tr>
        {lead && (
          <th scope="col" className="w-10 px-2.5 py-2.5 sm:px-4">
            {lead.header}
          </th>
        )}
        {columns.map((column) => {
          const sorted = sorting.find((s) => s.id === column.id);
          return (
            <th
              key={column.id}
              scope="col"
              aria-sort={sorted ? (sorted.desc ? "descending" : "ascending") : undefined}
              className={cn("px-2.5 py-2.5 sm:px-4 sm:whitespace-nowrap", cellClass(column))}
            >
              {column.sortable !== false && !printing ? (
                <button
                  type="button"
                  onClick={() => onSort(column.id)}
                  className={cn(
                    "-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-slate-900",
                    focusRing,
                  )}
                >
                  {column.header}
                  <SortIcon sorted={sorted} />
                </button>
              ) : (
                column.header
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

function SortIcon({ sorted }: { sorted: { desc: boolean } | undefined }) {
  if (!sorted) return <ArrowUpDown aria-hidden className="size-3.5 opacity-40" />;
  return sorted.desc ? (
    <ArrowDown aria-hidden className="size-3.5" />
  ) : (
    <ArrowUp aria-hidden className="size-3.5" />
  );
}
