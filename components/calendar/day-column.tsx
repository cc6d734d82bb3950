"use client";

import { useTranslations } from "next-intl";
import { cn } from "@/lib/cn";
import type { ScheduleBlock, ScheduleDay } from "@/lib/core/schedule/types";
import { tileKey } from "./block-dialog";
import { BlockTile } from "./block-tile";
import type { TileView, TileWords } from "./tile-rules";
import { useDayWords, useTileWords } from "./use-calendar-words";

/** A day's label above its column; today is highlighted and marked as the current date. */
export function DayHeading({ day }: { day: ScheduleDay }) {
  const t = useTranslations("calendar.day");
  const words = useDayWords();
  return (
    <h3
      aria-label={[words.name(day), day.date.is_today ? t("todayMark") : null].filter(Boolean).join(", ")}
      aria-current={day.date.is_today ? "date" : undefined}
      className={cn(
        "flex items-center gap-2 rounded-lg px-2 py-1.5",
        day.date.is_today ? "bg-indigo-50 text-indigo-800" : "text-slate-700",
      )}
    >
      <span className="text-sm font-medium">{words.weekday(day)}</span>
      <span
        className={cn(
          "inline-flex size-7 items-center justify-center rounded-full text-sm font-semibold tabular-nums",
          day.date.is_today ? "bg-indigo-600 text-white" : "text-slate-900",
        )}
      >
        {day.date.date}
      </span>
    </h3>
  );
}

/** A day's events and block tiles, or "Nothing to show". */
export function DayBlocks<B extends ScheduleBlock>({
  day,
  col,
  describe,
  onOpenBlock,
}: {
  day: ScheduleDay<B>;
  /** The day's column, for arrow-key moves between tiles (wide screens). */
  col?: number;
  describe: (block: B, words: TileWords) => TileView<string>;
  onOpenBlock: (block: B, day: ScheduleDay<B>) => void;
}) {
  const t = useTranslations("calendar.week");
  const tileWords = useTileWords();
  const name = useDayWords().name(day);
  return (
    <ul className="flex flex-col gap-2">
      {day.events.map((event) => (
        <li
          key={`event-${event.id}`}
          className="rounded-md bg-amber-50 px-2.5 py-1.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200 ring-inset"
        >
          {event.name}
        </li>
      ))}
      {day.blocks.map((block, row) => (
        <li key={`${block.id}-${block.start}`} data-col={col} data-row={col === undefined ? undefined : row}>
          <BlockTile
            block={block}
            view={describe(block, tileWords)}
            dayName={name}
            testId={`block-${day.date.iso}-${block.id}`}
            tileKey={tileKey(day.date.iso, block.id)}
            onOpen={() => onOpenBlock(block, day)}
          />
        </li>
      ))}
      {day.blocks.length === 0 && day.events.length === 0 && (
        <li className="rounded-lg border border-dashed border-slate-200 px-2 py-4 text-center text-xs text-slate-600">
          {t("nothingToShow")}
        </li>
      )}
    </ul>
  );
}
