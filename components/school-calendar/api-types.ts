/**
 * What the calendar administration API answers, typed from the services that build the answers (type
 * imports only: nothing of the server reaches the browser).
 */
import type { importEvents } from "@/lib/calendar/events.server";
import type { DayTypeChange, DryRun, SchoolYear } from "@/lib/calendar/answers";
import type { SchoolDayView, getSchoolDays } from "@/lib/calendar/school-days.server";
import type { TimetableView } from "@/lib/calendar/timetable.server";

/** GET /api/school-days?from=&to=. */
export type SchoolDays = Awaited<ReturnType<typeof getSchoolDays>>;
export type SchoolDay = SchoolDayView;
export type DayEvent = SchoolDay["events"][number];

/** GET /api/timetable?date=. */
export type Timetable = TimetableView;

/** A school day whose day type a change moves (the dry runs of PUT /api/timetable and PUT /api/school-days/{date}). */
export type { DayTypeChange };

/** What a dry run answers: the dates whose day type the change would move. */
export type { DryRun };

/** GET /api/school-year. */
export type { SchoolYear };

/** POST /api/calendar-events/import. */
export type ImportResult = Awaited<ReturnType<typeof importEvents>>;
