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
import { useEffect, useMemo, useState } from "react";
import { containsFolded, schoolCollator } from "@/lib/core/fold";
import { useStoredState } from "@/lib/use-stored-state.client";
import type { DataColumn } from "./data-table-columns";
import { passesFilter, type TableFilter } from "./data-table-filters";

const features = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  rowSortingFeature,
  rowPaginationFeature,
  filteredRowModel: createFilteredRowModel(),
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
});

/** The slice of the v9 table API this component uses (the generic feature types are heavy). */
interface LooseTable<T> {
  getFilteredRowModel(): { rows: { id: string; original: T }[] };
  getRowModel(): { rows: { id: string; original: T }[] };
  getPrePaginatedRowModel(): { rows: { id: string; original: T }[] };
  getColumn(id: string): { toggleSorting(desc?: boolean, multi?: boolean): void } | undefined;
}

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

/** Our columns as the table library's column definitions: values, school-order sorting, §5 filters. */
function columnDefsOf<T>(columns: DataColumn<T>[]) {
  return columns.map((column) => ({
    id: column.id,
    header: column.header,
    accessorFn: (row: T) => column.value(row) ?? (column.kind === "number" ? null : ""),
    enableSorting: column.sortable !== false,
    enableGlobalFilter: column.searchable !== false,
    sortUndefined: "last" as const,
    // Text as the school reads it (lib/core/fold.ts): "Bérubé" before "Bouchard", case aside.
    ...(column.kind === "number"
      ? {}
      : {
          sortFn: (a: { getValue: (id: string) => unknown }, b: { getValue: (id: string) => unknown }, id: string) =>
            schoolCollator.compare(String(a.getValue(id) ?? ""), String(b.getValue(id) ?? "")),
        }),
    filterFn: (row: { getValue: (id: string) => unknown }, id: string, wanted: TableFilter[]) =>
      wanted.every((f) => passesFilter(row.getValue(id), column.kind ?? "text", f.rule, f.value)),
  }));
}

/** The filters grouped by column, as the table library takes them. */
function columnFiltersOf(filters: TableFilter[]): ColumnFiltersState {
  const byColumn = new Map<string, TableFilter[]>();
  for (const f of filters) byColumn.set(f.columnId, [...(byColumn.get(f.columnId) ?? []), f]);
  return [...byColumn].map(([id, value]) => ({ id, value }));
}

/**
 * A data table's state: sorting, search, filters and the page (its size remembered per table), and the
 * rows they leave. Any change of search or filters goes back to the first page.
 */
export function useDataTable<T>(options: {
  label: string;
  columns: DataColumn<T>[];
  data: T[] | undefined;
  rowId: (row: T) => string | number;
  pageSizes: number[];
  initialPageSize: number;
  initialSort?: { id: string; desc?: boolean };
  onFilteredRowsChange?: (rows: T[]) => void;
}) {
  const { label, columns, data, rowId, initialSort, onFilteredRowsChange } = options;
  const [sorting, setSorting] = useState<SortingState>(
    initialSort ? [{ id: initialSort.id, desc: !!initialSort.desc }] : [],
  );
  const [globalFilter, setGlobalFilter] = useState("");
  const [filters, setFilters] = useState<TableFilter[]>([]);
  const [pageSize, setPageSize] = usePageSize(label, options.initialPageSize, options.pageSizes);
  const [pageIndex, setPageIndex] = useState(0);
  const pagination: PaginationState = useMemo(() => ({ pageIndex, pageSize }), [pageIndex, pageSize]);
  const setPagination = (update: PaginationState | ((old: PaginationState) => PaginationState)) => {
    const next = typeof update === "function" ? update(pagination) : update;
    if (next.pageSize !== pageSize) setPageSize(next.pageSize);
    setPageIndex(next.pageIndex);
  };
  const rows = useMemo(() => data ?? [], [data]);
  const columnFilters = useMemo(() => columnFiltersOf(filters), [filters]);
  const columnDefs = useMemo(() => columnDefsOf(columns), [columns]);

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
    // Accents and case aside: "elodie" finds "Élodie" (lib/core/fold.ts).
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

  const setPage = (index: number) => setPagination((p) => ({ ...p, pageIndex: index }));
  const resetPage = () => setPage(0);

  return {
    rows,
    page: table.getRowModel().rows,
    /** Every row the search and filters leave, sorted, without pages (what a printed table shows). */
    all: table.getPrePaginatedRowModel().rows,
    total,
    pageIndex,
    pageSize,
    from: total === 0 ? 0 : pageIndex * pageSize + 1,
    to: Math.min(total, (pageIndex + 1) * pageSize),
    sorting,
    toggleSorting: (id: string) => table.getColumn(id)?.toggleSorting(),
    globalFilter,
    search: (query: string) => {
      setGlobalFilter(query);
      resetPage();
    },
    filters,
    addFilter: (filter: TableFilter) => {
      setFilters((f) => [...f, filter]);
      resetPage();
    },
    removeFilter: (index: number) => {
      setFilters((f) => f.filter((_, i) => i !== index));
      resetPage();
    },
    setPage,
    setPageSize: (size: number) => setPagination({ pageIndex: 0, pageSize: size }),
  };
}
