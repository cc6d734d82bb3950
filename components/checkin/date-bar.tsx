"use client";

import { ChevronLeft, ChevronRight, RefreshCw } from "lucide-react";
import { useId } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DatePicker } from "@/components/ui/date-picker";
import { IconButton } from "@/components/ui/icon-button";
import { inputClasses } from "@/components/ui/text-field";
import { cn } from "@/lib/cn";
import type { CheckInStatus } from "./use-check-in-status";

/** The date being checked in (back, next, Today, a date picker, refresh) and the fixed 'Focus Block' selector. */
// eslint-disable-next-line max-lines-per-function -- the date bar's back, next, Today, picker and refresh are one toolbar
export function DateBar({
  status,
  date,
  refreshing,
  onNavigate,
  onRefresh,
}: {
  status: CheckInStatus | undefined;
  /** The date in the URL (null = today). */
  date: string | null;
  refreshing: boolean;
  onNavigate: (date: string | null) => void;
  onRefresh: () => void;
}) {
  const blockId = useId();
  const block = status?.blocks[0]?.block;
  return (
    <div className="mb-6 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4 lg:flex-row lg:items-center lg:justify-between">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p className="flex items-center gap-2 text-lg font-semibold text-slate-900" aria-live="polite">
          {status ? (
            `${status.date.day} ${status.date.full_date}`
          ) : (
            <span className="inline-block h-5 w-36 animate-pulse rounded bg-slate-200" />
          )}
          {status?.date.is_today && <Badge tone="accent">Today</Badge>}
        </p>
        <div className="flex min-w-0 flex-nowrap items-center gap-1.5">
          <IconButton
            label="Previous day"
            icon={<ChevronLeft aria-hidden className="size-5" />}
            disabled={!status}
            onClick={() => status && onNavigate(status.previous)}
          />
          <IconButton
            label="Next day"
            icon={<ChevronRight aria-hidden className="size-5" />}
            disabled={!status}
            onClick={() => status && onNavigate(status.next)}
          />
          <Button
            variant="secondary"
            size="sm"
            className="h-9"
            disabled={!status || status.date.is_today}
            onClick={() => onNavigate(null)}
          >
            Today
          </Button>
          <DatePicker
            label="Check-in date"
            hideLabel
            value={status?.date.iso ?? date}
            today={status?.today}
            displayFormat="MMM d, yyyy"
            onChange={(value) => onNavigate(value === status?.today ? null : value)}
            className="min-w-0 flex-1 sm:w-40 sm:flex-none"
          />
          <IconButton
            label="Refresh"
            icon={<RefreshCw aria-hidden className={cn("size-4", refreshing && "animate-spin")} />}
            onClick={onRefresh}
            aria-busy={refreshing || undefined}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={blockId} className="text-sm font-medium text-slate-800">
          Block
        </label>
        <select id={blockId} disabled defaultValue="focus" className={cn(inputClasses(), "h-9 w-44 py-1")}>
          <option value="focus">Focus Block</option>
        </select>
        {block && (
          <span className="text-sm whitespace-nowrap text-slate-600 tabular-nums">
            {block.start} – {block.end}
          </span>
        )}
      </div>
    </div>
  );
}
