"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Dialog } from "@/components/ui/dialog";
import { canTakeFocus } from "@/components/ui/focus-return";
import type { ScheduleBlock, ScheduleDay } from "@/lib/core/schedule/types";
import { useDayWords } from "./use-calendar-words";

export interface OpenBlock<B extends ScheduleBlock = ScheduleBlock> {
  block: B;
  day: ScheduleDay<B>;
}

/** Names a tile by its day and block (the `data-tile` attribute). */
export const tileKey = (iso: string, blockId: number) => `${iso}:${blockId}`;

/**
 * The tile of a block as it is on the page now: a write re-renders the week, and the wide and the
 * phone layouts each have a copy, of which only one is shown.
 */
export function findTile(iso: string, blockId: number): HTMLElement | null {
  const tiles = document.querySelectorAll<HTMLElement>(`[data-tile="${tileKey(iso, blockId)}"]`);
  return [...tiles].find(canTakeFocus) ?? null;
}

/** The dialog a tile opens: the block, its day and time, and the sections the screen passes in. */
export function BlockDialog({
  open,
  onOpenChange,
  target,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: OpenBlock | null;
  children: ReactNode;
}) {
  const t = useTranslations("calendar.dialog");
  const words = useDayWords();
  if (!target) return null;
  const { block, day } = target;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={block.label}
      description={t("when", { day: words.name(day), start: words.clock(block.start), end: words.clock(block.end) })}
      // Closing returns focus to the tile that opened the dialog, not to the top of the page.
      returnFocusTo={() => findTile(day.date.iso, block.id)}
    >
      {children}
    </Dialog>
  );
}

/** Finds the block again in fresh data (after a write) so an open dialog shows the new state. */
export function findBlock<B extends ScheduleBlock>(
  days: ScheduleDay<B>[] | undefined,
  key: { blockId: number; iso: string } | null,
): OpenBlock<B> | null {
  if (!key || !days) return null;
  const day = days.find((d) => d.date.iso === key.iso);
  const block = day?.blocks.find((b) => b.id === key.blockId);
  return day && block ? { block, day } : null;
}
