"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { useDateWords } from "@/components/i18n/use-date-words";
import type { ScheduleDay } from "@/lib/core/schedule/types";
import { METHOD_KEYS } from "./method-labels";
import type { TileWords } from "./tile-rules";

/** The tile rules' words (tile-rules.ts) in the page's language. */
export function useTileWords(): TileWords {
  const t = useTranslations("calendar.tile");
  return useMemo(
    () => ({
      noSchedule: t("noSchedule"),
      blockAmended: t("blockAmended"),
      unavailable: t("unavailable"),
      planned: (count) => t("planned", { count }),
      appointment: (memo) => (memo ? t("appointmentMemo", { memo }) : t("appointment")),
      stillToChoose: t("stillToChoose"),
    }),
    [t],
  );
}

/** How a log entry was made, in the page's language; a method the catalogue lacks is shown as it came. */
export function useMethodLabel(): (method: string) => string {
  const t = useTranslations("calendar.method");
  return (method) => (method in METHOD_KEYS ? t(METHOD_KEYS[method as keyof typeof METHOD_KEYS]) : method);
}

/** A school day and a block's times: English keeps the API's "Wed Mar 18, 2026" and "9:26 AM"; others write their own. */
export function useDayWords() {
  const words = useDateWords();
  return {
    /** "Wed Mar 18, 2026" (the API's day and full_date); "mercredi 18 mars 2026". */
    name: (day: ScheduleDay) =>
      words.date(day.date.iso, { weekday: "long", day: "numeric", month: "long", year: "numeric" }, `${day.date.day} ${day.date.full_date}`),
    /** "Wed"; "mer.". */
    weekday: (day: ScheduleDay) => words.date(day.date.iso, { weekday: "short" }, day.date.day),
    clock: (time: string) => words.clock(time, time),
  };
}
