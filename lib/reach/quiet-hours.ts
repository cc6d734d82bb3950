import { addDays, schoolDateOf, schoolInstant } from "@/lib/core/time";
import { format } from "date-fns";
import { TZDate } from "@date-fns/tz";

/**
 * The instant a scheduled message may go: `now`, or the end of the quiet hours when `now` falls in them
 * (21:00-07:00 spans midnight; 12:00-13:00 does not). Pure, in the school's zone.
 */
export function afterQuietHours(quiet: { from: string; to: string } | "off" | null, timezone: string, now: Date): Date {
  if (!quiet || quiet === "off") return now;
  const clock = format(new TZDate(now, timezone), "HH:mm");
  const today = schoolDateOf(now, timezone);
  const spansMidnight = quiet.from > quiet.to;
  if (spansMidnight) {
    if (clock >= quiet.from) return schoolInstant(addDays(today, 1), quiet.to, timezone);
    if (clock < quiet.to) return schoolInstant(today, quiet.to, timezone);
    return now;
  }
  return clock >= quiet.from && clock < quiet.to ? schoolInstant(today, quiet.to, timezone) : now;
}
