import { z } from "zod";

/** The calendar administration answers as zod schemas; the services' and screens' types are inferred from them. */

/** A school day whose day type a change moves (the rotation shifted, the day closed, a new cycle). */
export const dayTypeChangeAnswer = z.object({
  date: z.string(),
  /** The day type it had. */
  from: z.string(),
  /** The day type it gets; null when it is no longer a school day. */
  to: z.string().nullable(),
});
export type DayTypeChange = z.infer<typeof dayTypeChangeAnswer>;

/** GET /api/school-year: the year's bounds, its terms and how many school days and Focus Blocks it has. */
export const schoolYearAnswer = z.object({
  start: z.string().nullable(),
  end: z.string().nullable(),
  attendance_from: z.string().nullable(),
  terms: z.array(z.object({ id: z.number(), name: z.string(), start: z.string(), end: z.string() })),
  school_days: z.number(),
  focus_blocks: z.number(),
  focus_blocks_by_term: z.array(z.object({ name: z.string(), focus_blocks: z.number() })),
});
export type SchoolYear = z.infer<typeof schoolYearAnswer>;

/** What a dry run answers: the dates whose day type the change would move. */
export const dryRunAnswer = z.object({ dry_run: z.literal(true), day_type_changes: z.array(dayTypeChangeAnswer) });
export type DryRun = z.infer<typeof dryRunAnswer>;

/** PUT /api/school-year: the year as GET answers it with the day types it moved, or a dry run's answer. */
export const savedSchoolYearAnswer = z.union([
  schoolYearAnswer.extend({ day_type_changes: z.array(dayTypeChangeAnswer) }),
  dryRunAnswer,
]);

/** A date as GET /api/school-days answers it: its day type, bell schedule, blocks, events and overrides. */
export const schoolDayAnswer = z.object({
  date: z.string(),
  in_session: z.boolean(),
  day_type: z.string().nullable(),
  bell_schedule: z.string().nullable(),
  /** Times are HH:MM. */
  blocks: z.array(z.object({ id: z.number(), label: z.string(), flex: z.boolean(), start: z.string(), end: z.string() })),
  events: z.array(z.object({ id: z.number(), name: z.string(), no_blocks: z.boolean() })),
  /** What an administrator set by hand on this date, or null. */
  override: z.object({ day_type: z.string().nullable(), bell_schedule: z.string().nullable() }).nullable(),
  /**
   * The date's own choice and request deadlines (lib/choice/deadlines.ts; null each: the school's
   * setting); absent when it has none (an addition to the spec's fields).
   */
  deadlines: z.object({ choice_deadline: z.string().nullable(), request_deadline: z.string().nullable() }).nullable().optional(),
});
export type SchoolDayView = z.infer<typeof schoolDayAnswer>;

/** GET /api/school-days: every date from `from` to `to`. */
export const schoolDaysAnswer = z.object({ from: z.string(), to: z.string(), days: z.array(schoolDayAnswer) });
export type SchoolDays = z.infer<typeof schoolDaysAnswer>;

/** PUT /api/school-days/{date}: the day with the dates whose day type moved, or a dry run's answer (with the date). */
export const savedSchoolDayAnswer = z.union([
  schoolDayAnswer.extend({ day_type_changes: z.array(dayTypeChangeAnswer) }),
  dryRunAnswer.extend({ date: z.string() }),
]);
export type SavedSchoolDay = z.infer<typeof savedSchoolDayAnswer>;

/** GET /api/timetable: the version in force on the date (null fields and empty lists when none is); times are HH:MM. */
export const timetableAnswer = z.object({
  /** The date asked about (GET) or the version's effective date (PUT). */
  date: z.string(),
  effective_from: z.string().nullable(),
  cycle: z
    .object({ kind: z.enum(["weekly", "rotation"]), day_types: z.array(z.string()), first_day_type: z.string().nullable() })
    .nullable(),
  blocks: z.array(
    z.object({
      id: z.number(),
      label: z.string(),
      flex: z.boolean(),
      times: z.array(z.object({ day_type: z.string(), start: z.string(), end: z.string() })),
    }),
  ),
  bell_schedules: z.array(
    z.object({ name: z.string(), times: z.array(z.object({ label: z.string(), start: z.string(), end: z.string() })) }),
  ),
  /** Every version's effective date, in order. */
  versions: z.array(z.string()),
  /** The earliest effective date a new version may have (attendance rests on the dates before), or null when any may. */
  earliest_effective_from: z.string().nullable(),
});
export type TimetableView = z.infer<typeof timetableAnswer>;

const timetableChanges = { regenerated_days: z.number(), day_type_changes: z.array(dayTypeChangeAnswer) };

/** PUT /api/timetable: the saved timetable as GET answers it and what changed, or a dry run's answer. */
export const savedTimetableAnswer = z.union([
  timetableAnswer.extend(timetableChanges),
  z.object({ dry_run: z.literal(true), effective_from: z.string(), ...timetableChanges }),
]);
export type SavedTimetable = z.infer<typeof savedTimetableAnswer>;

/** An event of the calendar: a holiday, professional-development day or named day (`no_blocks`: no block meets). */
export const calendarEventAnswer = z.object({ id: z.number(), date: z.string(), name: z.string(), no_blocks: z.boolean() });
export type EventView = z.infer<typeof calendarEventAnswer>;

/** GET /api/calendar-events: the events in the range, by date. */
export const calendarEventListAnswer = z.object({ from: z.string(), to: z.string(), events: z.array(calendarEventAnswer) });
export type CalendarEventList = z.infer<typeof calendarEventListAnswer>;

/** POST /api/calendar-events (201): the event and how many plans its closure cancelled (a dry run answers 200 with `dry_run`). */
export const createdCalendarEventAnswer = calendarEventAnswer.extend({ plans_cancelled: z.number() });
export type CreatedCalendarEvent = z.infer<typeof createdCalendarEventAnswer>;

/**
 * POST /api/calendar-events/import: what the file adds (a dry run: would add); an applied file's entry
 * in the Imports history at `import`.
 */
export const calendarImportAnswer = z.object({
  dry_run: z.boolean(),
  added: z.number(),
  skipped_outside_year: z.number(),
  /** Events already on the calendar (same date and name), or twice in the file. */
  duplicates: z.number(),
  plans_cancelled: z.number(),
  /** The events added, by date. */
  events: z.array(z.object({ date: z.string(), name: z.string(), no_blocks: z.boolean() })),
  import: z.object({ id: z.number(), report: z.string() }).optional(),
});
export type CalendarImportAnswer = z.infer<typeof calendarImportAnswer>;
