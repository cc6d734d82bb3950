/** @jest-environment node */
import { icsLineProblems, isIcsDate } from "@/lib/calendar/ics-lines";

/**
 * The line checks an uploaded .ics file passes before ical.js reads it (lib/calendar/ics-lines.ts):
 * real dates only, known time zones only, no rule repeating more often than daily, each problem on its line.
 */

const ZONE = "America/Vancouver";
/** The problems of a file given as its physical lines (CRLF, as iCalendar writes them). */
const problems = (...lines: string[]) => icsLineProblems(lines.join("\r\n"), ZONE);

describe("isIcsDate: iCalendar's basic date and date-time format, real days only", () => {
  it.each(["20270228", "00010101", "20271231", "20270329", "20270131", "20270430"])("%s is a date", (value) => {
    expect(isIcsDate(value)).toBe(true);
  });

  it.each(["00000101", "20270001", "20271301", "20270100", "20270230", "20270431", "2027-02-28", "2027022", ""])(
    "%s is not a date",
    (value) => {
      expect(isIcsDate(value)).toBe(false);
    },
  );

  it("takes February 29 in leap years only: every fourth year, not centuries unless divisible by 400", () => {
    expect(isIcsDate("20280229")).toBe(true);
    expect(isIcsDate("20000229")).toBe(true);
    expect(isIcsDate("20270229")).toBe(false);
    expect(isIcsDate("19000229")).toBe(false);
    expect(isIcsDate("21000229")).toBe(false);
    // The 29th of other months is no leap-year question.
    expect(isIcsDate("20270129")).toBe(true);
    expect(isIcsDate("20270228")).toBe(true);
  });

  it("takes times of day up to 23:59, a leap second included, with or without Z", () => {
    expect(isIcsDate("20270228T000000")).toBe(true);
    expect(isIcsDate("20270228T235959Z")).toBe(true);
    expect(isIcsDate("20270228T230000")).toBe(true);
    expect(isIcsDate("20270228T235960")).toBe(true);
    expect(isIcsDate("20270228T240000")).toBe(false);
    expect(isIcsDate("20270228T236000")).toBe(false);
    expect(isIcsDate("20270228T235961")).toBe(false);
    expect(isIcsDate("20270228T0930")).toBe(false);
    expect(isIcsDate("20270230T093000")).toBe(false);
  });
});

describe("icsLineProblems: dates", () => {
  it("finds nothing in a plain file", () => {
    expect(
      problems(
        "BEGIN:VCALENDAR",
        "BEGIN:VEVENT",
        "DTSTART;VALUE=DATE:20270228",
        "DTEND;VALUE=DATE:20270301",
        "RRULE:FREQ=WEEKLY;UNTIL=20270601T000000Z;BYDAY=MO",
        "EXDATE:20270307, 20270314",
        "SUMMARY:Staff day",
        "END:VEVENT",
        "END:VCALENDAR",
      ),
    ).toEqual([]);
  });

  it("names the line and the value of a day that does not exist, a date and a date-time apart", () => {
    expect(problems("BEGIN:VEVENT", "DTSTART:20270230", "DUE:20270231T090000", "END:VEVENT")).toEqual([
      'Line 2: DTSTART "20270230" is not a date.',
      'Line 3: DUE "20270231T090000" is not a date and time.',
    ]);
  });

  it("checks each item of a list, trimmed, and names the first bad one only", () => {
    expect(problems("EXDATE:20270101, 20270102")).toEqual([]);
    expect(problems("EXDATE:20270101, 20270230 ,20270231")).toEqual(['Line 1: EXDATE "20270230" is not a date.']);
  });

  it("reads a PERIOD's start as its date (RDATE start/end or start/duration)", () => {
    expect(problems("RDATE;VALUE=PERIOD:20270101T090000Z/20270101T100000Z,20270102T090000Z/PT1H")).toEqual([]);
    expect(problems("RDATE;VALUE=PERIOD:20270230T090000Z/PT1H")).toEqual([
      'Line 1: RDATE "20270230T090000Z/PT1H" is not a date and time.',
    ]);
  });

  it("reads property names in any case, and only dated properties as dates", () => {
    expect(problems("dtstart:20270230")).toEqual(['Line 1: DTSTART "20270230" is not a date.']);
    expect(problems("SUMMARY:20270230", "DESCRIPTION:FREQ=HOURLY")).toEqual([]);
  });
});

describe("icsLineProblems: folded lines and parameters", () => {
  it("joins a folded line (space or tab) and names the line it starts on", () => {
    expect(problems("BEGIN:VEVENT", "SUMMARY:Long", " er name", "DTSTART:2027", " 02", "\t30", "END:VEVENT")).toEqual([
      'Line 4: DTSTART "20270230" is not a date.',
    ]);
    // Unfolding drops only the one leading blank: a folded date that is real stays real.
    expect(problems("DTSTART:2027", " 0228")).toEqual([]);
  });

  it("counts lines the same with CRLF, LF or CR endings, blank lines included", () => {
    for (const end of ["\r\n", "\n", "\r"]) {
      expect(icsLineProblems(["BEGIN:VEVENT", "", "DTSTART:20270230"].join(end), ZONE)).toEqual([
        'Line 3: DTSTART "20270230" is not a date.',
      ]);
    }
  });

  it("leaves a line without a colon to ical.js", () => {
    expect(problems("DTSTART", "DTSTART;TZID=Nowhere/City")).toEqual([]);
  });

  it("reads parameters without a value, and a value ends at ; or :", () => {
    expect(problems("DTSTART;X-FLAG:20270230")).toEqual(['Line 1: DTSTART "20270230" is not a date.']);
    expect(problems("DTSTART;X-FLAG;TZID=Nowhere/City:20270101T090000")).toEqual([
      `Line 1: the time zone "Nowhere/City" is not known: the file does not describe it (VTIMEZONE) and it is not a time zone name such as ${ZONE}.`,
    ]);
    expect(problems("DTSTART;TZID=Europe/Paris;VALUE=DATE-TIME:20270101T090000")).toEqual([]);
  });

  it("reads a quoted parameter value whole, colons and semicolons included, without its quotes", () => {
    expect(problems('DTSTART;TZID="Nowhere:City;East":20270101T090000')).toEqual([
      `Line 1: the time zone "Nowhere:City;East" is not known: the file does not describe it (VTIMEZONE) and it is not a time zone name such as ${ZONE}.`,
    ]);
    expect(problems('DTSTART;TZID="Europe/Paris":20270101T090000')).toEqual([]);
  });
});

