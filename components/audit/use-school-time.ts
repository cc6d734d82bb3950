"use client";

import { useMemo } from "react";
import { useAuth, useSignedInUser } from "@/components/auth/use-auth";
import { formatSchoolTime, schoolTimestamp, type ZoneOffset } from "@/lib/school-clock";

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

/**
 * Formats instants in the school's time zone, e.g. "Nov 22, 2026, 3:14 PM", by the server's rules for
 * the zone (the offsets sent with the setting, lib/school-clock.ts), so every screen reads the same
 * time as the server writes in notifications and files, whatever this browser's own rules say.
 */
export function useSchoolTime() {
  const timeZone = useTimezoneSetting();
  const offsets = useServerOffsets();
  return useMemo(() => (iso: string) => formatSchoolTime(iso, timeZone, offsets), [timeZone, offsets]);
}

/** The zone's offsets by the server's rules, sent with the timezone setting. */
function useServerOffsets(): ZoneOffset[] | undefined {
  const { settings } = useSignedInUser();
  return (settings?.values.timezone as { offsets?: ZoneOffset[] } | undefined)?.offsets;
}

/**
 * Writes instants as school timestamps with their offset, "2026-03-20T09:41:05-07:00" (files people
 * download); as kept (UTC) until the settings have loaded.
 */
export function useSchoolTimestamp() {
  const { settings } = useAuth();
  const zone = settings?.values.timezone as { value?: unknown; offsets?: ZoneOffset[] } | undefined;
  const timeZone = typeof zone?.value === "string" && zone.value ? zone.value : undefined;
  const offsets = zone?.offsets;
  return useMemo(
    () => (iso: string) => (timeZone ? schoolTimestamp(iso, timeZone, offsets) : iso),
    [timeZone, offsets],
  );
}
