import { z } from "zod";
import { id, text } from "@/lib/api/schemas";
import { isValidSchoolDate } from "@/lib/core/time";

/**
 * Request shapes of the calendar administration API (docs/design/calendar.md): the timetable, the
 * school days, the calendar events and their import, and the school year. Rules that look at more than
 * one field (overlaps, unknown day types, the dates attendance rests on) are in the services.
 */

export const CALENDAR_MESSAGES = {
  date: "Enter a date as YYYY-MM-DD.",
  time: "Enter a time as HH:MM (24-hour clock).",
  endAfterStart: "The end must be after the start.",
  noDayTypes: "Give the cycle at least one day type.",
  tooManyDayTypes: "A cycle can have at most 20 day types.",
  range: "The end of the range must not be before its start.",
} as const;

/** The most day types a cycle may have (a 6-day or 10-day rotation is common; 50 is a mistake). */
export const MAX_DAY_TYPES = 20;
/** The longest range GET /api/school-days answers (a school year and a little). */
export const MAX_SCHOOL_DAYS_RANGE = 400;
/** The longest range GET /api/calendar-events answers. */
export const MAX_EVENTS_RANGE = 800;
/** The label of the check-in block (docs/design/calendar.md#the-focus-block: exactly one flex block called 'Focus Block'). */
export const FOCUS_BLOCK_LABEL = "Focus Block";

/** A school date, strictly `YYYY-MM-DD` (the calendar never takes another form). */
export const isoDate = z
  .string({ error: CALENDAR_MESSAGES.date })
  .trim()
  .refine((value) => isValidSchoolDate(value), { error: CALENDAR_MESSAGES.date });

/** A wall-clock time `HH:MM`, 00:00–23:59. */
export const clockTime = z
  .string({ error: CALENDAR_MESSAGES.time })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: CALENDAR_MESSAGES.time });

const dayTypeName = text({
  label: "A day type",
  max: 40,
  min: 1,
  required: "Name the day type.",
  tooShort: "Name the day type.",
});
const blockLabel = text({
  label: "A block's label",
  max: 60,
  min: 1,
  required: "Give the block a label.",
  tooShort: "Give the block a label.",
});

/** `dry_run: true`: answer what the change would do (the dates whose day type it moves) and write nothing. */
const dryRun = z.boolean({ error: "dry_run is true or false." }).optional();

/** PUT /api/timetable. */
export const timetableBody = z.object({
  dry_run: dryRun,
  /** A save that moves the day type of school days is refused (409) unless this says the dates were seen. */
  confirm_day_type_changes: z.boolean({ error: "confirm_day_type_changes is true or false." }).optional(),
  effective_from: isoDate,
  cycle: z.object(
    {
      kind: z.enum(["weekly", "rotation"], { error: 'The cycle is "weekly" or "rotation".' }),
      day_types: z
        .array(dayTypeName, { error: CALENDAR_MESSAGES.noDayTypes })
        .min(1, { error: CALENDAR_MESSAGES.noDayTypes })
        .max(MAX_DAY_TYPES, { error: CALENDAR_MESSAGES.tooManyDayTypes }),
      /** Where a rotation starts on the first school day from effective_from; none: the cycle goes on from the day before. */
      first_day_type: dayTypeName.nullish(),
    },
    { error: "Describe the cycle: its kind and day types." },
  ),
  blocks: z
    .array(
      z.object({
        label: blockLabel,
        flex: z.boolean({ error: "Say whether the block is a flex block (true or false)." }),
        times: z
          .array(z.object({ day_type: dayTypeName, start: clockTime, end: clockTime }), {
            error: "List when the block meets.",
          })
          .min(1, { error: "A block must meet on at least one day type." })
          .max(50, { error: "A block can meet at most once on each day type." }),
      }),
      { error: "List the blocks." },
    )
    .max(60, { error: "A timetable can have at most 60 blocks." }),
  bell_schedules: z
    .array(
      z.object({
        name: text({
          label: "A bell schedule's name",
          max: 60,
          min: 1,
          required: "Name the bell schedule.",
          tooShort: "Name the bell schedule.",
        }),
        times: z
          .array(z.object({ label: blockLabel, start: clockTime, end: clockTime }), {
            error: "List the blocks the bell schedule keeps.",
          })
          .max(60, { error: "A bell schedule can list at most 60 blocks." }),
      }),
      { error: "List the alternate bell schedules." },
    )
    .max(20, { error: "A timetable can have at most 20 alternate bell schedules." })
    .optional(),
});
export type TimetableBody = z.infer<typeof timetableBody>;

