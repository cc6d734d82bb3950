import "server-only";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import { lockCalendar } from "@/db/queries/calendar";
import { deleteEvent, eventById, eventsBetween, insertEvents } from "@/db/queries/calendar-admin";
import { tooLarge } from "@/lib/api/body";
import { UploadedFile, type UploadForm } from "@/lib/api/multipart.server";
import { StatusAnswer } from "@/lib/api/answers";
import { fieldErrors, invalid, notFound } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import {
  cancelPlansOnClosedDays,
  giveBackClosedDayPlans,
  plansClosingWouldCancel,
  setAsideClosedDayPlans,
} from "./closures.server";
import { addDays, type SchoolDate } from "@/lib/core/time";
import { calendarFileKind, CalendarImportError, type ImportedEvent } from "./import";
import { recordCalendarImport } from "./import-history.server";
import { readCalendarFile } from "./reader.server";
import { regenerateSchoolDays } from "./regenerate.server";
import { attendanceTakenMessage, calendarContext, displayDate, earliestChange, type CalendarContext } from "./school-days.server";
import { importFields, MAX_EVENTS_RANGE, type CalendarEventBody } from "./schemas";
import type { CalendarEventList, CalendarImportAnswer, EventView } from "./answers";

/**
 * The calendar's events (holidays, professional-development days, named days): listing, adding,
 * removing and importing them. An event with `no_blocks` means no block meets that date, so adding or
 * removing one regenerates the school days from its date in the same transaction; that is refused on a
 * date attendance already rests on. Closing a day cancels its plans, and deleting the closure before
 * the day gives them back (lib/calendar/closures.server.ts). Every write is audited.
 */

export type { EventView };

const present = (row: EventView): EventView => ({ id: row.id, date: row.date, name: row.name, no_blocks: row.no_blocks });
const keyOf = (event: { date: string; name: string }) => `${event.date}\u0000${event.name}`;

/** GET /api/calendar-events?from=&to=: the events in the range (default: the school year), by date. */
export async function listEvents(db: Db, query: { from?: SchoolDate; to?: SchoolDate }, now: Date): Promise<CalendarEventList> {
  const context = await calendarContext(db, now);
  const from = query.from ?? (context.yearStart || context.today);
  const to = query.to ?? (query.from ? addDays(from, MAX_EVENTS_RANGE - 1) : context.yearEnd || addDays(from, 365));
  if (to < from) throw invalid({ to: ["The end of the range must not be before its start."] });
  if (Date.parse(to) - Date.parse(from) >= MAX_EVENTS_RANGE * 86_400_000) {
    throw invalid({ to: [`Ask for at most ${MAX_EVENTS_RANGE} days at a time.`] });
  }
  return { from, to, events: (await eventsBetween(db, from, to)).map(present) };
}

const outsideYear = (context: CalendarContext, date: SchoolDate) =>
  !context.yearStart || !context.yearEnd || date < context.yearStart || date > context.yearEnd;

/**
 * POST /api/calendar-events: adds an event on a date of the school year. 422: outside the school year,
 * the same name already on that date, or a day without school (`no_blocks`) on a date attendance rests on.
 */
export async function createEvent(db: Db, principal: Principal, body: CalendarEventBody, now: Date) {
  if (body.dry_run) return createEventDryRun(db, body, now);
  return db.transaction(async (tx) => {
    await lockCalendar(tx);
    const context = await calendarContext(tx, now);
    if (outsideYear(context, body.date)) {
      const message = `${displayDate(body.date)} is outside the school year.`;
      throw invalid({ date: [message] }, message);
    }
    const existing = await eventsBetween(tx, body.date, body.date);
    if (existing.some((event) => event.name === body.name)) {
      const message = `There is already an event named "${body.name}" on ${displayDate(body.date)}.`;
      throw invalid({ name: [message] }, message);
    }
    if (body.no_blocks) await refuseBeforeEarliest(tx, now, context, body.date);
    const [row] = await insertEvents(tx, [{ date: body.date, name: body.name, no_blocks: body.no_blocks }], now);
    if (body.no_blocks) await regenerateSchoolDays(tx, now, body.date);
    const plansCancelled = body.no_blocks ? await cancelPlansOnClosedDays(tx, [{ event_id: row!.id, date: body.date }]) : 0;
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "calendar_event.create",
      details: { id: row!.id, date: body.date, name: body.name, no_blocks: body.no_blocks, plans_cancelled: plansCancelled },
      created_at: now,
    });
    return { ...present(row!), plans_cancelled: plansCancelled };
  });
}

