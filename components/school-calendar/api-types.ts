/**
 * What the calendar administration API answers, typed from the services that build the answers (type
 * imports only: nothing of the server reaches the browser).
 */
import type { importEvents } from "@/lib/calendar/events.server";
import type { SchoolDayView, getSchoolDays } from "@/lib/calendar/school-days.server";
import type { getSchoolYear } from "@/lib/calendar/school-year.server";
import type { TimetableView } from "@/lib/calendar/timetable.server";

/** GET /api/school-days?from=&to=. */
export type SchoolDays = Awaited<ReturnType<typeof getSchoolDays>>;
export type SchoolDay = SchoolDayView;
export type DayEvent = SchoolDay["events"][number];

/** GET /api/timetable?date=. */
export type Timetable = TimetableView;

/** GET /api/school-year. */
export type SchoolYear = Awaited<ReturnType<typeof getSchoolYear>>;

/** POST /api/calendar-events/import. */
export type ImportResult = Awaited<ReturnType<typeof importEvents>>;
