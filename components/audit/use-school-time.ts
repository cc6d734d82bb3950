"use client";

import { useMemo } from "react";
import { useSignedInUser } from "@/components/auth/use-auth";

/** Formats instants in the school's time zone (the setting), e.g. "Nov 22, 2026, 3:14 PM". */
export function useSchoolTime() {
  const { settings } = useSignedInUser();
  const zone = settings?.values.timezone?.value;
  return useMemo(() => {
    const timeZone = typeof zone === "string" && zone ? zone : undefined;
    const format = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });
    return (iso: string) => format.format(new Date(iso));
  }, [zone]);
}
