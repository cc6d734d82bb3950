import type { ReactNode } from "react";
import { focusRing } from "@/components/ui/button";
import { cn } from "@/lib/cn";

export interface PrintColumn<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Numbers and ticks: right-aligned or centred, never wrapped. */
  className?: string;
}

/**
 * A plain table for a printable view: every row on one page (no pages to turn), the paper's width, its
 * header repeated on each sheet and long names wrapping (app/globals.css `@media print`). On a phone it
 * scrolls sideways inside its card rather than widening the screen.
 */
export function PrintTable<T>({
  label,
  columns,
  rows,
  rowKey,
  empty,
}: {
  /** The table's accessible name (its caption). */
  label: string;
  columns: PrintColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  /** Shown instead of the table when there are no rows. */
  empty: string;
}) {
  if (rows.length === 0) return <p className="py-4 text-sm text-slate-600">{empty}</p>;
  return (
    // A region that takes focus: on a phone a wide table scrolls sideways, and the keyboard must reach it.
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn(
        "overflow-x-auto rounded-lg border border-slate-200 bg-white print:rounded-none print:border-0",
        focusRing,
      )}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase">
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={cn("px-3 py-2", column.className)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) => (
                <td key={index} className={cn("px-3 py-2 align-top text-slate-900", column.className)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An empty box to tick by hand on paper (present, left early …). */
export function TickBox() {
  return <span aria-hidden className="inline-block size-4 rounded-sm border border-slate-500 align-middle" />;
}
