import { Search, X } from "lucide-react";
import type { ReactNode } from "react";
import type { DataColumn } from "./data-table-columns";
import { DataTableFilterButton } from "./data-table-filter";
import { rulesFor, type TableFilter } from "./data-table-filters";
import { IconButton } from "./icon-button";

/** Above a data table: the search box, Filter, the caller's actions and the active filters. */
export function DataTableToolbar<T>({
  columns,
  searchLabel,
  query,
  onSearch,
  filters,
  onAddFilter,
  onRemoveFilter,
  actions,
}: {
  columns: DataColumn<T>[];
  searchLabel: string;
  query: string;
  onSearch: (query: string) => void;
  filters: TableFilter[];
  onAddFilter: (filter: TableFilter) => void;
  onRemoveFilter: (index: number) => void;
  actions?: ReactNode;
}) {
  const filterable = columns.filter((c) => c.filterable !== false);
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-3 print:hidden">
      <div className="relative min-w-48 flex-1 sm:max-w-xs">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          type="search"
          aria-label={searchLabel}
          placeholder={searchLabel}
          value={query}
          onChange={(e) => onSearch(e.target.value)}
          className="h-9 w-full rounded-md border border-slate-300 bg-white pr-3 pl-8 text-sm placeholder:text-slate-500 focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600"
        />
      </div>
      {filterable.length > 0 && (
        <DataTableFilterButton
          columns={filterable.map((c) => ({ id: c.id, header: c.header, kind: c.kind ?? "text" }))}
          onAdd={onAddFilter}
        />
      )}
      {actions && <div className="ml-auto flex items-center gap-2">{actions}</div>}
      {filters.length > 0 && <ActiveFilters columns={columns} filters={filters} onRemove={onRemoveFilter} />}
    </div>
  );
}

/** The filters in force, each as a chip ("Grade is "9"") with its remove button. */
function ActiveFilters<T>({
  columns,
  filters,
  onRemove,
}: {
  columns: DataColumn<T>[];
  filters: TableFilter[];
  onRemove: (index: number) => void;
}) {
  return (
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
              onClick={() => onRemove(index)}
            />
          </li>
        );
      })}
    </ul>
  );
}
