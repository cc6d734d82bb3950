"use client";

import { useMemo } from "react";
import { useSchoolTimezone } from "@/components/audit/use-school-time";
import { useCalendarDate } from "@/components/calendar/use-calendar-date";
import { schoolToday } from "@/lib/core/time";

/** A printable view's date: `?date=` in the URL (so a link can ask for tomorrow), else the school's today. */
export function usePrintDate(): { date: string; today: string; setDate: (date: string) => void } {
  const [chosen, setChosen] = useCalendarDate();
  const zone = useSchoolTimezone();
  const today = useMemo(() => schoolToday(zone, new Date()), [zone]);
  return { date: chosen ?? today, today, setDate: setChosen };
}
