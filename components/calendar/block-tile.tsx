"use client";

import { Ban, CircleAlert, CircleCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import type { CSSProperties, ReactNode } from "react";
import { focusRing } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { ScheduleBlock } from "@/lib/core/schedule/types";
import { paletteHex, paletteTint } from "./palette";
import type { TileView } from "./tile-rules";
import { useDayWords } from "./use-calendar-words";

type Status = "void" | "attended" | "pending" | "missed" | "topic" | "past";

/** Colour and wording of each status (the "calendar" catalogue's tile.attended, …); the word keeps the status readable without colour. */
const STATUS: Record<Status, { tile: string; accent: string; note?: "attended" | "missed" | "amended"; icon?: ReactNode }> = {
  pending: { tile: "bg-white hover:bg-slate-50", accent: "bg-slate-300" },
  past: { tile: "bg-slate-50 hover:bg-slate-100", accent: "bg-slate-200" },
  topic: { tile: "bg-white hover:brightness-[0.98]", accent: "" },
  attended: {
    tile: "bg-emerald-50 hover:bg-emerald-100/70",
    accent: "bg-emerald-600",
    note: "attended",
    icon: <CircleCheck aria-hidden className="size-3.5 text-emerald-700" />,
  },
  missed: {
    tile: "bg-red-50 hover:bg-red-100/70",
    accent: "bg-red-600",
    note: "missed",
    icon: <CircleAlert aria-hidden className="size-3.5 text-red-700" />,
  },
  void: {
    tile: "border-dashed bg-slate-100 hover:bg-slate-200/60",
    accent: "bg-slate-400",
    note: "amended",
    icon: <Ban aria-hidden className="size-3.5 text-slate-600" />,
  },
};

export interface BlockTileProps {
  block: ScheduleBlock;
  view: TileView<string>;
  /** e.g. "Wednesday, Mar 18" — part of the accessible name. */
  dayName: string;
  /** For end-to-end tests: the tile's accessible name carries topics and names from the data. */
  testId?: string;
  /** Which block on which day (tileKey): its dialog finds the tile again to return focus to it. */
  tileKey?: string;
  onOpen: () => void;
}

/** One block of the week: label, title, memo, time, status and the appointment badge. */
export function BlockTile({ block, view, dayName, testId, tileKey, onOpen }: BlockTileProps) {
  const status = (view.status in STATUS ? view.status : "pending") as Status;
  const look = STATUS[status];
  const t = useTranslations("calendar.tile");
  const { clock } = useDayWords();
  const [start, end] = [clock(block.start), clock(block.end)];
  const note = look.note ? t(look.note) : null;
  const topicStyle: CSSProperties | undefined =
    status === "topic"
      ? { backgroundColor: paletteTint(view.color), borderColor: paletteTint(view.color, "55") }
      : undefined;
  const appointments = block.appointments.length;

  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid={testId}
      data-tile={tileKey}
      data-status={status}
      aria-label={[
        t("name", { label: block.label, day: dayName, start, end }),
        view.title,
        view.memo,
        note,
        appointments ? t("appointments", { count: appointments }) : null,
      ]
        .filter(Boolean)
        .join(". ")}
      className={cn(
        "group relative flex w-full flex-col overflow-hidden rounded-lg border border-slate-200 py-2 pr-2.5 pl-3.5 text-left shadow-xs transition",
        look.tile,
        focusRing,
      )}
      style={topicStyle}
    >
      <span
        aria-hidden
        className={cn("absolute inset-y-0 left-0 w-1", look.accent)}
        style={status === "topic" ? { backgroundColor: paletteHex(view.color) } : undefined}
      />
      <span className="flex items-start justify-between gap-2">
        <span className="truncate text-xs font-medium text-slate-600">{block.label}</span>
        {view.badge && (
          <span className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-indigo-600 px-1.5 text-[11px] leading-none font-semibold text-white">
            {view.badge}
          </span>
        )}
      </span>
      <span
        className={cn(
          "mt-0.5 line-clamp-2 text-sm leading-snug font-semibold break-words",
          status === "void" ? "text-slate-600" : "text-slate-900",
        )}
      >
        {view.title}
      </span>
      {view.memo && <span className="mt-0.5 truncate text-xs text-slate-700">{view.memo}</span>}
      <span className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-[11px] text-slate-600">
        <span className="tabular-nums">
          {start} – {end}
        </span>
        {note && (
          <span className="inline-flex items-center gap-1 font-medium text-slate-700">
            {look.icon}
            {note}
          </span>
        )}
      </span>
    </button>
  );
}

/** A grey placeholder of a tile while the week loads. */
export function BlockTileSkeleton() {
  return (
    <div aria-hidden className="h-[76px] animate-pulse rounded-lg border border-slate-200 bg-white p-2.5">
      <div className="h-2.5 w-16 rounded bg-slate-200" />
      <div className="mt-2 h-3 w-28 rounded bg-slate-200" />
      <div className="mt-3 h-2 w-20 rounded bg-slate-100" />
    </div>
  );
}
