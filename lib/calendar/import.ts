/* eslint-disable max-lines -- one calendar import: its parse, check and plan steps read in order */
import ICAL from "ical.js";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { TakeTurn } from "@/lib/event-loop";
import { CsvSyntaxError, readCsvRecords, type CsvRecord } from "@/lib/csv-read";
import { decodeCsv } from "@/lib/imports/decode";
import { ImportFileError } from "@/lib/imports/errors";
import { addDays, isValidSchoolDate, isValidTimeZone, schoolInstant, type SchoolDate } from "@/lib/core/time";
import { bounded, ExpansionBudget, ExpansionBudgetSpent, stopAfter } from "./ics-bounds";
import { icsLineProblems } from "./ics-lines";

/**
 * Reading a file of calendar events for POST /api/calendar-events/import, pure (the service writes):
 * an iCalendar file (.ics) through ical.js, which expands recurrences (RRULE, RDATE, EXDATE and moved
 * or cancelled occurrences), or a CSV file `date,name,in_session`. Every event becomes one entry per
 * school-local date it covers; entries outside the school year are left out and counted.
 *
 * Which .ics events mean "no school" (`no_school`): "all", "none", or a comma-separated list of event
 * summaries (whole summaries, any case); by default the ones whose summary has one of the words of
 * NO_SCHOOL_WORDS (holiday, break, Pro-D, professional, no school, closed, vacation). A CSV says it
 * per line in its in_session column (yes/no, true/false, 1/0).
 */

/** The most dates one file may add (after recurrences are expanded). */
export const MAX_IMPORT_DATES = 5000;
/** The most events (VEVENT components) an .ics file may hold. */
export const MAX_ICS_EVENTS = 5000;
/**
 * How many recurrence steps all events together may take, ical.js's own search for the next occurrence
 * included (a daily rule from long ago, or one that never matches).
 */
export const MAX_EXPANSION_STEPS = 50_000;
/** The most lines with problems one answer lists. */
const MAX_LISTED_ERRORS = 20;
const NAME_MAX = 120;

export const NO_SCHOOL_WORDS = /\b(holidays?|break|pro-?d|professional|no school|closed|vacation)\b/i;

export interface ImportedEvent {
  date: SchoolDate;
  name: string;
  no_blocks: boolean;
  /** Where it came from, for messages: "Line 7" (CSV) or `"Winter Break"` (.ics). */
  where: string;
}

export interface ParsedCalendarFile {
  kind: "ics" | "csv";
  /** In the order of the file (expanded), inside the school year. */
  events: ImportedEvent[];
  /** Events (occurrences of recurring ones) that fall entirely outside the school year. */
  skippedOutsideYear: number;
}

export interface ImportOptions {
  /** The school's zone: timed events are placed on the school-local date they start (and end) on. */
  timezone: string;
  yearStart: SchoolDate;
  yearEnd: SchoolDate;
  /** The `no_school` form field (.ics only). */
  noSchool?: string;
}

/** A file that cannot be imported: the messages to show (each names its line where it has one). */
export class CalendarImportError extends Error {
  constructor(readonly problems: string[]) {
    super(problems[0]);
    this.name = "CalendarImportError";
  }
}

const tooMany = (filename: string) =>
  new CalendarImportError([
    `${filename} has too many events: at most ${MAX_IMPORT_DATES.toLocaleString("en-US")} dates can be imported at once. Split it into smaller files.`,
  ]);

/** Which reader a file goes to: by its name, else by its type. */
export function calendarFileKind(filename: string, contentType: string): "ics" | "csv" | null {
  if (/\.(ics|ical|ifb|icalendar)$/i.test(filename)) return "ics";
  if (/\.csv$/i.test(filename)) return "csv";
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type === "text/calendar") return "ics";
  if (type === "text/csv" || type === "application/csv") return "csv";
  return null;
}

const noTurn: TakeTurn = async () => {};

/**
 * Reads a calendar file. Pure, but long: the server runs it in a worker thread (lib/calendar/reader.server.ts),
 * which passes `turn` to share the machine's cores (lib/event-loop.ts).
 */
export async function parseCalendarFile(
  bytes: Uint8Array,
  filename: string,
  kind: "ics" | "csv",
  options: ImportOptions,
  turn: TakeTurn = noTurn,
): Promise<ParsedCalendarFile> {
  return kind === "ics" ? parseICalendar(bytes, filename, options, turn) : parseCalendarCsv(bytes, filename, options);
}

/** One line: no control characters, single spaces, at most 120 characters, never empty. */
function eventName(summary: string): string {
  const clean = summary
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const cut = clean.length > NAME_MAX ? clean.slice(0, NAME_MAX).trimEnd() : clean;
  return cut || "Untitled event";
}

