"use client";

import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { cellClass, SecondaryLines, SECONDARY, type DataColumn } from "./data-table-columns";
import { DataTableHead } from "./data-table-head";
import { DataTablePager } from "./data-table-pager";
import { DataTableToolbar } from "./data-table-toolbar";
import { EmptyState } from "./empty-state";
import { Spinner } from "./spinner";
import { useDataTable } from "./use-data-table";
import { useMediaQuery } from "./use-media-query";
import { usePrinting } from "./use-printing";

export type { DataColumn };

export interface DataTableProps<T> {
  /** Accessible name of the table (also its caption for screen readers). */
  label: string;
  columns: DataColumn<T>[];
  data: T[] | undefined;
  rowId: (row: T) => string | number;
  loading?: boolean;
  /** Text when there are no rows at all (spec: 'No data available'). */
  emptyText?: string;
  pageSizes?: number[];
  initialPageSize?: number;
  initialSort?: { id: string; desc?: boolean };
  searchLabel?: string;
  /** Buttons at the right of the toolbar (Add). */
  actions?: ReactNode;
  /** Makes rows clickable (profile links). */
  onRowClick?: (row: T) => void;
  /** Content before each row's cells (a checkbox or radio for selection). */
  rowLead?: { header: ReactNode; cell: (row: T) => ReactNode };
  /** Told the rows that pass the search and filters whenever that set changes ("select all matching"). */
  onFilteredRowsChange?: (rows: T[]) => void;
}

/** Rows per page a table offers: the spec's 5, 10 and 25, and 50 and 100 for long lists. */
export const PAGE_SIZES = [5, 10, 25, 50, 100];

/** A table with sorting, search, filters (spec §5 rules) and pages of 5 to 100 rows (the choice remembered). */
// eslint-disable-next-line max-lines-per-function -- the table wires @tanstack/react-table to its toolbar, head, rows and pager
export function DataTable<T>({
  label,
  columns,
  data,
  rowId,
  loading,
  emptyText = "No data available",
  pageSizes = PAGE_SIZES,
  initialPageSize = 5,
  initialSort,
  searchLabel = "Search",
  actions,
  onRowClick,
  rowLead,
  onFilteredRowsChange,
}: DataTableProps<T>) {
  const t = useDataTable({
    label,
    columns,
    data,
    rowId,
    pageSizes,
    initialPageSize,
    initialSort,
    onFilteredRowsChange,
  });
  // On paper there are no pages to turn: every row that passes the search and filters prints.
  const printing = usePrinting();
  const rows = printing ? t.all : t.page;
  const belowSm = useMediaQuery(SECONDARY.sm.below);
  const belowMd = useMediaQuery(SECONDARY.md.below);
  const secondary = columns.filter(
    (c) => (c.secondary === "sm" && belowSm) || (c.secondary === "md" && belowMd),
  );
  const primaryIndex = Math.max(
    0,
    columns.findIndex((c) => c.primary),
  );

  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm print:overflow-visible print:rounded-none print:border-0 print:shadow-none">
      <DataTableToolbar
        columns={columns}
        searchLabel={searchLabel}
        query={t.globalFilter}
        onSearch={t.search}
        filters={t.filters}
        onAddFilter={t.addFilter}
        onRemoveFilter={t.removeFilter}
        actions={actions}
      />
      <div className="overflow-x-auto print:overflow-visible">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{label}</caption>
          <DataTableHead
            columns={columns}
            sorting={t.sorting}
            onSort={t.toggleSorting}
            lead={rowLead}
            printing={printing}
          />
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr
                key={row.id}
                onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                className={cn(onRowClick && "cursor-pointer hover:bg-slate-50")}
              >
                {rowLead && <td className="px-2.5 py-2.5 sm:px-4">{rowLead.cell(row.original)}</td>}
                {columns.map((column, index) => (
                  <td
                    key={column.id}
                    className={cn("px-2.5 py-2.5 text-slate-800 sm:px-4", cellClass(column))}
                  >
                    {column.cell ? column.cell(row.original) : (column.value(row.original) ?? "")}
                    {index === primaryIndex && <SecondaryLines columns={secondary} row={row.original} />}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {loading && !data && (
          <Spinner label="Loading" className="flex justify-center py-10 text-indigo-600" />
        )}
        {!loading && t.total === 0 && (
          // The spec's empty state for tables, also when the search and filters leave no rows.
          <EmptyState
            title={t.rows.length === 0 ? emptyText : "No data available"}
            description={t.rows.length === 0 ? undefined : "Nothing matches the search and filters."}
          />
        )}
      </div>
      <DataTablePager
        pageSizes={pageSizes}
        pageSize={t.pageSize}
        onPageSize={t.setPageSize}
        pageIndex={t.pageIndex}
        from={t.from}
        to={t.to}
        total={t.total}
        onPage={t.setPage}
      />
    </div>
  );
}
