/**
 * One clock for the school: an instant shown in the browser must read as the server writes
 * it (notifications, CSV files). Browsers carry their own copy of the time-zone rules, which can
 * disagree with the server's (12:21 PM in a notification, 1:21 PM on the Imports screen for the
 * same instant). So the server sends, with the timezone setting, the zone's UTC offsets by its own
 * rules over a window around today (zoneOffsets), and the browser writes school times with those
 * offsets (formatSchoolTime) rather than with its own rules.
 */

/** From `from` (an ISO instant) on, the zone is `minutes` ahead of UTC (negative: behind). */
export interface ZoneOffset {
  from: string;
  minutes: number;
}

/** How far back and ahead of today the offsets are sent (older audit entries and imports fall back to the browser's rules). */
export const OFFSET_WINDOW_DAYS = { before: 3 * 366, after: 400 };

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC in minutes at an instant, by this runtime's rules. */
export function offsetAt(ms: number, timezone: string): number {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: timezone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    formatters.set(timezone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!);
  return Math.round((wall - Math.floor(ms / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
}

/**
 * The zone's offsets over [start, end]: the offset at `start`, then one entry per change (found to
 * the minute). Days are sampled, so two changes within one day would be missed: no zone has any.
 */
export function zoneOffsets(timezone: string, start: Date, end: Date): ZoneOffset[] {
  const first = Math.floor(start.getTime() / MINUTE_MS) * MINUTE_MS;
  const offsets: ZoneOffset[] = [{ from: new Date(first).toISOString(), minutes: offsetAt(first, timezone) }];
  let previous = first;
  let current = offsets[0]!.minutes;
  for (let t = first + DAY_MS; t <= end.getTime() + DAY_MS; t += DAY_MS) {
    const minutes = offsetAt(t, timezone);
    if (minutes !== current) {
      // The change lies in (previous, t]: halve down to the minute.
      let low = previous;
      let high = t;
      while (high - low > MINUTE_MS) {
        const mid = Math.floor((low + high) / 2 / MINUTE_MS) * MINUTE_MS;
        if (offsetAt(mid, timezone) === current) low = mid;
        else high = mid;
      }
      offsets.push({ from: new Date(high).toISOString(), minutes });
      current = minutes;
    }
    previous = t;
  }
  return offsets;
}

const cache = new Map<string, ZoneOffset[]>();

/** The offsets around `now` (OFFSET_WINDOW_DAYS), worked out once per zone and day. */
export function offsetsAround(timezone: string, now: Date): ZoneOffset[] {
  const key = `${timezone}|${now.toISOString().slice(0, 10)}`;
  let offsets = cache.get(key);
  if (!offsets) {
    if (cache.size > 32) cache.clear();
    offsets = zoneOffsets(
      timezone,
      new Date(now.getTime() - OFFSET_WINDOW_DAYS.before * DAY_MS),
      new Date(now.getTime() + OFFSET_WINDOW_DAYS.after * DAY_MS),
    );
    cache.set(key, offsets);
  }
  return offsets;
}

/** The offset the list gives an instant, or null when it lies outside the window the list covers. */
export function offsetFrom(offsets: readonly ZoneOffset[], ms: number): number | null {
  if (offsets.length === 0) return null;
  const start = Date.parse(offsets[0]!.from);
  // The window the list covers: from its first entry, OFFSET_WINDOW_DAYS long.
  if (ms < start || ms > start + (OFFSET_WINDOW_DAYS.before + OFFSET_WINDOW_DAYS.after) * DAY_MS) return null;
  let found = offsets[0]!.minutes;
  for (const offset of offsets) {
    if (Date.parse(offset.from) <= ms) found = offset.minutes;
    else break;
  }
  return found;
}

const utcFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/**
 * An instant as the school reads it, "Nov 22, 2026, 3:14 PM": by the server's offsets when they cover
 * it, else by this runtime's rules for the zone.
 */
export function formatSchoolTime(iso: string, timezone: string | undefined, offsets?: readonly ZoneOffset[]): string {
  const ms = Date.parse(iso);
  const minutes = offsets ? offsetFrom(offsets, ms) : null;
  if (minutes !== null) return utcFormat.format(new Date(ms + minutes * MINUTE_MS));
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: timezone }).format(
    new Date(ms),
  );
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * The zone's offset at an instant by this runtime's rules, cached per zone and quarter hour: zones change
 * offset on quarter-hour instants, so a quarter hour whose start and end have the same offset has it
 * throughout (an SIS export stamps a row per student per day: asking Intl for each took most of a year's export).
 */
const QUARTER_MS = 15 * MINUTE_MS;
const quarterOffsets = new Map<string, Map<number, number>>();
export function cachedOffsetAt(ms: number, timezone: string): number {
  let byQuarter = quarterOffsets.get(timezone);
  if (!byQuarter) {
    if (quarterOffsets.size > 32) quarterOffsets.clear();
    quarterOffsets.set(timezone, (byQuarter = new Map()));
  }
  const quarter = Math.floor(ms / QUARTER_MS);
  let offset = byQuarter.get(quarter);
  if (offset === undefined) {
    if (byQuarter.size > 100_000) byQuarter.clear();
    const start = offsetAt(quarter * QUARTER_MS, timezone);
    offset = start === offsetAt((quarter + 1) * QUARTER_MS - MINUTE_MS, timezone) ? start : NaN;
    byQuarter.set(quarter, offset);
  }
  return Number.isNaN(offset) ? offsetAt(ms, timezone) : offset;
}

/** An instant (ms) as `2026-03-20T09:41:05-07:00` with `minutes` as the zone's offset. */
function stamp(ms: number, minutes: number): string {
  const wall = new Date(Math.floor(ms / 1000) * 1000 + minutes * MINUTE_MS);
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${wall.toISOString().slice(0, 19)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * An instant as a timestamp in the school's time with its offset, "2026-03-20T09:41:05-07:00" (as the
 * SIS export writes check-in times): by the server's offsets when they cover it, else this runtime's
 * rules for the zone. The server writes every such stamp with this (lib/reports, the SIS export), so
 * the screens, the reports and the files agree on the offset.
 */
export function schoolTimestamp(iso: string, timezone: string, offsets?: readonly ZoneOffset[]): string {
  const ms = Date.parse(iso);
  return stamp(ms, (offsets ? offsetFrom(offsets, ms) : null) ?? cachedOffsetAt(ms, timezone));
}

/** The same stamp for an instant, by this runtime's rules (the server's: lib/reports, the SIS export). */
export function schoolTimestampOf(instant: Date, timezone: string): string {
  const ms = instant.getTime();
  return stamp(ms, cachedOffsetAt(Math.floor(ms / 1000) * 1000, timezone));
}
