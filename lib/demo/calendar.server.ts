import "server-only";
import { MAX_YEAR_DAYS } from "@/lib/calendar/school-year.server";
import { addDays, dayOfWeek, schoolInstant, schoolToday, weekStart, type SchoolDate } from "@/lib/core/time";

/** One meeting of a block in the weekly timetable (day_of_week 0 = Sunday … 6 = Saturday). */
export interface Meeting {
  label: string;
  day: number;
  start: string;
  end: string;
}

export const FOCUS_BLOCK = "Focus Block";
export const COURSE_BLOCKS = [
  "Block 1",
  "Block 2",
  "Block 3",
  "Block 4",
  "Block 5",
  "Block 6",
  "Block 7",
  "Block 8",
];

const b = (n: number) => `Block ${n}`;
const MORNING = ["08:25", "09:21"] as const;
const SLOTS = [
  ["10:11", "11:07"],
  ["11:12", "12:08"],
  ["13:01", "13:57"],
  ["14:03", "14:59"],
] as const;

function midweek(day: number, first: number, rest: [number, number, number, number]): Meeting[] {
  return [
    { label: b(first), day, start: MORNING[0], end: MORNING[1] },
    { label: FOCUS_BLOCK, day, start: "09:26", end: "10:06" },
    ...rest.map((n, i) => ({ label: b(n), day, start: SLOTS[i]![0], end: SLOTS[i]![1] })),
  ];
}

/**
 * The demo week: course blocks rotate, the Focus Block meets every weekday mid-morning (docs/design/demo-school.md;
 * the original had none on Mondays).
 */
export const TIMETABLE: readonly Meeting[] = [
  ...midweek(1, 1, [2, 3, 4, 5]),
  ...midweek(2, 6, [7, 8, 1, 2]),
  ...midweek(3, 3, [4, 5, 6, 7]),
  ...midweek(4, 8, [1, 2, 3, 4]),
  { label: b(5), day: 5, start: "08:25", end: "09:21" },
  { label: FOCUS_BLOCK, day: 5, start: "09:26", end: "10:22" },
  { label: b(6), day: 5, start: "10:27", end: "11:23" },
  { label: b(7), day: 5, start: "11:58", end: "12:54" },
  { label: b(8), day: 5, start: "12:59", end: "13:55" },
];

/** 1 September on or before today, and 30 June on or after it (so July and August still have data). */
export function schoolYearAround(today: SchoolDate): { start: SchoolDate; end: SchoolDate } {
  const year = Number(today.slice(0, 4));
  const september = `${year}-09-01`;
  const june = `${year}-06-30`;
  return {
    start: today >= september ? september : `${year - 1}-09-01`,
    end: today <= june ? june : `${year + 1}-06-30`,
  };
}

/** Next week's Monday: a Pro-D Day with no classes (an event; nothing is planned or checked in then). */
export const proDDay = (thisWeek: SchoolDate) => addDays(thisWeek, 8);

/** One occurrence of the Focus Block: its date and the instants it starts and ends. */
export interface FocusOccurrence {
  date: SchoolDate;
  start: Date;
  end: Date;
  /** Its end is before now, so attendance has been taken. */
  past: boolean;
}

export interface SeedCalendar {
  today: SchoolDate;
  yearStart: SchoolDate;
  yearEnd: SchoolDate;
  /** Sunday of the current week. */
  thisWeek: SchoolDate;
  focus: FocusOccurrence[];
}

export interface CalendarOptions {
  now: Date;
  timezone: string;
  weeksBack: number;
  weeksAhead: number;
  yearStart?: SchoolDate;
  yearEnd?: SchoolDate;
}

/**
 * The Focus Block dates to seed: from `weeksBack` weeks before the current week to `weeksAhead`
 * weeks after it, inside the school year. Without an explicit year, the year is stretched to cover
 * the range (a benchmark may ask for more weeks than the current year has had).
 */
export function seedCalendar(options: CalendarOptions): SeedCalendar {
  const today = schoolToday(options.timezone, options.now);
  const thisWeek = weekStart(today);
  const first = addDays(thisWeek, -7 * options.weeksBack);
  const last = addDays(thisWeek, 7 * (options.weeksAhead + 1) - 1);
  const around = schoolYearAround(today);
  const yearStart =
    options.yearStart ?? (addDays(first, 1) < around.start ? addDays(first, 1) : around.start);
  // A stretched year still fits the longest school year PUT /api/school-year takes (MAX_YEAR_DAYS).
  const longest = addDays(yearStart, MAX_YEAR_DAYS - 1);
  const yearEnd = options.yearEnd ?? [last > around.end ? last : around.end, longest > last ? longest : last].sort()[0]!;
  const meetings = new Map(TIMETABLE.filter((m) => m.label === FOCUS_BLOCK).map((m) => [m.day, m]));
  const focus: FocusOccurrence[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    const meeting = meetings.get(dayOfWeek(date));
    if (!meeting || date < yearStart || date > yearEnd || date === proDDay(thisWeek)) continue;
    const start = schoolInstant(date, meeting.start, options.timezone);
    const end = schoolInstant(date, meeting.end, options.timezone);
    focus.push({ date, start, end, past: end.getTime() < options.now.getTime() });
  }
  return { today, yearStart, yearEnd, thisWeek, focus };
}
