import { addDays, dayOfWeek, type SchoolDate } from "@/lib/core/time";

/**
 * The school calendar's one rule (docs/design/calendar.md#the-model), pure: from the school year, the days the school
 * meets, the timetable versions, the days without school and the administrators' overrides, each
 * date's day type, bell schedule and block occurrences. lib/calendar/regenerate.server.ts writes the result.
 */

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

export interface Meeting {
  block_id: number;
  start: string;
  end: string;
}

export interface TimetableVersion {
  effective_from: SchoolDate;
  cycle_kind: "weekly" | "rotation";
  day_types: string[];
  first_day_type: string | null;
  /** Regular bell schedule: meetings by day type. */
  meetings: Map<string, Meeting[]>;
  /** Alternate bell schedules by name: the blocks they keep, at their times. */
  bell_schedules: Map<string, Meeting[]>;
}

export interface Override {
  day_type: string | null;
  bell_schedule: string | null;
}

export interface SchoolDayRow {
  date: SchoolDate;
  in_session: boolean;
  day_type: string | null;
  bell_schedule: string | null;
}

export interface GeneratedDay extends SchoolDayRow {
  occurrences: Meeting[];
}

export interface CalendarInputs {
  yearStart: SchoolDate;
  yearEnd: SchoolDate;
  /** Weekdays the school meets (0 = Sunday … 6 = Saturday; the include_days setting). */
  includeDays: ReadonlySet<number>;
  /** Sorted by effective_from. */
  timetables: readonly TimetableVersion[];
  noBlockDates: ReadonlySet<SchoolDate>;
  overrides: ReadonlyMap<SchoolDate, Override>;
  /** Rows that stay as they are (dates before the first rewritable one); the rotation continues from them. */
  kept: ReadonlyMap<SchoolDate, SchoolDayRow>;
}

/** The timetable in force on a date (the latest effective on or before it), or null. */
export function timetableOn(timetables: readonly TimetableVersion[], date: SchoolDate): TimetableVersion | null {
  let found: TimetableVersion | null = null;
  for (const version of timetables) {
    if (version.effective_from > date) break;
    found = version;
  }
  return found;
}

/** What meets on a day type under a bell schedule (the regular one when null or unknown). */
export function meetingsFor(version: TimetableVersion, dayType: string, bellSchedule: string | null): Meeting[] {
  const regular = version.meetings.get(dayType) ?? [];
  const alternate = bellSchedule ? version.bell_schedules.get(bellSchedule) : undefined;
  if (!alternate) return regular;
  const times = new Map(alternate.map((m) => [m.block_id, m]));
  return regular.flatMap((m) => {
    const time = times.get(m.block_id);
    return time ? [{ block_id: m.block_id, start: time.start, end: time.end }] : [];
  });
}

/**
 * Where a rotation stands when `next` takes over from `previous`: the index in `next`'s day types of the
 * day type the last school day had, so the next school day takes the one after it (the cycle goes on
 * through a new timetable: a late-start bell schedule or new times never move it); null to start
 * afresh, at `next`'s first day type: when `next` names one (the second semester starts at Day 1), or
 * when the cycle cannot go on (no school day yet, a weekly cycle before, a day type `next` lacks).
 */
export function continuedPosition(previous: TimetableVersion | null, position: number | null, next: TimetableVersion | null): number | null {
  if (!next || next.cycle_kind !== "rotation" || next.first_day_type) return null;
  if (!previous || previous.cycle_kind !== "rotation" || position === null) return null;
  const index = next.day_types.indexOf(previous.day_types[position] ?? "");
  return index >= 0 ? index : null;
}

/**
 * Every date of the school year in order. A rotation advances one day type per day in session,
 * skipping days without school, and goes on through a new timetable unless the timetable names its
 * first day type (continuedPosition); a date whose day type an administrator set continues the rotation
 * from it. Kept rows are returned as they are.
 */
export function generateSchoolDays(inputs: CalendarInputs): GeneratedDay[] {
  const days: GeneratedDay[] = [];
  let version: TimetableVersion | null = null;
  let position: number | null = null;
  for (let date = inputs.yearStart; date <= inputs.yearEnd; date = addDays(date, 1)) {
    const inForce = timetableOn(inputs.timetables, date);
    if (inForce !== version) {
      position = continuedPosition(version, position, inForce);
      version = inForce;
    }
    const kept = inputs.kept.get(date);
    if (kept) {
      if (kept.in_session && version?.cycle_kind === "rotation" && kept.day_type) {
        const index = version.day_types.indexOf(kept.day_type);
        if (index >= 0) position = index;
      }
      days.push({ ...kept, occurrences: [] });
      continue;
    }
    const weekday = dayOfWeek(date);
    let inSession = inputs.includeDays.has(weekday) && !inputs.noBlockDates.has(date);
    let dayType: string | null = null;
    const override = inputs.overrides.get(date);
    if (inSession && version?.cycle_kind === "weekly") {
      dayType = WEEKDAY_NAMES[weekday]!;
      if (!version.day_types.includes(dayType)) inSession = false;
      if (inSession && override?.day_type && version.day_types.includes(override.day_type)) dayType = override.day_type;
    } else if (inSession && version?.cycle_kind === "rotation" && version.day_types.length > 0) {
      const types = version.day_types;
      const chosen = override?.day_type ? types.indexOf(override.day_type) : -1;
      const first = Math.max(0, version.first_day_type ? types.indexOf(version.first_day_type) : 0);
      position = chosen >= 0 ? chosen : position === null ? first : (position + 1) % types.length;
      dayType = types[position]!;
    }
    const bellSchedule =
      inSession && version && override?.bell_schedule && version.bell_schedules.has(override.bell_schedule)
        ? override.bell_schedule
        : null;
    const occurrences = inSession && version && dayType ? meetingsFor(version, dayType, bellSchedule) : [];
    days.push({ date, in_session: inSession, day_type: dayType, bell_schedule: bellSchedule, occurrences });
  }
  return days;
}

/** The include_days setting ("2,3,4,5,6": 1 = Sunday … 7 = Saturday) as weekdays 0–6. */
export function includedWeekdays(setting: string | null | undefined): Set<number> {
  const days = new Set<number>();
  for (const part of (setting ?? "").split(",")) {
    const n = Number(part.trim());
    if (Number.isInteger(n) && n >= 1 && n <= 7) days.add(n - 1);
  }
  return days.size ? days : new Set([1, 2, 3, 4, 5]);
}