/** POST /api/calendar-events with dry_run: the same checks, and the plans closing the day would cancel (200, nothing written). */
async function createEventDryRun(db: Db, body: CalendarEventBody, now: Date) {
  const context = await calendarContext(db, now);
  if (outsideYear(context, body.date)) {
    const message = `${displayDate(body.date)} is outside the school year.`;
    throw invalid({ date: [message] }, message);
  }
  if ((await eventsBetween(db, body.date, body.date)).some((event) => event.name === body.name)) {
    const message = `There is already an event named "${body.name}" on ${displayDate(body.date)}.`;
    throw invalid({ name: [message] }, message);
  }
  if (body.no_blocks) await refuseBeforeEarliest(db, now, context, body.date);
  const plansCancelled = body.no_blocks ? await plansClosingWouldCancel(db, [body.date]) : 0;
  // 200, not the 201 of an event made.
  return new StatusAnswer(200, { dry_run: true, date: body.date, name: body.name, no_blocks: body.no_blocks, plans_cancelled: plansCancelled });
}

async function refuseBeforeEarliest(db: Db, now: Date, context: CalendarContext, date: SchoolDate) {
  const earliest = await earliestChange(db, now, context.timezone);
  if (earliest && date < earliest) {
    const message = attendanceTakenMessage(earliest, "event");
    throw invalid({ date: [message] }, message);
  }
}

/** DELETE /api/calendar-events/{id}: 204; 404 when there is no such event; 422 for a day without school attendance rests on. */
export async function removeEvent(db: Db, principal: Principal, id: number, now: Date) {
  await db.transaction(async (tx) => {
    await lockCalendar(tx);
    const event = await eventById(tx, id);
    if (!event) throw notFound("There is no such event.");
    const context = event.no_blocks ? await calendarContext(tx, now) : null;
    if (context) await refuseBeforeEarliest(tx, now, context, event.date);
    // The plans the closure cancelled: given back once the day is open again, if it is still ahead.
    const setAside = context ? await setAsideClosedDayPlans(tx, event) : [];
    await deleteEvent(tx, id);
    if (event.no_blocks) await regenerateSchoolDays(tx, now, event.date);
    const plansRestored = context ? await giveBackClosedDayPlans(tx, setAside, context.today) : 0;
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "calendar_event.delete",
      details: { ...present(event), plans_restored: plansRestored },
      created_at: now,
    });
  });
}

// ---- Import -------------------------------------------------------------------------------------------

/** The largest calendar file. */
export const MAX_CALENDAR_FILE_BYTES = 2 * 1024 * 1024;
const TOO_LARGE = "A calendar file can be at most 2 MB.";
/** The upload as POST /api/calendar-events/import reads it (route() `multipart`): the file and the form's framing. */
export const CALENDAR_UPLOAD = { maxBytes: MAX_CALENDAR_FILE_BYTES + 64 * 1024, tooLarge: TOO_LARGE };
const MAX_LISTED = 20;

