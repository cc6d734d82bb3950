"use client";

import type { ReactNode } from "react";
import { Dialog } from "@/components/ui/dialog";
import type { ScheduleBlock, ScheduleDay } from "@/lib/schedule/types";

export interface OpenBlock<B extends ScheduleBlock = ScheduleBlock> {
  block: B;
  day: ScheduleDay<B>;
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
  if (!target) return null;
  const { block, day } = target;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={block.label}
      description={`${day.date.day} ${day.date.full_date} · ${block.start} – ${block.end}`}
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