describe("icsLineProblems: time zones", () => {
  const unknown = (line: number, tzid: string) =>
    `Line ${line}: the time zone "${tzid}" is not known: the file does not describe it (VTIMEZONE) and it is not a time zone name such as ${ZONE}.`;

  it("takes a zone the file describes in a VTIMEZONE (names and values in any case, trimmed)", () => {
    expect(
      problems("begin: vtimezone ", "TZID: Custom/School zone ", "End:VTimezone", "DTSTART;TZID=Custom/School zone:20270101T090000"),
    ).toEqual([]);
  });

  it("takes a TZID as a zone's description only inside a VTIMEZONE", () => {
    expect(
      problems("BEGIN:VTIMEZONE", "TZID:Inside/Zone", "END:VTIMEZONE", "TZID:Outside/Zone", "DTSTART;TZID=Outside/Zone:20270101T090000"),
    ).toEqual([unknown(5, "Outside/Zone")]);
    expect(problems("TZID:Before/Zone", "DTSTART;TZID=Before/Zone:20270101T090000")).toEqual([unknown(2, "Before/Zone")]);
    // Only BEGIN opens a VTIMEZONE, and only VTIMEZONE: the TZID of another component describes nothing.
    expect(problems("X-WR:VTIMEZONE", "TZID:Other/Zone", "DTSTART;TZID=Other/Zone:20270101T090000")).toEqual([
      unknown(3, "Other/Zone"),
    ]);
    expect(problems("BEGIN:VEVENT", "TZID:Event/Zone", "END:VEVENT", "DTSTART;TZID=Event/Zone:20270101T090000")).toEqual([
      unknown(4, "Event/Zone"),
    ]);
  });

  it("is not thrown off by an END:VTIMEZONE without its BEGIN", () => {
    expect(
      problems("END:VTIMEZONE", "BEGIN:VTIMEZONE", "TZID:Custom/Zone", "END:VTIMEZONE", "DTSTART;TZID=Custom/Zone:20270101T090000"),
    ).toEqual([]);
  });

  it("takes a zone name the runtime knows, without a VTIMEZONE", () => {
    expect(problems("DTSTART;TZID=Europe/Paris:20270101T090000", "DTEND;TZID=America/Vancouver:20270101T100000")).toEqual([]);
  });
});

describe("icsLineProblems: rules", () => {
  it("refuses a rule repeating every second, minute or hour, in any case", () => {
    expect(problems("RRULE:FREQ=SECONDLY", "EXRULE:freq=minutely;COUNT=3", "RRULE: FREQ = Hourly ;INTERVAL=2")).toEqual([
      "Line 1: the event repeats every second (RRULE FREQ=SECONDLY). Events on a school calendar repeat daily at most: export the calendar without this rule.",
      "Line 2: the event repeats every minute (EXRULE FREQ=MINUTELY). Events on a school calendar repeat daily at most: export the calendar without this rule.",
      "Line 3: the event repeats every hour (RRULE FREQ=HOURLY). Events on a school calendar repeat daily at most: export the calendar without this rule.",
    ]);
  });

  it("refuses several hours, minutes or seconds a day, and takes one", () => {
    expect(problems("RRULE:FREQ=DAILY;BYHOUR=9", "RRULE:FREQ=DAILY;BYMINUTE=30;BYSECOND=0")).toEqual([]);
    expect(problems("RRULE:FREQ=DAILY;BYMINUTE=0,30")).toEqual([
      "Line 1: the event repeats several times a day (RRULE BYMINUTE=0,30). Events on a school calendar repeat daily at most: export the calendar without this rule.",
    ]);
    expect(problems("RRULE:FREQ=WEEKLY;BYSECOND=1,2")).toHaveLength(1);
  });

  it("refuses an UNTIL that is not a real date, and takes a real one", () => {
    expect(problems("RRULE:FREQ=DAILY;UNTIL=20270230")).toEqual(['Line 1: RRULE UNTIL "20270230" is not a date.']);
    expect(problems("RRULE:FREQ=DAILY;UNTIL=20270228T235959Z", "RRULE:FREQ=YEARLY;COUNT=2")).toEqual([]);
  });
});

describe("icsLineProblems: order", () => {
  it("gives the problems in file order, time zones among the rest", () => {
    const found = problems(
      "BEGIN:VEVENT",
      "DTSTART;TZID=Nowhere/One:20270101T090000",
      "DTEND:20270230",
      "EXDATE;TZID=Nowhere/Four:20270101T090000",
      "RRULE:FREQ=HOURLY",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "DTSTART;TZID=Nowhere/Eight:20270101T090000",
      "DTEND:20270231",
      "END:VEVENT",
    );
    expect(found.map((problem) => problem.slice(0, problem.indexOf(":")))).toEqual([
      "Line 2",
      "Line 3",
      "Line 4",
      "Line 5",
      "Line 8",
      "Line 9",
    ]);
  });
});