/** The `no_school` field as a rule on an event's name. */
export function noSchoolRule(field: string | undefined): (name: string) => boolean {
  const value = field?.trim();
  if (!value) return (name) => NO_SCHOOL_WORDS.test(name);
  if (value.toLowerCase() === "all") return () => true;
  if (value.toLowerCase() === "none") return () => false;
  const names = new Set(
    value
      .split(",")
      .map((part) => eventName(part).toLowerCase())
      .filter(Boolean),
  );
  return (name) => names.has(name.toLowerCase());
}

// ---- iCalendar ---------------------------------------------------------------------------------------

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;

function decodeText(bytes: Uint8Array, filename: string): string {
  if (bytes.byteLength === 0) throw new CalendarImportError([`${filename} is empty.`]);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  return text.replace(/^\uFEFF/, "");
}

const notICalendar = (filename: string) =>
  new CalendarImportError([`${filename} is not an iCalendar file: export the calendar as .ics and upload it again.`]);

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
/** An iCalendar time's date on its own wall clock (YYYY-MM-DD). */
const wallDate = (time: Time) => `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;

/** The school-local date (and whether it is midnight there) of an iCalendar time. */
function localDate(time: Time, tzid: string | null, timezone: string): { date: SchoolDate; midnight: boolean } {
  const wall = wallDate(time);
  if (time.isDate) return { date: wall, midnight: true };
  let instant: Date | null = null;
  if (time.zone === ICAL.Timezone.utcTimezone || (time.zone && time.zone !== ICAL.Timezone.localTimezone)) {
    instant = new Date(time.toUnixTime() * 1000);
  } else if (tzid && isValidTimeZone(tzid) && isValidSchoolDate(wall)) {
    // A zone the file names without defining it (an IANA name): the runtime's zone data places it.
    instant = schoolInstant(wall, `${pad(time.hour)}:${pad(time.minute)}:${pad(time.second)}`, tzid);
  }
  if (!instant || Number.isNaN(instant.getTime())) {
    // Floating time: the same wall clock everywhere, so the school's.
    return { date: wall, midnight: time.hour === 0 && time.minute === 0 && time.second === 0 };
  }
  const local = format(new TZDate(instant, timezone), "yyyy-MM-dd HH:mm:ss");
  return { date: local.slice(0, 10), midnight: local.endsWith("00:00:00") };
}

/** The first and last school-local dates an occurrence covers (an all-day or midnight end is exclusive). */
function coveredDates(start: Time, end: Time | null, tzidStart: string | null, tzidEnd: string | null, timezone: string) {
  const first = localDate(start, tzidStart, timezone).date;
  if (!end) return { first, last: first };
  const until = localDate(end, tzidEnd ?? tzidStart, timezone);
  let last = until.midnight ? addDays(until.date, -1) : until.date;
  if (last < first) last = first;
  return { first, last };
}

const tzidOf = (component: Component, property: "dtstart" | "dtend") => {
  const value = component.getFirstProperty(property)?.getParameter("tzid");
  return typeof value === "string" ? value : null;
};
const cancelled = (component: Component) => String(component.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED";
const summaryOf = (component: Component) => eventName(String(component.getFirstPropertyValue("summary") ?? ""));

/** What one step of a series gives: an occurrence to place, a cancelled one, or the end of the series. */
type Step =
  | { done: true }
  | { done: false; before: true }
  | { done: false; cancelled: true }
  | { done: false; cancelled: false; name: string; first: SchoolDate; last: SchoolDate };

/**
 * An .ics file's events, recurrences expanded by ical.js, as school-local dates inside the school year.
 * Refused: a file that is not iCalendar, a line with a day that does not exist, a time zone nobody
 * knows or a rule repeating more often than daily (lib/calendar/ics-lines.ts), more than MAX_ICS_EVENTS
 * events, more than MAX_IMPORT_DATES dates, recurrences that take more than MAX_EXPANSION_STEPS steps
 * (ical.js's own included: lib/calendar/ics-bounds.ts), a recurrence that cannot be expanded, an event
 * without a start. Each series is expanded an occurrence at a time and stops at the school year's end.
 */
export async function parseICalendar(
  bytes: Uint8Array,
  filename: string,
  options: ImportOptions,
  turn: TakeTurn = noTurn,
): Promise<ParsedCalendarFile> {
  const text = decodeText(bytes, filename);
  const firstLine = text.slice(0, 2000).split(/\r?\n/).find((line) => line.trim() !== "") ?? "";
  if (firstLine.trim().toUpperCase() !== "BEGIN:VCALENDAR") throw notICalendar(filename);
  const lineProblems = icsLineProblems(text, options.timezone);
  if (lineProblems.length) throw new CalendarImportError(listed(lineProblems));
  await turn();
  let root: Component;
  try {
    const parsed: unknown = ICAL.parse(text);
    const first = Array.isArray(parsed) && typeof parsed[0] !== "string" ? parsed[0] : parsed;
    root = new ICAL.Component(first as unknown[]);
  } catch {
    throw notICalendar(filename);
  }
  if (root.name !== "vcalendar") throw notICalendar(filename);
  const vevents = root.getAllSubcomponents("vevent");
  if (vevents.length > MAX_ICS_EVENTS) {
    throw new CalendarImportError([
      `${filename} has too many events (${vevents.length.toLocaleString("en-US")}): at most ${MAX_ICS_EVENTS.toLocaleString("en-US")} can be imported at once. Export a shorter period.`,
    ]);
  }
  await turn();
  const noSchool = noSchoolRule(options.noSchool);
  const events: ImportedEvent[] = [];
  let skipped = 0;
  const budget = new ExpansionBudget(MAX_EXPANSION_STEPS);
  // Wall-clock days in an event's own zone: two days past the year's end is past it in any zone.
  const stopDate = options.yearEnd ? addDays(options.yearEnd, 2) : "0001-01-01";

  /** One occurrence, clipped to the school year (a part outside it is dropped; wholly outside: counted). */
  const place = (name: string, first: SchoolDate, last: SchoolDate) => {
    if (!options.yearStart || !options.yearEnd || last < options.yearStart || first > options.yearEnd) {
      skipped++;
      return;
    }
    const from = first < options.yearStart ? options.yearStart : first;
    const to = last > options.yearEnd ? options.yearEnd : last;
    const noBlocks = noSchool(name);
    for (let date = from; date <= to; date = addDays(date, 1)) {
      events.push({ date, name, no_blocks: noBlocks, where: `"${name}"` });
      if (events.length > MAX_IMPORT_DATES) throw tooMany(filename);
    }
  };

  const masters: Component[] = [];
  const exceptions = new Map<string, Component[]>();
  for (const vevent of vevents) {
    if (vevent.hasProperty("recurrence-id")) {
      const uid = String(vevent.getFirstPropertyValue("uid") ?? "");
      exceptions.set(uid, [...(exceptions.get(uid) ?? []), vevent]);
    } else masters.push(vevent);
  }
  const masterUids = new Set(masters.map((m) => String(m.getFirstPropertyValue("uid") ?? "")));
  // A moved occurrence whose series is not in the file stands on its own.
  for (const [uid, list] of exceptions) if (!masterUids.has(uid)) masters.push(...list);

  for (const component of masters) {
    await turn();
    if (cancelled(component)) continue;
    const uid = String(component.getFirstPropertyValue("uid") ?? "");
    const name = summaryOf(component);
    const spent = () =>
      new CalendarImportError([
        `The repeating event "${name}" in ${filename} repeats more than ${MAX_EXPANSION_STEPS.toLocaleString("en-US")} times before the school year ends: export the school year alone (or a shorter period) and upload that.`,
      ]);
    let event: InstanceType<typeof ICAL.Event>;
    try {
      const own = component.hasProperty("recurrence-id") ? undefined : (exceptions.get(uid) ?? []);
      event = bounded(budget, () => new ICAL.Event(component, own ? { exceptions: own } : { exceptions: [] }));
      if (!event.startDate) throw new Error("no start");
    } catch (error) {
      if (error instanceof ExpansionBudgetSpent) throw spent();
      throw new CalendarImportError([`"${name}" in ${filename} has no valid start date (DTSTART).`]);
    }
    const tzStart = tzidOf(component, "dtstart");
    const tzEnd = tzidOf(component, "dtend");
    try {
      if (!event.isRecurring() || event.isRecurrenceException()) {
        budget.spend();
        const { first, last } = bounded(budget, () =>
          coveredDates(event.startDate, event.endDate ?? null, tzStart, tzEnd, options.timezone),
        );
        place(name, first, last);
        continue;
      }
      const iterator = bounded(budget, () => event.iterator());
      stopAfter(iterator, stopDate);
      // Occurrences that end days before the year are counted without working out their dates (a rule
      // from long ago walks every one), unless an exception might move one into the year.
      const span = Math.ceil(Math.max(0, bounded(budget, () => event.duration?.toSeconds() ?? 0)) / 86_400);
      const surelyBefore =
        options.yearStart && Object.keys(event.exceptions).length === 0 && event.rangeExceptions.length === 0
          ? addDays(options.yearStart, -(span + 2))
          : null;
      const step = (): Step => {
        const next = iterator.next();
        if (next && surelyBefore && wallDate(next) < surelyBefore) return { done: false, before: true };
        // Occurrences after the school year are not expanded (a rule may never end).
        if (!next || !options.yearEnd || localDate(next, tzStart, options.timezone).date > options.yearEnd) return { done: true };
        const details = event.getOccurrenceDetails(next);
        const item = details.item ?? event;
        if (cancelled(item.component)) return { done: false, cancelled: true };
        const itemTzStart = item === event ? tzStart : tzidOf(item.component, "dtstart");
        const itemTzEnd = item === event ? tzEnd : tzidOf(item.component, "dtend");
        const { first, last } = coveredDates(details.startDate, details.endDate ?? null, itemTzStart, itemTzEnd, options.timezone);
        return { done: false, cancelled: false, name: item === event ? name : summaryOf(item.component), first, last };
      };
      for (;;) {
        await turn();
        budget.spend();
        const occurrence = bounded(budget, step);
        if (occurrence.done) break;
        if ("before" in occurrence) skipped++;
        else if (!occurrence.cancelled) place(occurrence.name, occurrence.first, occurrence.last);
      }
    } catch (error) {
      if (error instanceof CalendarImportError) throw error;
      if (error instanceof ExpansionBudgetSpent) throw spent();
      throw new CalendarImportError([`The repeating event "${name}" in ${filename} has a rule that cannot be expanded.`]);
    }
  }
  return { kind: "ics", events, skippedOutsideYear: skipped };
}

/** At most MAX_LISTED_ERRORS problems, and how many more there are. */
function listed(problems: string[]): string[] {
  const shown = problems.slice(0, MAX_LISTED_ERRORS);
  if (problems.length > shown.length) shown.push(`… and ${problems.length - shown.length} more lines with problems.`);
  return shown;
}

// ---- CSV ---------------------------------------------------------------------------------------------

const YES = new Set(["yes", "true", "1", "y"]);
const NO = new Set(["no", "false", "0", "n"]);
const headerName = (cell: string) =>
  cell
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/**
 * A CSV file with the header `date,name,in_session` (any case, any order, extra columns ignored), one
 * event per line: a date YYYY-MM-DD, a name, and whether school is in session (yes/no, true/false, 1/0).
 * Every line with a problem is named ("Line 7: …") and nothing is imported.
 */
export function parseCalendarCsv(bytes: Uint8Array, filename: string, options: ImportOptions): ParsedCalendarFile {
  let text: string;
  try {
    text = decodeCsv(bytes, filename);
  } catch (error) {
    if (error instanceof ImportFileError) throw new CalendarImportError([error.message]);
    throw error;
  }
  let records: CsvRecord[];
  try {
    records = readCsvRecords(text, filename, { to: MAX_IMPORT_DATES + 2 });
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new CalendarImportError([error.message]);
    throw error;
  }
  const header = records[0]?.cells.map(headerName) ?? [];
  const column = (name: string) => header.indexOf(name);
  const [dateAt, nameAt, sessionAt] = [column("date"), column("name"), column("in_session")];
  if (dateAt < 0 || nameAt < 0 || sessionAt < 0) {
    throw new CalendarImportError([
      `The first line of ${filename} must name the columns date, name and in_session${header.length ? ` (it has: ${header.filter(Boolean).join(", ")})` : ""}.`,
    ]);
  }
  const rows = records.slice(1).filter((r) => r.cells.some((cell) => cell.trim() !== ""));
  if (rows.length === 0) throw new CalendarImportError([`${filename} has no events to import.`]);
  if (rows.length > MAX_IMPORT_DATES) throw tooMany(filename);

  const problems: string[] = [];
  const events: ImportedEvent[] = [];
  let skipped = 0;
  for (const { line, cells } of rows) {
    const date = (cells[dateAt] ?? "").trim();
    const rawName = cells[nameAt] ?? "";
    const session = (cells[sessionAt] ?? "").trim().toLowerCase();
    const where = `Line ${line}`;
    const lineProblems: string[] = [];
    if (!isValidSchoolDate(date)) lineProblems.push(`"${date}" is not a date (YYYY-MM-DD).`);
    const name = rawName.trim();
    if (name === "") lineProblems.push("the name is empty.");
    else if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\n\r\u2028\u2029]/.test(name))
      lineProblems.push("the name contains characters that are not allowed (line breaks or control characters).");
    else if (name.length > NAME_MAX) lineProblems.push(`the name is longer than ${NAME_MAX} characters.`);
    if (!YES.has(session) && !NO.has(session))
      lineProblems.push(`in_session is "${cells[sessionAt]?.trim() ?? ""}": write yes or no.`);
    if (lineProblems.length) {
      problems.push(`${where}: ${lineProblems.join(" ")}`);
      continue;
    }
    if (!options.yearStart || !options.yearEnd || date < options.yearStart || date > options.yearEnd) {
      skipped++;
      continue;
    }
    events.push({ date, name, no_blocks: NO.has(session), where });
  }
  if (problems.length) throw new CalendarImportError(listed(problems));
  return { kind: "csv", events, skippedOutsideYear: skipped };
}
