import { addDays, dayOfWeek, type SchoolDate } from "@/lib/time";
import type { SeedCalendar } from "./calendar";

/** What the README promises about student 100001, as Focus-date indices. */
export interface DemoStudentStory {
  /** Dates student 100001 plans with teacher@ (Tuesdays and Thursdays, and the booked dates). */
  withTeacher: Set<number>;
  /** An appointment with teacher@ next week. */
  futureAppointment?: number;
  /** An appointment with teacher@ last week, attended. */
  pastAppointment?: number;
  /** An amendment last week ("Excused: school band trip"), so no check-in that day. */
  amendment?: number;
}

function indexWhere(calendar: SeedCalendar, from: SchoolDate, to: SchoolDate, test: (i: number) => boolean) {
  return calendar.focus.findIndex((o, i) => o.date >= from && o.date <= to && test(i));
}

const found = (index: number) => (index >= 0 ? index : undefined);

/** Picks the dates, falling back to any fitting date when the range or school year clips a week. */
export function demoStudentStory(calendar: SeedCalendar): DemoStudentStory {
  const { focus, thisWeek } = calendar;
  const withTeacher = new Set(
    focus.flatMap((o, i) => ([2, 4].includes(dayOfWeek(o.date)) ? [i] : [])),
  );
  const future = (i: number) => !focus[i]!.past;
  const past = (i: number) => focus[i]!.past;
  const nextWeek = [addDays(thisWeek, 7), addDays(thisWeek, 13)] as const;
  const lastWeek = [addDays(thisWeek, -7), addDays(thisWeek, -1)] as const;
  const anyDay = ["0000-01-01", "9999-12-31"] as const;

  const futureAppointment = found(
    [nextWeek, anyDay].map(([from, to]) => indexWhere(calendar, from, to, future)).find((i) => i >= 0) ?? -1,
  );
  const pastAppointment = found(
    [lastWeek, anyDay]
      .map(([from, to]) => indexWhere(calendar, from, to, (i) => past(i) && withTeacher.has(i)))
      .find((i) => i >= 0) ?? -1,
  );
  const lastPast = (from: SchoolDate, to: SchoolDate) =>
    focus.findLastIndex((o, i) => o.date >= from && o.date <= to && past(i) && i !== pastAppointment);
  const amendment = found([lastWeek, anyDay].map(([from, to]) => lastPast(from, to)).find((i) => i >= 0) ?? -1);

  if (futureAppointment !== undefined) withTeacher.add(futureAppointment);
  if (amendment !== undefined) withTeacher.delete(amendment);
  return { withTeacher, futureAppointment, pastAppointment, amendment };
}
