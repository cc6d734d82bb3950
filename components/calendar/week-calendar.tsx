"use client";

import { CalendarX2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { messageOf } from "@/lib/api/request.client";
import type { ScheduleBlock, ScheduleDay, ScheduleResponse } from "@/lib/core/schedule/types";
import { BlockTileSkeleton } from "./block-tile";
import { CalendarToolbar } from "./calendar-toolbar";
import { DayBlocks, DayHeading } from "./day-column";
import { PhoneWeek } from "./phone-week";
import type { TileView, TileWords } from "./tile-rules";

export interface WeekCalendarProps<B extends ScheduleBlock> {
  schedule: ScheduleResponse<B> | undefined;
  error?: unknown;
  /** A fetch is under way (first load, another week, or a refresh). */
  validating: boolean;
  /** The `date` query parameter (null = this week). */
  date: string | null;
  onNavigate: (date: string | null) => void;
  onRefresh: () => void;
  /** The tile's status, title, memo and badge (staff or student rules), in the page's words. */
  describe: (block: B, words: TileWords) => TileView<string>;
  onOpenBlock: (block: B, day: ScheduleDay<B>) => void;
  /** A note on a phone's day tab, such as "still to choose" (PhoneWeek). */
  dayMark?: (day: ScheduleDay<B>, words: TileWords) => string | null;
}

/**
 * The week view of a schedule. Wide screens show the days side by side; a phone shows a strip of
 * days and one day's blocks at a time.
 */
export function WeekCalendar<B extends ScheduleBlock>(props: WeekCalendarProps<B>) {
  const { schedule, error, validating, date, onNavigate, onRefresh } = props;
  const t = useTranslations("calendar.week");
  const headingId = useId();
  const days = schedule?.schedule ?? [];
  const today = days.find((d) => d.date.is_today);
  const anchor = date ?? today?.date.iso ?? days[0]?.date.iso ?? null;

  return (
    <section aria-labelledby={headingId} className="@container flex flex-col gap-4">
      <CalendarToolbar
        headingId={headingId}
        range={schedule?.range ?? null}
        rangeDate={days[0]?.date.iso ?? anchor}
        anchor={anchor}
        previous={schedule?.previous ?? null}
        next={schedule?.next ?? null}
        minDate={schedule?.min_date ?? null}
        maxDate={schedule?.max_date ?? null}
        showsToday={!!today}
        today={today?.date.iso}
        refreshing={validating && !!schedule}
        onNavigate={onNavigate}
        onRefresh={onRefresh}
      />
      {error && !schedule ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-6 text-center">
          <p className="text-sm font-medium text-red-800">
            {messageOf(error, t("loadFailed"))}
          </p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={onRefresh}>
            {t("tryAgain")}
          </Button>
        </div>
      ) : !schedule ? (
        <LoadingWeek />
      ) : days.length === 0 ? (
        <EmptyWeek />
      ) : (
        <div aria-busy={validating || undefined}>
          <DesktopWeek {...props} days={days} />
          <PhoneWeek {...props} days={days} range={schedule.range} preferred={date} />
        </div>
      )}
    </section>
  );
}

type DaysProps<B extends ScheduleBlock> = WeekCalendarProps<B> & { days: ScheduleDay<B>[] };

/** Arrow keys move between tiles: up and down within a day, left and right across days. */
function moveBetweenTiles(event: KeyboardEvent<HTMLDivElement>) {
  const moves: Record<string, [number, number]> = {
    ArrowUp: [0, -1],
    ArrowDown: [0, 1],
    ArrowLeft: [-1, 0],
    ArrowRight: [1, 0],
  };
  const move = moves[event.key];
  const tile = (event.target as HTMLElement).closest<HTMLElement>("[data-col]");
  if (!move || !tile) return;
  const col = Number(tile.dataset.col) + move[0];
  const row = Number(tile.dataset.row) + move[1];
  const column = [...event.currentTarget.querySelectorAll<HTMLElement>(`[data-col="${col}"]`)];
  const next = column[Math.min(Math.max(row, 0), column.length - 1)];
  if (!next || next === tile) return;
  event.preventDefault();
  next.querySelector<HTMLElement>("button")?.focus();
}

function DesktopWeek<B extends ScheduleBlock>({ days, describe, onOpenBlock }: DaysProps<B>) {
  return (
    <div
      className="hidden gap-3 @2xl:grid"
      style={{ gridTemplateColumns: `repeat(${days.length}, minmax(0, 1fr))` }}
      onKeyDown={moveBetweenTiles}
    >
      {days.map((day, col) => (
        <div key={day.date.iso} className="flex min-w-0 flex-col gap-2">
          <DayHeading day={day} />
          <DayBlocks day={day} col={col} describe={describe} onOpenBlock={onOpenBlock} />
        </div>
      ))}
    </div>
  );
}

function LoadingWeek() {
  const t = useTranslations("calendar.week");
  return (
    <div role="status" aria-label={t("loading")} className="grid grid-cols-1 gap-3 @2xl:grid-cols-5">
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className={cn("flex flex-col gap-2", i > 0 && "hidden @2xl:flex")}>
          <div className="h-9 animate-pulse rounded-lg bg-slate-100" />
          <BlockTileSkeleton />
          <BlockTileSkeleton />
          <BlockTileSkeleton />
        </div>
      ))}
    </div>
  );
}

function EmptyWeek() {
  const t = useTranslations("calendar.week");
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <CalendarX2 aria-hidden className="size-8 text-slate-400" />
      <p className="text-sm font-medium text-slate-800">{t("nothingToShow")}</p>
      <p className="text-sm text-slate-600">{t("noSchoolDays")}</p>
    </div>
  );
}
