import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export interface PlainColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
}

/**
 * A small read-only table (no sorting or pages) that scrolls sideways inside its parent on a narrow
 * screen, never the page; no fixed widths, so it fits a printed page.
 */
export function PlainTable<T>({
  label,
  columns,
  rows,
  rowKey,
}: {
  label: string;
  columns: PlainColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="border-b border-slate-200 text-xs font-medium text-slate-600">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={cn("px-3 py-2", column.numeric && "text-right")}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.header}
                  className={cn("px-3 py-2 text-slate-800", column.numeric && "text-right tabular-nums")}
                >
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
