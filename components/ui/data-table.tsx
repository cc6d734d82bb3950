"use client";

import {
  columnFilteringFeature,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnFiltersState,
  type PaginationState,
  type SortingState,
} from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Search, X } from "lucide-react";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { useStoredState } from "@/lib/use-stored-state";
import { containsFolded, schoolCollator } from "@/lib/search/fold";
import { focusRing } from "./button";
import { DataTableFilterButton } from "./data-table-filter";
import { passesFilter, rulesFor, type ColumnKind, type TableFilter } from "./data-table-filters";
import { EmptyState } from "./empty-state";
import { IconButton } from "./icon-button";
import { Spinner } from "./spinner";
import { useMediaQuery } from "./use-media-query";

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
const SECONDARY = {
  sm: { cell: "hidden sm:table-cell", line: "sm:hidden", below: "(max-width: 639.98px)" },
  md: { cell: "hidden md:table-cell", line: "md:hidden", below: "(max-width: 767.98px)" },
} as const;

const cellClass = <T,>(column: DataColumn<T>) =>
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
function SecondaryLines<T>({ columns, row }: { columns: DataColumn<T>[]; row: T }) {
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

const features = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  rowSortingFeature,
  rowPaginationFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
});

/** Rows per page a table offers: the spec's 5, 10 and 25, and 50 and 100 for long lists. */
export const PAGE_SIZES = [5, 10, 25, 50, 100];

/**
 * The table's rows per page: the person's last choice for a table of that name (kept on the device),
 * else `initial`.
 */
function usePageSize(label: string, initial: number, sizes: number[]): [number, (size: number) => void] {
  const [stored, setStored] = useStoredState("tablePageSizes", {});
  const remembered = stored[label];
  const size = remembered !== undefined && sizes.includes(remembered) ? remembered : initial;
  return [size, (next) => setStored({ ...stored, [label]: next })];
}

