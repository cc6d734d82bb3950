import "server-only";
import { addDays, dayOfWeek, type SchoolDate } from "@/lib/core/time";
import type { SeedCalendar } from "./calendar.server";

/** What the README promises about student 100001, as indices into the Focus dates. */
export interface DemoStudentStory {
  /** Dates student 100001 plans with teacher@: Tuesdays and Thursdays, and the booked date. */
  withTeacher: Set<number>;
  /** An appointment with teacher@ next week. */
  futureAppointment?: number;
  /** An appointment with teacher@ last week, attended. */
  pastAppointment?: number;
  /** An amendment last week ("Excused: school band trip"), so no check-in that day. */
  amendment?: number;
  /**
   * A Focus Block next week with no teacher chosen yet: her profile's "still to choose", the
   * Unscheduled list and default placement always have a day to show.
   */
  open?: number;
}

/**
 * Picks the dates in the weeks the README names, falling back to the nearest fitting date when the
 * seeded range or the school year clips those weeks.
 */
export function demoStudentStory(calendar: SeedCalendar): DemoStudentStory {
  const { focus, thisWeek } = calendar;
  const indices = focus.map((_, i) => i);
  const inWeek = (sunday: SchoolDate) => (i: number) =>
    focus[i]!.date >= sunday && focus[i]!.date < addDays(sunday, 7);
  const prefer = (candidates: number[], week: SchoolDate) => candidates.find(inWeek(week)) ?? candidates[0];
  const past = (i: number) => focus[i]!.past;

  const withTeacher = new Set(indices.filter((i) => [2, 4].includes(dayOfWeek(focus[i]!.date))));
  const futureAppointment = prefer(
    indices.filter((i) => !past(i)),
    addDays(thisWeek, 7),
  );
  const latestFirst = indices.filter(past).reverse();
  const pastAppointment = prefer(
    latestFirst.filter((i) => withTeacher.has(i)),
    addDays(thisWeek, -7),
  );
  const amendment = prefer(
    latestFirst.filter((i) => i !== pastAppointment),
    addDays(thisWeek, -7),
  );

  if (futureAppointment !== undefined) withTeacher.add(futureAppointment);
  if (amendment !== undefined) withTeacher.delete(amendment);
  const open = prefer(
    indices.filter((i) => !past(i) && !withTeacher.has(i)),
    addDays(thisWeek, 7),
  );
  return { withTeacher, futureAppointment, pastAppointment, amendment, open };
}