function readImport(form: UploadForm) {
  const files = form.getAll("file");
  const file = files[0];
  if (!(file instanceof UploadedFile)) throw invalid({ file: ["Choose an .ics or .csv file to import."] }, "Choose an .ics or .csv file to import.");
  if (files.length > 1) throw invalid({ file: ["Send one file per request."] }, "Send one file per request.");
  if (file.size > MAX_CALENDAR_FILE_BYTES) throw tooLarge(TOO_LARGE);
  const kind = calendarFileKind(file.name, file.type);
  if (!kind) {
    const message = `${file.name || "The file"} is neither an iCalendar (.ics) nor a CSV (.csv) file.`;
    throw invalid({ file: [message] }, message);
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const fields = importFields.safeParse({ dry_run: text("dry_run") || undefined, no_school: text("no_school") });
  if (!fields.success) throw invalid(fieldErrors(fields.error));
  const filename = file.name.replace(/[\\/]/g, "_").slice(0, 200) || "calendar";
  return { file, kind, filename, fields: fields.data };
}

interface ImportPlan {
  add: ImportedEvent[];
  duplicates: number;
  /** The plans on the days it closes: cancelled when applied (the dry run counts them). */
  plansCancelled?: number;
}

/** What the file would add: each (date, name) once, none already on the calendar; refused before the earliest date. */
async function planImport(db: Db, events: ImportedEvent[], context: CalendarContext, now: Date): Promise<ImportPlan> {
  if (events.length === 0) return { add: [], duplicates: 0 };
  const dates = events.map((e) => e.date).sort();
  const existing = new Set((await eventsBetween(db, dates[0]!, dates[dates.length - 1]!)).map(keyOf));
  const add: ImportedEvent[] = [];
  let duplicates = 0;
  for (const event of events) {
    const key = keyOf(event);
    if (existing.has(key)) duplicates++;
    else {
      existing.add(key);
      add.push(event);
    }
  }
  const earliest = await earliestChange(db, now, context.timezone);
  const refused = earliest ? add.filter((e) => e.no_blocks && e.date < earliest) : [];
  if (refused.length && earliest) {
    const reason = attendanceTakenMessage(earliest, "event");
    const problems = refused
      .slice(0, MAX_LISTED)
      .map((e) => `${e.where}: ${displayDate(e.date)} would have no school, but attendance has been taken on or after it.`);
    if (refused.length > MAX_LISTED) problems.push(`… and ${refused.length - MAX_LISTED} more.`);
    problems.push(reason);
    throw invalid({ file: problems }, `${problems[0]} ${reason}`);
  }
  add.sort((a, b) => a.date.localeCompare(b.date));
  return { add, duplicates };
}

/** What the file adds (a dry run: would add); an applied file's entry in the Imports history at `import`. */
export type ImportAnswer = CalendarImportAnswer;

/**
 * POST /api/calendar-events/import: a .ics or .csv file (multipart `file`, at most 2 MB) with the form
 * fields `dry_run` ("true": answer what would happen, write nothing) and `no_school` (.ics: which events
 * mean no school, see lib/calendar/import.ts). Problems answer 422 with every line named and nothing
 * written; otherwise one transaction adds the events, regenerates the school days once and writes the
 * file's entry in the Imports history (its report at `import.report`).
 */
export async function importEvents(db: Db, principal: Principal, form: UploadForm, now: Date): Promise<ImportAnswer> {
  const { file, kind, filename, fields } = readImport(form);
  const bytes = file.bytes;
  const context = await calendarContext(db, now);
  let parsed;
  try {
    parsed = await readCalendarFile(bytes, filename, kind, {
      timezone: context.timezone,
      yearStart: context.yearStart,
      yearEnd: context.yearEnd,
      noSchool: fields.no_school,
    });
  } catch (error) {
    if (error instanceof CalendarImportError) throw invalid({ file: error.problems }, error.problems[0]);
    throw error;
  }
  const answer = (plan: ImportPlan): ImportAnswer => ({
    dry_run: fields.dry_run,
    added: plan.add.length,
    skipped_outside_year: parsed.skippedOutsideYear,
    duplicates: plan.duplicates,
    plans_cancelled: plan.plansCancelled ?? 0,
    events: plan.add.map((e) => ({ date: e.date, name: e.name, no_blocks: e.no_blocks })),
  });
  if (fields.dry_run) {
    const plan = await planImport(db, parsed.events, context, now);
    plan.plansCancelled = await plansClosingWouldCancel(db, plan.add.filter((e) => e.no_blocks).map((e) => e.date));
    return answer(plan);
  }
  return db.transaction(async (tx) => {
    await lockCalendar(tx);
    const plan = await planImport(tx, parsed.events, context, now);
    const added = await insertEvents(
      tx,
      plan.add.map((e) => ({ date: e.date, name: e.name, no_blocks: e.no_blocks })),
      now,
    );
    const noSchool = plan.add.filter((e) => e.no_blocks).map((e) => e.date);
    if (noSchool.length) await regenerateSchoolDays(tx, now, noSchool.reduce((a, b) => (a < b ? a : b)));
    const closing = added.filter((e) => e.no_blocks).map((e) => ({ event_id: e.id, date: e.date }));
    plan.plansCancelled = await cancelPlansOnClosedDays(tx, closing);
    const done = answer(plan);
    const { dry_run: _, ...report } = done;
    const entry = await recordCalendarImport(tx, {
      filename,
      uploadedBy: principal.user.id,
      now,
      result: { ...report, no_blocks: noSchool.length, file_kind: kind },
    });
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "calendar_event.import",
      details: {
        filename,
        kind,
        added: plan.add.length,
        no_blocks: noSchool.length,
        duplicates: plan.duplicates,
        skipped_outside_year: parsed.skippedOutsideYear,
        plans_cancelled: plan.plansCancelled,
        import_id: entry.id,
      },
      created_at: now,
    });
    return { ...done, import: entry };
  });
}
