/** @jest-environment node */
import {
  calendarFileKind,
  CalendarImportError,
  MAX_IMPORT_DATES,
  noSchoolRule,
  parseCalendarCsv,
  parseICalendar,
  type ImportOptions,
} from "@/lib/calendar/import";

/**
 * The calendar file readers of POST /api/calendar-events/import: iCalendar through ical.js (recurrences
 * expanded with their exceptions, times placed on the school's dates) and CSV (every bad line named).
 */

const YEAR: ImportOptions = { timezone: "America/Vancouver", yearStart: "2026-09-01", yearEnd: "2027-06-30" };
const bytes = (text: string) => new TextEncoder().encode(text);
const ics = (...events: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Flexblock tests//EN", ...events, "END:VCALENDAR", ""].join("\r\n");
const vevent = (...lines: string[]) => ["BEGIN:VEVENT", ...lines, "END:VEVENT"].join("\r\n");
const dates = async (text: string, options: ImportOptions = YEAR) =>
  (await parseICalendar(bytes(text), "school.ics", options)).events.map((e) => `${e.date} ${e.name}${e.no_blocks ? " (no school)" : ""}`);

/** The problems a parse is refused with. */
async function problemsOf(parse: () => unknown): Promise<string[]> {
  try {
    await parse();
  } catch (error) {
    if (error instanceof CalendarImportError) return error.problems;
    throw error;
  }
  throw new Error("expected the file to be refused");
}

describe("iCalendar", () => {
  it("expands a weekly RRULE holiday without the EXDATE, and counts the occurrences before the year", async () => {
    const parsed = await parseICalendar(
      bytes(
        ics(
          vevent(
            "UID:fridays@test",
            "DTSTART;VALUE=DATE:20260821",
            "DTEND;VALUE=DATE:20260822",
            "RRULE:FREQ=WEEKLY;COUNT=6",
            "EXDATE;VALUE=DATE:20260911",
            "SUMMARY:Friday Holiday",
          ),
        ),
      ),
      "school.ics",
      YEAR,
    );
    // Aug 21 and 28 are before the year; Sep 11 is excepted; COUNT includes the excepted date.
    expect(parsed.events.map((e) => e.date)).toEqual(["2026-09-04", "2026-09-18", "2026-09-25"]);
    expect(parsed.events.every((e) => e.no_blocks && e.name === "Friday Holiday")).toBe(true);
    expect(parsed.skippedOutsideYear).toBe(2);
  });

  it("adds RDATE dates, moves an occurrence with a RECURRENCE-ID and drops a cancelled one", async () => {
    const text = ics(
      vevent(
        "UID:series@test",
        "DTSTART;VALUE=DATE:20261005",
        "RRULE:FREQ=WEEKLY;UNTIL=20261026",
        "RDATE;VALUE=DATE:20261030",
        "SUMMARY:Assembly",
      ),
      vevent("UID:series@test", "RECURRENCE-ID;VALUE=DATE:20261012", "DTSTART;VALUE=DATE:20261014", "SUMMARY:Assembly (moved)"),
      vevent("UID:series@test", "RECURRENCE-ID;VALUE=DATE:20261019", "DTSTART;VALUE=DATE:20261019", "STATUS:CANCELLED", "SUMMARY:Assembly"),
    );
    expect(await dates(text)).toEqual([
      "2026-10-05 Assembly",
      "2026-10-14 Assembly (moved)",
      "2026-10-26 Assembly",
      "2026-10-30 Assembly",
    ]);
  });

  it("stops a rule that never ends at the end of the school year", async () => {
    const parsed = await parseICalendar(
      bytes(ics(vevent("UID:monthly@test", "DTSTART;VALUE=DATE:20260915", "RRULE:FREQ=MONTHLY", "SUMMARY:Staff meeting"))),
      "school.ics",
      YEAR,
    );
    expect(parsed.events.map((e) => e.date)).toEqual([
      "2026-09-15", "2026-10-15", "2026-11-15", "2026-12-15", "2027-01-15",
      "2027-02-15", "2027-03-15", "2027-04-15", "2027-05-15", "2027-06-15",
    ]);
    expect(parsed.events[0]!.no_blocks).toBe(false);
  });

  it("gives a multi-day event one entry per date (DTEND exclusive) and clips it to the year", async () => {
    const text = ics(
      vevent("UID:winter@test", "DTSTART;VALUE=DATE:20261221", "DTEND;VALUE=DATE:20261224", "SUMMARY:Winter Break"),
      vevent("UID:summer@test", "DTSTART;VALUE=DATE:20270628", "DTEND;VALUE=DATE:20270703", "SUMMARY:Summer vacation"),
    );
    expect(await dates(text)).toEqual([
      "2026-12-21 Winter Break (no school)",
      "2026-12-22 Winter Break (no school)",
      "2026-12-23 Winter Break (no school)",
      "2027-06-28 Summer vacation (no school)",
      "2027-06-29 Summer vacation (no school)",
      "2027-06-30 Summer vacation (no school)",
    ]);
  });

  it("places timed events on the school's date: UTC, a zone the file defines, one it only names, floating", async () => {
    const vtimezone = [
      "BEGIN:VTIMEZONE",
      "TZID:Eastern",
      "BEGIN:STANDARD",
      "DTSTART:19701101T020000",
      "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
      "TZOFFSETFROM:-0400",
      "TZOFFSETTO:-0500",
      "END:STANDARD",
      "BEGIN:DAYLIGHT",
      "DTSTART:19700308T020000",
      "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
      "TZOFFSETFROM:-0500",
      "TZOFFSETTO:-0400",
      "END:DAYLIGHT",
      "END:VTIMEZONE",
    ].join("\r\n");
    const text = ics(
      vtimezone,
      // 05:00 UTC on Oct 16 is 22:00 on Oct 15 in Vancouver.
      vevent("UID:utc@test", "DTSTART:20261016T050000Z", "DTEND:20261016T060000Z", "SUMMARY:Late UTC"),
      // 01:30 in the east on Oct 21 is 22:30 on Oct 20 in Vancouver.
      vevent("UID:east@test", "DTSTART;TZID=Eastern:20261021T013000", "DTEND;TZID=Eastern:20261021T020000", "SUMMARY:East"),
      // A named IANA zone without a VTIMEZONE: 06:00 in London on Nov 2 is 22:00 on Nov 1 in Vancouver.
      vevent("UID:london@test", "DTSTART;TZID=Europe/London:20261102T060000", "DTEND;TZID=Europe/London:20261102T070000", "SUMMARY:London"),
      vevent("UID:floating@test", "DTSTART:20261103T090000", "DTEND:20261103T100000", "SUMMARY:Floating"),
      // Until midnight: the end date is not covered.
      vevent("UID:overnight@test", "DTSTART:20261104T200000", "DTEND:20261105T000000", "SUMMARY:Evening"),
    );
    expect(await dates(text)).toEqual([
      "2026-10-15 Late UTC",
      "2026-10-20 East",
      "2026-11-01 London",
      "2026-11-03 Floating",
      "2026-11-04 Evening",
    ]);
  });

  it("decides 'no school' by summary: the default words, all, none, or a list of summaries", async () => {
    const text = ics(
      vevent("UID:a@test", "DTSTART;VALUE=DATE:20261009", "SUMMARY:Pro-D Day"),
      vevent("UID:b@test", "DTSTART;VALUE=DATE:20261012", "SUMMARY:Thanksgiving"),
      vevent("UID:c@test", "DTSTART;VALUE=DATE:20261013", "SUMMARY:Breakfast club"),
    );
    expect(await dates(text)).toEqual(["2026-10-09 Pro-D Day (no school)", "2026-10-12 Thanksgiving", "2026-10-13 Breakfast club"]);
    expect((await dates(text, { ...YEAR, noSchool: "all" })).filter((d) => d.endsWith("(no school)"))).toHaveLength(3);
    expect((await dates(text, { ...YEAR, noSchool: "none" })).filter((d) => d.endsWith("(no school)"))).toHaveLength(0);
    expect(await dates(text, { ...YEAR, noSchool: " thanksgiving , Breakfast Club" })).toEqual([
      "2026-10-09 Pro-D Day",
      "2026-10-12 Thanksgiving (no school)",
      "2026-10-13 Breakfast club (no school)",
    ]);
    expect(noSchoolRule(undefined)("Spring Break")).toBe(true);
    expect(noSchoolRule(undefined)("Professional Development")).toBe(true);
    expect(noSchoolRule(undefined)("School closed (snow)")).toBe(true);
    expect(noSchoolRule(undefined)("Product fair")).toBe(false);
  });

  it("names events safely: one line, at most 120 characters, never empty", async () => {
    const text = ics(
      vevent("UID:a@test", "DTSTART;VALUE=DATE:20261009", `SUMMARY:${"A".repeat(200)}`),
      vevent("UID:b@test", "DTSTART;VALUE=DATE:20261010", "SUMMARY:Two\\nlines"),
      vevent("UID:c@test", "DTSTART;VALUE=DATE:20261011"),
    );
    const names = (await parseICalendar(bytes(text), "school.ics", YEAR)).events.map((e) => e.name);
    expect(names).toEqual(["A".repeat(120), "Two lines", "Untitled event"]);
  });

  it("refuses a file that is not iCalendar", async () => {
    expect((await problemsOf(() => parseICalendar(bytes("date,name,in_session\n2026-10-01,x,no\n"), "school.ics", YEAR)))[0]).toBe(
      "school.ics is not an iCalendar file: export the calendar as .ics and upload it again.",
    );
    expect((await problemsOf(() => parseICalendar(bytes("BEGIN:VCALENDAR\r\nthis is not a property\r\n"), "school.ics", YEAR)))[0]).toMatch(
      /is not an iCalendar file/,
    );
    expect((await problemsOf(() => parseICalendar(bytes(""), "school.ics", YEAR)))[0]).toBe("school.ics is empty.");
  });

  it("refuses 10,000 events, and rules that expand past 5,000 dates in the year", async () => {
    const many = ics(
      ...Array.from({ length: 10_000 }, (_, i) => vevent(`UID:e${i}@test`, "DTSTART;VALUE=DATE:20261009", `SUMMARY:Event ${i}`)),
    );
    expect((await problemsOf(() => parseICalendar(bytes(many), "big.ics", YEAR)))[0]).toMatch(/^big\.ics has too many events \(10,000\)/);
    // 30 daily series over the year: 30 × 303 dates.
    const daily = ics(
      ...Array.from({ length: 30 }, (_, i) => vevent(`UID:d${i}@test`, "DTSTART;VALUE=DATE:20260901", "RRULE:FREQ=DAILY", `SUMMARY:Daily ${i}`)),
    );
    expect((await problemsOf(() => parseICalendar(bytes(daily), "daily.ics", YEAR)))[0]).toMatch(/^daily\.ics has too many events: at most 5,000 dates/);
    expect(MAX_IMPORT_DATES).toBe(5000);
  });

  it("refuses a rule repeating every second, minute or hour, or several times a day, naming its line", async () => {
    for (const [freq, unit] of [["SECONDLY", "second"], ["MINUTELY", "minute"], ["HOURLY", "hour"]]) {
      const text = ics(vevent("UID:often@test", "DTSTART:20260901T080000Z", `RRULE:FREQ=${freq};INTERVAL=1`, "SUMMARY:Often"));
      expect(await problemsOf(() => parseICalendar(bytes(text), "often.ics", YEAR))).toEqual([
        `Line 7: the event repeats every ${unit} (RRULE FREQ=${freq}). Events on a school calendar repeat daily at most: export the calendar without this rule.`,
      ]);
    }
    const hours = ics(vevent("UID:hours@test", "DTSTART:20260901T080000Z", "RRULE:FREQ=DAILY;BYHOUR=8,9,10", "SUMMARY:Bells"));
    expect((await problemsOf(() => parseICalendar(bytes(hours), "bells.ics", YEAR)))[0]).toBe(
      "Line 7: the event repeats several times a day (RRULE BYHOUR=8,9,10). Events on a school calendar repeat daily at most: export the calendar without this rule.",
    );
    // A time zone's own rules are checked too: ical.js would expand them as far.
    const zone = ics(
      ["BEGIN:VTIMEZONE", "TZID:Odd", "BEGIN:STANDARD", "DTSTART:19700101T000000", "RRULE:FREQ=MINUTELY", "TZOFFSETFROM:-0800", "TZOFFSETTO:-0800", "END:STANDARD", "END:VTIMEZONE"].join("\r\n"),
      vevent("UID:z@test", "DTSTART;TZID=Odd:20261001T090000", "SUMMARY:Zoned"),
    );
    expect((await problemsOf(() => parseICalendar(bytes(zone), "zone.ics", YEAR)))[0]).toMatch(/^Line 8: the event repeats every minute/);
  });

  it("stops a daily rule that never matches (February 30) at the year's end instead of looking for ever", async () => {
    const text = ics(
      vevent("UID:never@test", "DTSTART;VALUE=DATE:20260901", "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30", "SUMMARY:Never"),
      vevent("UID:april@test", "DTSTART;VALUE=DATE:20260904", "RRULE:FREQ=DAILY;BYMONTH=4;BYMONTHDAY=31", "SUMMARY:April 31"),
      vevent("UID:fine@test", "DTSTART;VALUE=DATE:20261009", "SUMMARY:Pro-D Day"),
    );
    const started = performance.now();
    // DTSTART is the first occurrence of a series whatever its rule (RFC 5545), and the only one here.
    expect(await dates(text)).toEqual(["2026-09-01 Never", "2026-09-04 April 31", "2026-10-09 Pro-D Day (no school)"]);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it("refuses a series that takes more than 50,000 steps before the year (a daily rule from 1800)", async () => {
    const text = ics(vevent("UID:old@test", "DTSTART;VALUE=DATE:18000101", "RRULE:FREQ=DAILY", "SUMMARY:Every day"));
    expect(await problemsOf(() => parseICalendar(bytes(text), "old.ics", YEAR))).toEqual([
      'The repeating event "Every day" in old.ics repeats more than 50,000 times before the school year ends: export the school year alone (or a shorter period) and upload that.',
    ]);
    // From 1990 it is within the budget: the year's dates.
    const recent = ics(vevent("UID:new@test", "DTSTART;VALUE=DATE:19900101", "RRULE:FREQ=WEEKLY;BYDAY=MO", "SUMMARY:Mondays"));
    expect((await dates(recent)).length).toBe(43);
  });

  it("refuses a day that does not exist, naming the line, instead of moving it to the next month", async () => {
    const text = ics(
      vevent("UID:a@test", "DTSTART;VALUE=DATE:20270230", "SUMMARY:Closed"),
      vevent("UID:b@test", "DTSTART:20261001T250000Z", "SUMMARY:Late"),
      vevent("UID:c@test", "DTSTART;VALUE=DATE:20261001", "RRULE:FREQ=WEEKLY;UNTIL=20261131", "EXDATE;VALUE=DATE:20261008,20261399", "SUMMARY:Weekly"),
      vevent("UID:d@test", "DTSTART;VALUE=DATE:20270301", "DTEND;VALUE=DATE:2027-03-02", "SUMMARY:Dashes"),
    );
    expect(await problemsOf(() => parseICalendar(bytes(text), "days.ics", YEAR))).toEqual([
      'Line 6: DTSTART "20270230" is not a date.',
      'Line 11: DTSTART "20261001T250000Z" is not a date and time.',
      'Line 17: RRULE UNTIL "20261131" is not a date.',
      'Line 18: EXDATE "20261399" is not a date.',
      'Line 24: DTEND "2027-03-02" is not a date.',
    ]);
    // February 29 in a leap year is a day.
    expect(await dates(ics(vevent("UID:leap@test", "DTSTART;VALUE=DATE:20280229", "SUMMARY:Leap")), { ...YEAR, yearEnd: "2028-06-30" })).toEqual([
      "2028-02-29 Leap",
    ]);
  });

  it("refuses a time zone that the file does not describe and that has no name in the zone data", async () => {
    const text = ics(
      vevent("UID:a@test", "DTSTART;TZID=Mars/Olympus_Mons:20261001T100000", "SUMMARY:Landing"),
      vevent("UID:b@test", "DTSTART;TZID=\"Europe/London\":20261002T100000", "DTEND;TZID=Nowhere:20261002T110000", "SUMMARY:Two zones"),
    );
    expect(await problemsOf(() => parseICalendar(bytes(text), "zones.ics", YEAR))).toEqual([
      'Line 6: the time zone "Mars/Olympus_Mons" is not known: the file does not describe it (VTIMEZONE) and it is not a time zone name such as America/Vancouver.',
      'Line 12: the time zone "Nowhere" is not known: the file does not describe it (VTIMEZONE) and it is not a time zone name such as America/Vancouver.',
    ]);
  });
});

describe("CSV", () => {
  const csv = (text: string, options: ImportOptions = YEAR) => parseCalendarCsv(bytes(text), "days.csv", options);

  it("reads date, name and in_session in any order and case, ignoring other columns", async () => {
    const parsed = csv(
      "Name,Notes,IN_SESSION,Date\r\n" +
        "Thanksgiving,,no,2026-10-12\r\n" +
        '"Parent night, evening",gym,Yes,2026-10-15\r\n' +
        "\r\n" +
        "Pro-D,,0,2026-10-23\r\n" +
        "Summer camp,,1,2027-07-15\r\n",
    );
    expect(parsed.events.map(({ date, name, no_blocks, where }) => ({ date, name, no_blocks, where }))).toEqual([
      { date: "2026-10-12", name: "Thanksgiving", no_blocks: true, where: "Line 2" },
      { date: "2026-10-15", name: "Parent night, evening", no_blocks: false, where: "Line 3" },
      { date: "2026-10-23", name: "Pro-D", no_blocks: true, where: "Line 5" },
    ]);
    expect(parsed.skippedOutsideYear).toBe(1);
  });

  it("names every bad line, and imports nothing", async () => {
    const problems = await problemsOf(() =>
      csv(
        "date,name,in_session\n" +
          "2026-10-12,Thanksgiving,no\n" +
          "2026-10-13,Fine,yes\n" +
          "2026-10-14,Fine too,yes\n" +
          "2026-10-15,Also fine,true\n" +
          "2026-10-16,Still fine,false\n" +
          "2026-13-01,Bad date,no\n" +
          "2026-10-20,,no\n" +
          "2026-10-21,Unsure,maybe\n",
      ),
    );
    expect(problems).toEqual([
      'Line 7: "2026-13-01" is not a date (YYYY-MM-DD).',
      "Line 8: the name is empty.",
      'Line 9: in_session is "maybe": write yes or no.',
    ]);
  });

  it("counts lines after a quoted line break as a spreadsheet does", async () => {
    const problems = await problemsOf(() => csv('date,name,in_session\n2026-10-12,"Two\nlines",no\n10/13/2026,Bad,no\n'));
    expect(problems[0]).toBe('Line 2: the name contains characters that are not allowed (line breaks or control characters).');
    expect(problems[1]).toBe('Line 4: "10/13/2026" is not a date (YYYY-MM-DD).');
  });

  it("refuses a file without the three columns, an empty one and one with too many lines", async () => {
    expect((await problemsOf(() => csv("day,title\n2026-10-12,x\n")))[0]).toBe(
      "The first line of days.csv must name the columns date, name and in_session (it has: day, title).",
    );
    expect((await problemsOf(() => csv("date,name,in_session\n")))[0]).toBe("days.csv has no events to import.");
    const lines = Array.from({ length: 5001 }, () => "2026-10-12,x,yes").join("\n");
    expect((await problemsOf(() => csv(`date,name,in_session\n${lines}\n`)))[0]).toMatch(/too many events/);
  });

  it("knows a file's kind by its name, else by its type", async () => {
    expect(calendarFileKind("School.ICS", "")).toBe("ics");
    expect(calendarFileKind("days.csv", "application/vnd.ms-excel")).toBe("csv");
    expect(calendarFileKind("export", "text/calendar; charset=utf-8")).toBe("ics");
    expect(calendarFileKind("notes.txt", "text/plain")).toBeNull();
  });
});
