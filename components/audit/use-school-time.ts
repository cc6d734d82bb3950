"use client";

import { useMemo } from "react";
import { useSignedInUser } from "@/components/auth/use-auth";

/** The `timezone` setting as it is stored; undefined until the settings have loaded. */
function useTimezoneSetting(): string | undefined {
  const { settings } = useSignedInUser();
  const zone = settings?.values.timezone?.value;
  return typeof zone === "string" && zone ? zone : undefined;
}

/** The school's time zone (the setting), e.g. for schoolToday; "UTC" until the settings have loaded. */
export function useSchoolTimezone(): string {
  return useTimezoneSetting() ?? "UTC";
}

/** Formats instants in the school's time zone (the setting), e.g. "Nov 22, 2026, 3:14 PM". */
export function useSchoolTime() {
  const timeZone = useTimezoneSetting();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });
    return (iso: string) => format.format(new Date(iso));
  }, [timeZone]);
}