/** A table with sorting, search, filters (spec §5 rules) and pages of 5 to 100 rows (the choice remembered). */
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
  const [sorting, setSorting] = useState<SortingState>(
    initialSort ? [{ id: initialSort.id, desc: !!initialSort.desc }] : [],
  );
  const [globalFilter, setGlobalFilter] = useState("");
  const [filters, setFilters] = useState<TableFilter[]>([]);
  const [pageSize, setPageSize] = usePageSize(label, initialPageSize, pageSizes);
  const [pageIndex, setPageIndex] = useState(0);
  const pagination: PaginationState = useMemo(() => ({ pageIndex, pageSize }), [pageIndex, pageSize]);
  const setPagination = (update: PaginationState | ((old: PaginationState) => PaginationState)) => {
    const next = typeof update === "function" ? update(pagination) : update;
    if (next.pageSize !== pageSize) setPageSize(next.pageSize);
    setPageIndex(next.pageIndex);
  };
  const rows = useMemo(() => data ?? [], [data]);

  const columnFilters: ColumnFiltersState = useMemo(() => {
    const byColumn = new Map<string, TableFilter[]>();
    for (const f of filters) byColumn.set(f.columnId, [...(byColumn.get(f.columnId) ?? []), f]);
    return [...byColumn].map(([id, value]) => ({ id, value }));
  }, [filters]);

  const columnDefs = useMemo(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        accessorFn: (row: T) => column.value(row) ?? (column.kind === "number" ? null : ""),
        enableSorting: column.sortable !== false,
        enableGlobalFilter: column.searchable !== false,
        sortUndefined: "last" as const,
        // Text as the school reads it (lib/search/fold.ts): "Bérubé" before "Bouchard", case aside.
        ...(column.kind === "number"
          ? {}
          : {
              sortFn: (a: { getValue: (id: string) => unknown }, b: { getValue: (id: string) => unknown }, id: string) =>
                schoolCollator.compare(String(a.getValue(id) ?? ""), String(b.getValue(id) ?? "")),
            }),
        filterFn: (row: { getValue: (id: string) => unknown }, id: string, wanted: TableFilter[]) =>
          wanted.every((f) => passesFilter(row.getValue(id), column.kind ?? "text", f.rule, f.value)),
      })),
    [columns],
  );

  const table = useTable({
    features,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- column defs are built from our own DataColumn shape
    columns: columnDefs as any,
    data: rows,
    getRowId: (row: T) => String(rowId(row)),
    state: { sorting, globalFilter, columnFilters, pagination },
    onSortingChange: setSorting,
    onGlobalFilterChange: setGlobalFilter,
    onPaginationChange: setPagination,
    // Accents and case aside: "elodie" finds "Élodie" (lib/search/fold.ts).
    globalFilterFn: (row: { getValue: (id: string) => unknown }, id: string, query: string) =>
      containsFolded(String(row.getValue(id) ?? ""), String(query)),
    getColumnCanGlobalFilter: (column: { id: string }) =>
      columns.find((c) => c.id === column.id)?.searchable !== false,
  } as never) as unknown as LooseTable<T>;

  const filteredRows = table.getFilteredRowModel().rows;
  const total = filteredRows.length;
  // Compared by row ids, so a parent that keeps the rows in state is told once per real change.
  const filteredKey = filteredRows.map((row) => row.id).join(",");
  useEffect(() => {
    onFilteredRowsChange?.(filteredRows.map((row) => row.original));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- filteredKey stands for filteredRows; a new callback alone is no change
  }, [filteredKey]);
  const page = table.getRowModel().rows;
  const from = total === 0 ? 0 : pageIndex * pageSize + 1;
  const to = Math.min(total, (pageIndex + 1) * pageSize);
  const filterable = columns.filter((c) => c.filterable !== false);
  const belowSm = useMediaQuery(SECONDARY.sm.below);
  const belowMd = useMediaQuery(SECONDARY.md.below);
  const secondary = columns.filter(
    (c) => (c.secondary === "sm" && belowSm) || (c.secondary === "md" && belowMd),
  );
  const primaryIndex = Math.max(
    0,
    columns.findIndex((c) => c.primary),
  );

  const setPage = (index: number) => setPagination((p) => ({ ...p, pageIndex: index }));
  const resetPage = () => setPage(0);

  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-3">
        <div className="relative min-w-48 flex-1 sm:max-w-xs">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            type="search"
            aria-label={searchLabel}
            placeholder={searchLabel}
            value={globalFilter}
            onChange={(e) => {
              setGlobalFilter(e.target.value);
              resetPage();
            }}
            className="h-9 w-full rounded-md border border-slate-300 bg-white pr-3 pl-8 text-sm placeholder:text-slate-500 focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600"
          />
        </div>
        {filterable.length > 0 && (
          <DataTableFilterButton
            columns={filterable.map((c) => ({ id: c.id, header: c.header, kind: c.kind ?? "text" }))}
            onAdd={(filter) => {
              setFilters((f) => [...f, filter]);
              resetPage();
            }}
          />
        )}
        {actions && <div className="ml-auto flex items-center gap-2">{actions}</div>}
        {filters.length > 0 && (
          <ul aria-label="Active filters" className="flex w-full flex-wrap gap-2">
            {filters.map((filter, index) => {
              const column = columns.find((c) => c.id === filter.columnId);
              const text = `${column?.header} ${rulesFor(column?.kind ?? "text")[filter.rule]?.toLowerCase()} "${filter.value}"`;
              return (
                <li
                  key={index}
                  className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-3 text-xs font-medium text-indigo-800 ring-1 ring-indigo-200 ring-inset"
                >
                  {text}
                  <IconButton
                    label={`Remove filter: ${text}`}
                    icon={<X className="size-3.5" />}
                    size="sm"
                    noTooltip
                    className="size-6 text-indigo-700 hover:bg-indigo-100"
                    onClick={() => {
                      setFilters((f) => f.filter((_, i) => i !== index));
                      resetPage();
                    }}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              {rowLead && (
                <th scope="col" className="w-10 px-2.5 py-2.5 sm:px-4">
                  {rowLead.header}
                </th>
              )}
              {columns.map((column) => {
                const sorted = sorting.find((s) => s.id === column.id);
                const sortable = column.sortable !== false;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    aria-sort={sorted ? (sorted.desc ? "descending" : "ascending") : undefined}
                    className={cn("px-2.5 py-2.5 sm:px-4 sm:whitespace-nowrap", cellClass(column))}
                  >
                    {sortable ? (
                      <button
                        type="button"
                        onClick={() => table.getColumn(column.id)?.toggleSorting()}
                        className={cn(
                          "-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-slate-900",
                          focusRing,
                        )}
                      >
                        {column.header}
                        {sorted ? (
                          sorted.desc ? (
                            <ArrowDown aria-hidden className="size-3.5" />
                          ) : (
                            <ArrowUp aria-hidden className="size-3.5" />
                          )
                        ) : (
                          <ArrowUpDown aria-hidden className="size-3.5 opacity-40" />
                        )}
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {page.map((row) => (
              <tr
                key={row.id}
                onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                className={cn(onRowClick && "cursor-pointer hover:bg-slate-50")}
              >
                {rowLead && <td className="px-2.5 py-2.5 sm:px-4">{rowLead.cell(row.original)}</td>}
                {columns.map((column, index) => (
                  <td key={column.id} className={cn("px-2.5 py-2.5 text-slate-800 sm:px-4", cellClass(column))}>
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
        {!loading && total === 0 && (
          // The spec's empty state for tables, also when the search and filters leave no rows.
          <EmptyState
            title={rows.length === 0 ? emptyText : "No data available"}
            description={rows.length === 0 ? undefined : "Nothing matches the search and filters."}
          />
        )}
      </div>
      <div className="flex flex-wrap items-center justify-end gap-x-6 gap-y-2 border-t border-slate-200 px-4 py-2.5 text-sm text-slate-600">
        <label className="flex items-center gap-2">
          Rows per page
          <select
            value={pageSize}
            onChange={(e) => setPagination({ pageIndex: 0, pageSize: Number(e.target.value) })}
            className={cn(
              "h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800",
              focusRing,
            )}
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <span aria-live="polite">
          {from}–{to} of {total}
        </span>
        <div className="flex items-center gap-1">
          <IconButton
            label="Previous page"
            icon={<ChevronLeft className="size-4" />}
            size="sm"
            disabled={pageIndex === 0}
            onClick={() => setPage(pageIndex - 1)}
          />
          <IconButton
            label="Next page"
            icon={<ChevronRight className="size-4" />}
            size="sm"
            disabled={to >= total}
            onClick={() => setPage(pageIndex + 1)}
          />
        </div>
      </div>
    </div>
  );
}

/** The slice of the v9 table API this component uses (the generic feature types are heavy). */
interface LooseTable<T> {
  getFilteredRowModel(): { rows: { id: string; original: T }[] };
  getRowModel(): { rows: { id: string; original: T }[] };
  getColumn(id: string): { toggleSorting(desc?: boolean, multi?: boolean): void } | undefined;
}
