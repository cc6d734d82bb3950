"use client";

import { useState } from "react";
import { findBlock } from "@/components/calendar/block-dialog";
import { useCalendarDate } from "@/components/calendar/use-calendar-date";
import { useSchedule } from "@/components/calendar/use-schedule";
import type { ScheduleBlock, ScheduleResponse } from "@/lib/schedule/types";

/**
 * A profile's week (its date kept in the URL) and the block whose dialog is open, found again in
 * fresh data after a write so the dialog shows the new state.
 */
export function useProfileWeek<B extends ScheduleBlock>(base: string) {
  const [date, setDate] = useCalendarDate();
  const schedule = useSchedule<ScheduleResponse<B>>(base, date);
  const [openKey, setOpenKey] = useState<{ blockId: number; iso: string } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const target = findBlock(schedule.data?.schedule, openKey);
  return { date, setDate, schedule, target, dialogOpen, setDialogOpen, setOpenKey };
}

export type ProfileWeek<B extends ScheduleBlock> = ReturnType<typeof useProfileWeek<B>>;
