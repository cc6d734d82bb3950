import { ChevronLeft, ChevronRight } from "lucide-react";
import { cn } from "@/lib/cn";
import { focusRing } from "./button";
import { IconButton } from "./icon-button";

/** Below a data table: Rows per page, "1–5 of 12", previous and next page. */
export function DataTablePager({
  pageSizes,
  pageSize,
  onPageSize,
  pageIndex,
  from,
  to,
  total,
  onPage,
}: {
  pageSizes: number[];
  pageSize: number;
  onPageSize: (size: number) => void;
  pageIndex: number;
  from: number;
  to: number;
  total: number;
  onPage: (index: number) => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-x-6 gap-y-2 border-t border-slate-200 px-4 py-2.5 text-sm text-slate-600 print:hidden">
      <label className="flex items-center gap-2">
        Rows per page
        <select
          value={pageSize}
          onChange={(e) => onPageSize(Number(e.target.value))}
          className={cn("h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800", focusRing)}
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
          onClick={() => onPage(pageIndex - 1)}
        />
        <IconButton
          label="Next page"
          icon={<ChevronRight className="size-4" />}
          size="sm"
          disabled={to >= total}
          onClick={() => onPage(pageIndex + 1)}
        />
      </div>
    </div>
  );
}