/** GET /api/timetable?date= (default: today). */
export const timetableQuery = z.object({ date: isoDate.optional() });

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** A range of dates (`from` and `to` inclusive) in order and at most `max` days long. */
function checkRange(max: number) {
  return (range: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
    if (!range.from || !range.to) return;
    if (range.to < range.from)
      ctx.addIssue({ code: "custom", path: ["to"], message: CALENDAR_MESSAGES.range });
    else if (daysBetween(range.from, range.to) + 1 > max)
      ctx.addIssue({ code: "custom", path: ["to"], message: `Ask for at most ${max} days at a time.` });
  };
}

/** GET /api/school-days?from=&to= (both required, at most 400 days). */
export const schoolDaysQuery = z
  .object({ from: isoDate, to: isoDate })
  .superRefine(checkRange(MAX_SCHOOL_DAYS_RANGE));

/** PUT /api/school-days/{date}. */
export const schoolDayParams = z.object({ date: isoDate });

/**
 * A day's own deadline as this schema takes it; its form ("08:00", "2h", "") is checked by the route's
 * body, lib/choice/schemas.ts schoolDayDeadlinesBody (lib/calendar sits below the settings' rules).
 */
const deadlineText = z
  .string({ error: "A deadline must be text." })
  .max(10, { error: "A deadline is at most 10 characters." });

/** PUT /api/school-days/{date}: a day type, a bell schedule, deadlines; null clears what was set by hand. */
export const schoolDayFields = z.object({
  dry_run: dryRun,
  day_type: dayTypeName.nullable().optional(),
  bell_schedule: text({ label: "A bell schedule's name", max: 60, min: 1 }).nullable().optional(),
  /** The day's own choice and request deadlines (lib/choice/deadlines.ts): "08:00", "2h", "" (until the block starts); null: the school's setting. */
  choice_deadline: deadlineText.nullable().optional(),
  request_deadline: deadlineText.nullable().optional(),
});

/** Something to change: a day type, a bell schedule or a deadline. */
export const schoolDayChanges = (body: {
  day_type?: unknown;
  bell_schedule?: unknown;
  choice_deadline?: unknown;
  request_deadline?: unknown;
}) =>
  body.day_type !== undefined ||
  body.bell_schedule !== undefined ||
  body.choice_deadline !== undefined ||
  body.request_deadline !== undefined;

export const SCHOOL_DAY_NOTHING =
  "Give a day_type, a bell_schedule, a choice_deadline or a request_deadline (null clears it).";

export const schoolDayBody = schoolDayFields.refine(schoolDayChanges, { error: SCHOOL_DAY_NOTHING });
export type SchoolDayBody = z.infer<typeof schoolDayBody>;

/** GET /api/calendar-events?from=&to= (default: the school year). */
export const calendarEventsQuery = z
  .object({ from: isoDate.optional(), to: isoDate.optional() })
  .superRefine(checkRange(MAX_EVENTS_RANGE));

export const eventName = text({
  label: "The name",
  max: 120,
  min: 1,
  required: "Name the event.",
  tooShort: "Name the event.",
});

/** POST /api/calendar-events. */
export const calendarEventBody = z.object({
  date: isoDate,
  name: eventName,
  no_blocks: z
    .boolean({ error: "Say whether there is school that day (no_blocks true or false)." })
    .default(false),
  /** true: check it and say what it would do (the plans a closure cancels), writing nothing. */
  dry_run: z.boolean({ error: "dry_run must be true or false." }).default(false),
});
/** dry_run may be left out by callers in the server (the demo), as the route's default does. */
export type CalendarEventBody = Omit<z.infer<typeof calendarEventBody>, "dry_run"> & { dry_run?: boolean };

export const calendarEventParams = z.object({ id });

/** POST /api/calendar-events/import: the form fields beside the file. */
export const importFields = z.object({
  dry_run: z
    .enum(["true", "false"], { error: 'dry_run is "true" or "false".' })
    .optional()
    .transform((value) => value === "true"),
  no_school: z
    .string()
    .max(4000, { error: "The list of events without school is too long." })
    .optional()
    .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim())),
});

/** PUT /api/school-year. */
export const schoolYearBody = z.object({
  dry_run: dryRun,
  start: isoDate,
  end: isoDate,
  attendance_from: isoDate,
  terms: z
    .array(
      z.object({
        name: text({
          label: "A term's name",
          max: 60,
          min: 1,
          required: "Name the term.",
          tooShort: "Name the term.",
        }),
        start: isoDate,
        end: isoDate,
      }),
      { error: "List the terms (an empty list for none)." },
    )
    .max(20, { error: "A school year can have at most 20 terms." }),
});
export type SchoolYearBody = z.infer<typeof schoolYearBody>;
