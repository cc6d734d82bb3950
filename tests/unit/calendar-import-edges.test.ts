/** @jest-environment node */
import {
  CalendarImportError,
  MAX_IMPORT_DATES,
  parseCalendarCsv,
  parseCalendarFile,
  parseICalendar,
  type ImportOptions,
} from "@/lib/calendar/import";

/**
 * The edges of the calendar file readers that mutation testing found untested: which reader a kind
 * goes to, a file saved in Windows-1252 or with a byte-order mark, the CSV's header words, the limits
 * at their exact values, the list of problems cut at twenty, and the school year's own edges.
 */

const YEAR: ImportOptions = { timezone: "America/Vancouver", yearStart: "2026-09-01", yearEnd: "2027-06-30" };
const bytes = (text: string) => new TextEncoder().encode(text);
/** A text saved in Windows-1252 (its letters here are all in Latin-1, where the two agree). */
const windows1252 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
const ics = (...lines: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Flexblock tests//EN", ...lines, "END:VCALENDAR", ""].join("\r\n");
const event = (...lines: string[]) => ["BEGIN:VEVENT", ...lines, "END:VEVENT"];

async function problemsOf(parse: () => unknown): Promise<string[]> {
  try {
    await parse();
  } catch (error) {
    if (error instanceof CalendarImportError) return error.problems;
    throw error;
  }
  throw new Error("expected the file to be refused");
}

describe("parseCalendarFile", () => {
  it("reads an .ics file as iCalendar and a .csv as CSV", async () => {
    const fromIcs = await parseCalendarFile(bytes(ics(...event("UID:a", "DTSTART;VALUE=DATE:20261012", "SUMMARY:Thanksgiving"))), "a.ics", "ics", YEAR);
    expect(fromIcs).toEqual({
      kind: "ics",
      events: [{ date: "2026-10-12", name: "Thanksgiving", no_blocks: false, where: '"Thanksgiving"' }],
      skippedOutsideYear: 0,
    });
    const fromCsv = await parseCalendarFile(bytes("date,name,in_session\n2026-10-12,Thanksgiving,no\n"), "a.csv", "csv", YEAR);
    expect(fromCsv).toEqual({
      kind: "csv",
      events: [{ date: "2026-10-12", name: "Thanksgiving", no_blocks: true, where: "Line 2" }],
      skippedOutsideYear: 0,
    });
  });
});

describe("the file's characters", () => {
  it("reads a CSV saved in Windows-1252 (a spreadsheet's default) and one with a byte-order mark", () => {
    const latin = windows1252("date,name,in_session\n2026-12-21,Fête de Noël,no\n");
    expect(parseCalendarCsv(latin, "fetes.csv", YEAR).events.map((e) => e.name)).toEqual(["Fête de Noël"]);
    const marked = bytes("\uFEFFDate,Name,In Session\n2026-12-21,Winter Break,no\n");
    expect(parseCalendarCsv(marked, "break.csv", YEAR).events).toHaveLength(1);
  });

  it("reads an .ics file saved in Windows-1252, and one with a byte-order mark", async () => {
    const latin = windows1252(ics(...event("UID:n", "DTSTART;VALUE=DATE:20261221", "SUMMARY:Noël")));
    expect((await parseICalendar(latin, "noel.ics", YEAR)).events.map((e) => e.name)).toEqual(["Noël"]);
    const marked = bytes(`\uFEFF${ics(...event("UID:m", "DTSTART;VALUE=DATE:20261221", "SUMMARY:Break"))}`);
    expect((await parseICalendar(marked, "marked.ics", YEAR)).events).toHaveLength(1);
  });

  it("refuses an empty file by its name", async () => {
    expect(await problemsOf(() => parseCalendarCsv(new Uint8Array(), "empty.csv", YEAR))).toEqual(["empty.csv is empty."]);
  });
});

describe("CSV", () => {
  it("reads header words with spaces or hyphens as the column names (In Session, in-session)", () => {
    for (const header of ["date,name,In Session", "DATE , NAME , in-session", "date,name,in  session"]) {
      expect([header, parseCalendarCsv(bytes(`${header}\n2026-11-11,Remembrance Day,no\n`), "a.csv", YEAR).events.length]).toEqual([header, 1]);
    }
  });

  it("names the columns it has when one of the three is missing, and says nothing more of an empty header", async () => {
    expect(await problemsOf(() => parseCalendarCsv(bytes("date,title,session\n2026-11-11,x,no\n"), "a.csv", YEAR))).toEqual([
      "The first line of a.csv must name the columns date, name and in_session (it has: date, title, session).",
    ]);
    for (const header of ["name,in_session", "date,in_session", "date,name"]) {
      expect((await problemsOf(() => parseCalendarCsv(bytes(`${header}\nx,y\n`), "a.csv", YEAR)))[0]).toMatch(/^The first line of a\.csv must name/);
    }
  });

  it("skips blank lines, and refuses a file of only blank lines", async () => {
    const parsed = parseCalendarCsv(bytes("date,name,in_session\n\n , , \n2026-11-11,Remembrance Day,no\n,,\n"), "a.csv", YEAR);
    expect(parsed.events.map((e) => e.where)).toEqual(["Line 4"]);
    expect(await problemsOf(() => parseCalendarCsv(bytes("date,name,in_session\n,,\n"), "a.csv", YEAR))).toEqual(["a.csv has no events to import."]);
  });

  it("takes a name of exactly 120 characters and refuses 121", async () => {
    const ok = "A".repeat(120);
    expect(parseCalendarCsv(bytes(`date,name,in_session\n2026-11-11,${ok},no\n`), "a.csv", YEAR).events[0]!.name).toBe(ok);
    expect(await problemsOf(() => parseCalendarCsv(bytes(`date,name,in_session\n2026-11-11,${ok}B,no\n`), "a.csv", YEAR))).toEqual([
      "Line 2: the name is longer than 120 characters.",
    ]);
  });

  it("says the in_session value it read, trimmed, and an empty one as empty", async () => {
    expect(await problemsOf(() => parseCalendarCsv(bytes("date,name,in_session\n2026-11-11,Day, maybe \n2026-11-12,Day,\n"), "a.csv", YEAR))).toEqual([
      'Line 2: in_session is "maybe": write yes or no.',
      'Line 3: in_session is "": write yes or no.',
    ]);
  });

  it("lists twenty bad lines and how many more there are", async () => {
    const lines = Array.from({ length: 23 }, (_, i) => `not-a-date-${i},Day,no`);
    const problems = await problemsOf(() => parseCalendarCsv(bytes(`date,name,in_session\n${lines.join("\n")}\n`), "a.csv", YEAR));
    expect(problems).toHaveLength(21);
    expect(problems[19]).toBe('Line 21: "not-a-date-19" is not a date (YYYY-MM-DD).');
    expect(problems[20]).toBe("… and 3 more lines with problems.");
    const twenty = Array.from({ length: 20 }, (_, i) => `bad-${i},Day,no`);
    expect(await problemsOf(() => parseCalendarCsv(bytes(`date,name,in_session\n${twenty.join("\n")}\n`), "a.csv", YEAR))).toHaveLength(20);
  });

  it("keeps the school year's first and last days and counts the days outside it", () => {
    const parsed = parseCalendarCsv(
      bytes("date,name,in_session\n2026-08-31,Before,no\n2026-09-01,First,no\n2027-06-30,Last,no\n2027-07-01,After,no\n"),
      "a.csv",
      YEAR,
    );
    expect(parsed.events.map((e) => e.name)).toEqual(["First", "Last"]);
    expect(parsed.skippedOutsideYear).toBe(2);
  });

  it("takes exactly the most dates a file may hold, and refuses one more", async () => {
    const rows = (n: number) => Array.from({ length: n }, () => "2026-11-11,Day,yes").join("\n");
    expect(parseCalendarCsv(bytes(`date,name,in_session\n${rows(MAX_IMPORT_DATES)}\n`), "a.csv", YEAR).events).toHaveLength(MAX_IMPORT_DATES);
    expect((await problemsOf(() => parseCalendarCsv(bytes(`date,name,in_session\n${rows(MAX_IMPORT_DATES + 1)}\n`), "a.csv", YEAR)))[0]).toMatch(/^a\.csv has too many events: at most 5,000 dates/);
  });

  it("says where an unreadable CSV breaks", async () => {
    const problems = await problemsOf(() => parseCalendarCsv(bytes('date,name,in_session\n2026-11-11,"Open quote,no\n'), "a.csv", YEAR));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/a\.csv/);
  });
});

