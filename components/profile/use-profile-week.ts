"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { findBlock } from "@/components/calendar/block-dialog";
import { useCalendarDate } from "@/components/calendar/use-calendar-date";
import { useSchedule } from "@/components/calendar/use-schedule";
import type { ScheduleBlock, ScheduleResponse } from "@/lib/core/schedule/types";

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
  useOpenBlockFromUrl(schedule.data?.schedule, date, (key) => {
    setOpenKey(key);
    setDialogOpen(true);
  });
  return { date, setDate, schedule, target, dialogOpen, setDialogOpen, setOpenKey };
}

export type ProfileWeek<B extends ScheduleBlock> = ReturnType<typeof useProfileWeek<B>>;

/**
 * `?block=ID` with the week's `date` (the student's "Choose for Tuesday, Nov 24"): once that week is
 * loaded, the block's dialog opens on that date and the parameter leaves the URL (Back or a reload
 * does not open it again).
 */
function useOpenBlockFromUrl(
  schedule: Parameters<typeof findBlock>[0],
  date: string | null,
  open: (key: { blockId: number; iso: string }) => void,
) {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const wanted = Number(params.get("block"));
  useEffect(() => {
    if (!wanted || !date || !schedule) return;
    const key = { blockId: wanted, iso: date };
    if (findBlock(schedule, key)) open(key);
    const rest = new URLSearchParams(params.toString());
    rest.delete("block");
    router.replace(`${pathname}?${rest.toString()}`, { scroll: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per wanted block and loaded week
  }, [wanted, date, schedule]);
}
