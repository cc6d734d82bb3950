"use client";

import { ChevronLeft, ChevronRight, RefreshCw } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useDateWords } from "@/components/i18n/use-date-words";
import { Button } from "@/components/ui/button";
import { DatePicker } from "@/components/ui/date-picker";
import { IconButton } from "@/components/ui/icon-button";
import { cn } from "@/lib/cn";

/**
 * The picked date as the picker writes it (date-fns patterns, which write month names in English only): English keeps
 * "Mar 18, 2026"; Canada writes 2026-03-18, Spanish 18/03/2026.
 */
const PICKER_FORMATS: Record<string, string> = { "fr-CA": "yyyy-MM-dd", es: "dd/MM/yyyy" };

export interface CalendarToolbarProps {
  /** The API's week label ("Mar 15 - 21, 2026"), English. */
  range: string | null;
  /** A date of the shown week (YYYY-MM-DD): other languages write the week's label from it. */
  rangeDate?: string | null;
  /** The date the picker shows (YYYY-MM-DD). */
  anchor: string | null;
  previous: string | null;
  next: string | null;
  minDate: string | null;
  maxDate: string | null;
  /** Whether the shown week already holds today. */
  showsToday: boolean;
  /** The school's today (YYYY-MM-DD) when the shown week holds it. */
  today?: string | null;
  refreshing: boolean;
  onNavigate: (date: string | null) => void;
  onRefresh: () => void;
  headingId: string;
}

/** Week label, previous / next, a date picker limited to the school year, Today and refresh. */
export function CalendarToolbar({
  range,
  rangeDate,
  anchor,
  previous,
  next,
  minDate,
  maxDate,
  showsToday,
  today,
  refreshing,
  onNavigate,
  onRefresh,
  headingId,
}: CalendarToolbarProps) {
  const t = useTranslations("calendar.toolbar");
  const dates = useDateWords();
  const locale = useLocale();
  const label = range && rangeDate ? dates.weekRange(rangeDate, range) : range;
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3">
      <div className="flex min-w-0 items-center gap-1">
        <h2
          id={headingId}
          className="min-w-0 text-lg font-semibold text-slate-900 tabular-nums"
          aria-live="polite"
        >
          {label ?? (
            <span className="inline-block h-5 w-40 animate-pulse rounded bg-slate-200 align-middle" />
          )}
        </h2>
        <IconButton
          label={t("refresh")}
          size="sm"
          icon={<RefreshCw aria-hidden className={cn("size-4", refreshing && "animate-spin")} />}
          onClick={onRefresh}
          aria-busy={refreshing || undefined}
        />
      </div>
      <div className="flex w-full items-center gap-1.5 sm:w-auto">
        <IconButton
          label={t("previousWeek")}
          icon={<ChevronLeft aria-hidden className="size-5" />}
          disabled={!previous}
          onClick={() => previous && onNavigate(previous)}
        />
        <IconButton
          label={t("nextWeek")}
          icon={<ChevronRight aria-hidden className="size-5" />}
          disabled={!next}
          onClick={() => next && onNavigate(next)}
        />
        <Button
          variant="secondary"
          size="sm"
          className="h-9"
          disabled={showsToday || !range}
          onClick={() => onNavigate(null)}
        >
          {t("today")}
        </Button>
        <DatePicker
          label={t("goToDate")}
          hideLabel
          value={anchor}
          min={minDate}
          max={maxDate}
          today={today}
          displayFormat={PICKER_FORMATS[locale] ?? "MMM d, yyyy"}
          onChange={(date) => onNavigate(date)}
          className="min-w-0 flex-1 sm:w-40 sm:flex-none"
        />
      </div>
    </div>
  );
}