describe("iCalendar", () => {
  it("refuses a file whose first line (blank lines passed over) is not BEGIN:VCALENDAR", async () => {
    const refused = "x.ics is not an iCalendar file: export the calendar as .ics and upload it again.";
    expect(await problemsOf(() => parseICalendar(bytes("\r\n\r\nBEGIN:VEVENT\r\nEND:VEVENT\r\n"), "x.ics", YEAR))).toEqual([refused]);
    expect(await problemsOf(() => parseICalendar(bytes("date,name,in_session\r\nBEGIN:VCALENDAR\r\n"), "x.ics", YEAR))).toEqual([refused]);
  });

  it("names the event without a valid start date", async () => {
    expect(await problemsOf(() => parseICalendar(bytes(ics(...event("UID:a", "SUMMARY:No start"))), "x.ics", YEAR))).toEqual([
      expect.stringMatching(/^"No start" in x\.ics has no valid start date \(DTSTART\)/),
    ]);
  });

  it("keeps an event on the school year's first and last days, and counts one wholly outside", async () => {
    const parsed = await parseICalendar(
      bytes(
        ics(
          ...event("UID:1", "DTSTART;VALUE=DATE:20260831", "SUMMARY:Before"),
          ...event("UID:2", "DTSTART;VALUE=DATE:20260901", "SUMMARY:First"),
          ...event("UID:3", "DTSTART;VALUE=DATE:20270630", "SUMMARY:Last"),
          ...event("UID:4", "DTSTART;VALUE=DATE:20270701", "SUMMARY:After"),
        ),
      ),
      "x.ics",
      YEAR,
    );
    expect(parsed.events.map((e) => `${e.date} ${e.name}`)).toEqual(["2026-09-01 First", "2027-06-30 Last"]);
    expect(parsed.skippedOutsideYear).toBe(2);
  });

  it("clips a multi-day event that starts before the year or ends after it to the year's days", async () => {
    const parsed = await parseICalendar(
      bytes(
        ics(
          ...event("UID:1", "DTSTART;VALUE=DATE:20260830", "DTEND;VALUE=DATE:20260903", "SUMMARY:Opening"),
          ...event("UID:2", "DTSTART;VALUE=DATE:20270629", "DTEND;VALUE=DATE:20270703", "SUMMARY:Closing"),
        ),
      ),
      "x.ics",
      YEAR,
    );
    expect(parsed.events.map((e) => `${e.date} ${e.name}`)).toEqual([
      "2026-09-01 Opening",
      "2026-09-02 Opening",
      "2027-06-29 Closing",
      "2027-06-30 Closing",
    ]);
  });

  it("gives an event that ends before it starts its start day alone", async () => {
    const parsed = await parseICalendar(
      bytes(ics(...event("UID:1", "DTSTART;VALUE=DATE:20261012", "DTEND;VALUE=DATE:20261010", "SUMMARY:Backwards"))),
      "x.ics",
      YEAR,
    );
    expect(parsed.events.map((e) => e.date)).toEqual(["2026-10-12"]);
  });

  it("reads a moved occurrence whose series is not in the file as an event of its own", async () => {
    const parsed = await parseICalendar(
      bytes(ics(...event("UID:orphan", "RECURRENCE-ID;VALUE=DATE:20261104", "DTSTART;VALUE=DATE:20261105", "SUMMARY:Moved day"))),
      "x.ics",
      YEAR,
    );
    expect(parsed.events.map((e) => `${e.date} ${e.name}`)).toEqual(["2026-11-05 Moved day"]);
  });

  it("leaves out a cancelled event", async () => {
    const parsed = await parseICalendar(
      bytes(
        ics(
          ...event("UID:1", "DTSTART;VALUE=DATE:20261012", "STATUS:CANCELLED", "SUMMARY:Gone"),
          ...event("UID:2", "DTSTART;VALUE=DATE:20261013", "STATUS:CONFIRMED", "SUMMARY:Kept"),
        ),
      ),
      "x.ics",
      YEAR,
    );
    expect(parsed.events.map((e) => e.name)).toEqual(["Kept"]);
  });
});
