import { isValidTimeZone } from "@/lib/core/time";

/**
 * The checks an .ics file passes, line by line, before ical.js reads it (lib/calendar/import.ts): ical.js
 * quietly rolls a day that does not exist over into the next month (DTSTART 20270230 became March 2),
 * reads a time zone it does not know as the school's wall clock, and expands a rule that repeats every
 * second, minute or hour one occurrence at a time, for ever. Each problem names its line, as the CSV
 * reader does; nothing in the file is imported when there is one.
 */

/** Properties whose values are dates or dates and times. */
const DATED = new Set(["DTSTART", "DTEND", "DUE", "RECURRENCE-ID", "EXDATE", "RDATE"]);
/** Rules that repeat an event. */
const RULES = new Set(["RRULE", "EXRULE"]);
const SUB_DAILY: Record<string, string> = { SECONDLY: "second", MINUTELY: "minute", HOURLY: "hour" };
/** Rule parts that would place an event more than once a day when they list several values. */
const TIME_OF_DAY_PARTS = ["BYHOUR", "BYMINUTE", "BYSECOND"];

const DATE_VALUE = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/;

/** Whether `value` is a real day (and time of day) in iCalendar's basic format: 20270228, 20270228T093000[Z]. */
export function isIcsDate(value: string): boolean {
  const match = DATE_VALUE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  if (day > new Date(Date.UTC(2000, month, 0)).getUTCDate()) return false; // 29 for February
  if (month === 2 && day === 29 && !(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0))) return false;
  if (match[4] === undefined) return true;
  // A leap second (60) is allowed, as RFC 5545 allows it.
  return Number(match[4]) <= 23 && Number(match[5]) <= 59 && Number(match[6]) <= 60;
}

interface ContentLine {
  /** The file's line where it starts (a folded line goes on on the lines after). */
  line: number;
  name: string;
  params: Map<string, string>;
  value: string;
}

/** The logical lines of the file (folded lines joined), each with the line it starts on. */
function* contentLines(text: string): Generator<ContentLine> {
  const physical = text.split(/\r\n|\n|\r/);
  for (let at = 0; at < physical.length; at++) {
    const start = at;
    let line = physical[at]!;
    while (at + 1 < physical.length && /^[ \t]/.test(physical[at + 1]!)) line += physical[++at]!.slice(1);
    if (line.trim() === "") continue;
    const parsed = splitLine(line);
    if (parsed) yield { line: start + 1, ...parsed };
  }
}

/** NAME;PARAM=value;PARAM="quoted:value":VALUE, or null when the line has no colon. */
function splitLine(line: string) {
  let at = 0;
  while (at < line.length && line[at] !== ";" && line[at] !== ":") at++;
  const name = line.slice(0, at).toUpperCase();
  const params = new Map<string, string>();
  while (line[at] === ";") {
    const keyStart = ++at;
    while (at < line.length && line[at] !== "=" && line[at] !== ";" && line[at] !== ":") at++;
    const key = line.slice(keyStart, at).toUpperCase();
    let value = "";
    if (line[at] === "=") {
      at++;
      const valueStart = at;
      let quoted = false;
      while (at < line.length && (quoted || (line[at] !== ";" && line[at] !== ":"))) {
        if (line[at] === '"') quoted = !quoted;
        at++;
      }
      value = line.slice(valueStart, at).replace(/^"|"$/g, "");
    }
    params.set(key, value);
  }
  if (line[at] !== ":") return null;
  return { name, params, value: line.slice(at + 1) };
}

const ruleParts = (value: string) =>
  new Map(
    value.split(";").map((part) => {
      const [key = "", ...rest] = part.split("=");
      return [key.trim().toUpperCase(), rest.join("=").trim()] as const;
    }),
  );

/** The problems of the file's lines, in file order ("Line 5: …"); empty when ical.js may read it. */
export function icsLineProblems(text: string, schoolTimezone: string): string[] {
  const problems: string[] = [];
  const defined = new Set<string>();
  const zonesUsed: { line: number; tzid: string }[] = [];
  let inTimezone = 0;
  for (const { line, name, params, value } of contentLines(text)) {
    const where = `Line ${line}`;
    if (name === "BEGIN" && value.trim().toUpperCase() === "VTIMEZONE") inTimezone++;
    else if (name === "END" && value.trim().toUpperCase() === "VTIMEZONE") inTimezone = Math.max(0, inTimezone - 1);
    else if (name === "TZID" && inTimezone > 0) defined.add(value.trim());
    const tzid = params.get("TZID");
    if (tzid !== undefined) zonesUsed.push({ line, tzid });
    if (DATED.has(name)) {
      for (const item of value.split(",")) {
        // A PERIOD (RDATE) is start/end or start/duration: its start is the date.
        const date = item.trim().split("/")[0]!;
        if (!isIcsDate(date)) {
          problems.push(`${where}: ${name} "${item.trim()}" is not a ${date.includes("T") ? "date and time" : "date"}.`);
          break;
        }
      }
    } else if (RULES.has(name)) {
      const parts = ruleParts(value);
      const freq = (parts.get("FREQ") ?? "").toUpperCase();
      const until = parts.get("UNTIL");
      const many = TIME_OF_DAY_PARTS.find((part) => (parts.get(part) ?? "").includes(","));
      if (SUB_DAILY[freq]) {
        problems.push(
          `${where}: the event repeats every ${SUB_DAILY[freq]} (${name} FREQ=${freq}). Events on a school calendar repeat daily at most: export the calendar without this rule.`,
        );
      } else if (many) {
        problems.push(
          `${where}: the event repeats several times a day (${name} ${many}=${parts.get(many)}). Events on a school calendar repeat daily at most: export the calendar without this rule.`,
        );
      } else if (until !== undefined && !isIcsDate(until)) {
        problems.push(`${where}: ${name} UNTIL "${until}" is not a date.`);
      }
    }
  }
  for (const { line, tzid } of zonesUsed) {
    if (defined.has(tzid) || isValidTimeZone(tzid)) continue;
    problems.push(
      `Line ${line}: the time zone "${tzid}" is not known: the file does not describe it (VTIMEZONE) and it is not a time zone name such as ${schoolTimezone}.`,
    );
  }
  return problems.sort((a, b) => lineOf(a) - lineOf(b));
}

const lineOf = (problem: string) => Number(/^Line (\d+)/.exec(problem)?.[1] ?? 0);
