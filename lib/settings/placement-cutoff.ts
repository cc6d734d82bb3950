import { z } from "zod";

/**
 * The placement cutoff setting (`placement_cutoff`), one of:
 *   ""       default placement is off;
 *   "08:00"  a time of day on the Focus Block's own date (school time);
 *   "2h"     that many whole hours (1–336) before the Focus Block starts.
 * Shared by the settings check (lib/settings/schemas.ts), the placement job and the screens; it sits
 * with the settings, below placement (lib/placement) and the plan rules (lib/schedule) that read it.
 */
export type Cutoff = { kind: "off" } | { kind: "time"; time: string } | { kind: "hours"; hours: number };

export const CUTOFF_MESSAGE =
  "Enter a time on the block's day such as 08:00, a number of hours before the block such as 2h, or leave it empty.";

export const MAX_CUTOFF_HOURS = 336;

export const cutoffSchema = z
  .string()
  .trim()
  .transform((value, ctx): Cutoff => {
    if (value === "") return { kind: "off" };
    const time = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(value);
    if (time) return { kind: "time", time: `${time[1]!.padStart(2, "0")}:${time[2]}` };
    const hours = /^(\d{1,3})\s*h$/i.exec(value);
    if (hours) {
      const n = Number(hours[1]);
      if (n >= 1 && n <= MAX_CUTOFF_HOURS) return { kind: "hours", hours: n };
    }
    ctx.addIssue({ code: "custom", message: CUTOFF_MESSAGE });
    return z.NEVER;
  });

/** The setting's text as a Cutoff; anything unreadable counts as off (the settings form never stores one). */
export function readCutoff(value: unknown): Cutoff {
  const parsed = cutoffSchema.safeParse(typeof value === "string" ? value : "");
  return parsed.success ? parsed.data : { kind: "off" };
}

/** The stored form of a Cutoff ("", "08:00", "2h"). */
export function cutoffText(cutoff: Cutoff): string {
  if (cutoff.kind === "off") return "";
  return cutoff.kind === "time" ? cutoff.time : `${cutoff.hours}h`;
}

/**
 * The school wall-clock moment of the cutoff for a block starting at `start` (HH:MM[:SS]) on `date`,
 * as `{date, time}` (hours may move it to an earlier date). Null when placement is off.
 */
export function cutoffWallClock(
  cutoff: Cutoff,
  date: string,
  start: string,
): { date: string; time: string } | null {
  if (cutoff.kind === "off") return null;
  if (cutoff.kind === "time") return { date, time: cutoff.time };
  const [hh, mm] = start.split(":").map(Number) as [number, number];
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  // Wall-clock arithmetic on the school's calendar (hours before the block as the clock on the wall shows them).
  const wall = new Date(Date.UTC(y, m - 1, d, hh, mm) - cutoff.hours * 3_600_000);
  return {
    date: wall.toISOString().slice(0, 10),
    time: wall.toISOString().slice(11, 16),
  };
}
