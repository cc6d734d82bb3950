"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type KeyboardEvent } from "react";
import { focusRing } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { ScheduleBlock, ScheduleDay } from "@/lib/core/schedule/types";
import { DayBlocks } from "./day-column";
import type { TileView, TileWords } from "./tile-rules";
import { useDayWords, useTileWords } from "./use-calendar-words";

/**
 * The week on a narrow screen: a strip of days (a tab list: arrow keys, Home, End) and the chosen
 * day's blocks. It opens on the date in the URL, else today, else the week's first day.
 */
// eslint-disable-next-line max-lines-per-function -- the phone week's day strip and its list are one piece of markup
export function PhoneWeek<B extends ScheduleBlock>({
  days,
  describe,
  onOpenBlock,
  range,
  preferred,
  dayMark,
}: {
  days: ScheduleDay<B>[];
  describe: (block: B, words: TileWords) => TileView<string>;
  onOpenBlock: (block: B, day: ScheduleDay<B>) => void;
  /** The week's label: a new week starts again on its default day. */
  range: string;
  /** The day asked for in the URL (the date picker's choice), shown first when it is in the week. */
  preferred: string | null;
  /** A note on a day's tab ("still to choose"): a dot on the tab, and said in its accessible name. */
  dayMark?: (day: ScheduleDay<B>, words: TileWords) => string | null;
}) {
  const t = useTranslations("calendar.day");
  const tileWords = useTileWords();
  const { name: dayName, weekday } = useDayWords();
  const fallback = (days.find((d) => d.date.iso === preferred) ??
    days.find((d) => d.date.is_today) ??
    days[0])!.date.iso;
  const [picked, setPicked] = useState<{ range: string; iso: string } | null>(null);
  const selectedIso =
    picked?.range === range && days.some((d) => d.date.iso === picked.iso) ? picked.iso : fallback;
  const selected = days.find((d) => d.date.iso === selectedIso) ?? days[0]!;
  const panelId = useId();
  const marks = new Map<string, string>();
  for (const day of days) {
    const mark = dayMark?.(day, tileWords);
    if (mark) marks.set(day.date.iso, mark);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = days.findIndex((d) => d.date.iso === selectedIso);
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    const target = event.key === "Home" ? 0 : event.key === "End" ? days.length - 1 : index + step;
    if ((!step && event.key !== "Home" && event.key !== "End") || target < 0 || target >= days.length) return;
    event.preventDefault();
    setPicked({ range, iso: days[target]!.date.iso });
    event.currentTarget.querySelectorAll<HTMLButtonElement>("[role=tab]")[target]?.focus();
  }

  return (
    <div className="flex flex-col gap-3 @2xl:hidden">
      <div
        role="tablist"
        aria-label={t("tabs")}
        onKeyDown={onKeyDown}
        className="grid gap-1 rounded-xl bg-slate-100 p-1"
        style={{ gridTemplateColumns: `repeat(${days.length}, minmax(0, 1fr))` }}
      >
        {days.map((day) => {
          const active = day.date.iso === selectedIso;
          const mark = marks.get(day.date.iso) ?? null;
          return (
            <button
              key={day.date.iso}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={panelId}
              tabIndex={active ? 0 : -1}
              aria-label={[dayName(day), day.date.is_today ? t("todayMark") : null, mark].filter(Boolean).join(", ")}
              title={mark ? t("markTitle", { day: dayName(day), mark }) : undefined}
              data-mark={mark ?? undefined}
              onClick={() => setPicked({ range, iso: day.date.iso })}
              className={cn(
                "flex flex-col items-center rounded-lg py-1.5 text-xs font-medium text-slate-600",
                active && "bg-white text-slate-900 shadow-sm",
                focusRing,
              )}
            >
              <span>{weekday(day)}</span>
              <span
                className={cn(
                  "mt-0.5 inline-flex size-7 items-center justify-center rounded-full text-sm font-semibold tabular-nums",
                  day.date.is_today && "bg-indigo-600 text-white",
                )}
              >
                {day.date.date}
              </span>
              <span
                aria-hidden
                data-testid={mark ? "day-mark" : undefined}
                className={cn("mt-0.5 size-2 rounded-full", mark ? "bg-amber-700" : "bg-transparent")}
              />
            </button>
          );
        })}
      </div>
      {marks.size > 0 && (
        // The dots' key, for the eye (each marked tab says it in its name).
        <p aria-hidden className="-mt-1 flex items-center gap-1.5 text-xs text-slate-600">
          <span className="size-2 rounded-full bg-amber-700" />
          {[...new Set(marks.values())].join(", ").replace(/^./, (c) => c.toUpperCase())}
        </p>
      )}
      <div id={panelId} role="tabpanel" aria-label={dayName(selected)} className="flex flex-col gap-2">
        <p className="text-sm font-medium text-slate-700">
          {selected.date.is_today ? t("selectedToday", { day: dayName(selected) }) : dayName(selected)}
        </p>
        <DayBlocks day={selected} describe={describe} onOpenBlock={onOpenBlock} />
      </div>
    </div>
  );
}
