"use client";

import type { ReactNode } from "react";
import { BlockDialog, type OpenBlock } from "@/components/calendar/block-dialog";
import type { TileView, TileWords } from "@/components/calendar/tile-rules";
import { WeekCalendar } from "@/components/calendar/week-calendar";
import type { ScheduleBlock, ScheduleDay } from "@/lib/core/schedule/types";
import { CalendarCard } from "./profile-header";
import type { ProfileWeek } from "./use-profile-week";

/** A profile's week in its card, and the dialog a tile opens; `children` fills it for the open block. */
export function ProfileCalendar<B extends ScheduleBlock>({
  week,
  describe,
  dayMark,
  children,
}: {
  week: ProfileWeek<B>;
  /** The tile rules (staff or student), given the tiles' words in the page's language. */
  describe: (block: B, words: TileWords) => TileView<string>;
  /** A note on a phone's day tab (students: "still to choose", in the page's language). */
  dayMark?: (day: ScheduleDay<B>, words: TileWords) => string | null;
  children: (target: OpenBlock<B>) => ReactNode;
}) {
  const { date, setDate, schedule, target, dialogOpen, setDialogOpen, setOpenKey } = week;
  return (
    <>
      <CalendarCard>
        <WeekCalendar
          schedule={schedule.data}
          error={schedule.error}
          validating={schedule.isValidating}
          date={date}
          onNavigate={setDate}
          onRefresh={() => void schedule.mutate()}
          describe={describe}
          dayMark={dayMark}
          onOpenBlock={(block, day) => {
            setOpenKey({ blockId: block.id, iso: day.date.iso });
            setDialogOpen(true);
          }}
        />
      </CalendarCard>

      <BlockDialog open={dialogOpen && !!target} onOpenChange={setDialogOpen} target={target}>
        {target && children(target)}
      </BlockDialog>
    </>
  );
}
