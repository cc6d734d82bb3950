/** @jest-environment node */
import { calendarFileKind, CalendarImportError, noSchoolRule } from "@/lib/calendar/import";

/** The small rules of the calendar import (lib/calendar/import.ts): which reader a file goes to, the no_school field. */

describe("calendarFileKind", () => {
  it("goes by the name's ending first, whatever the type says", () => {
    expect(calendarFileKind("school.ifb", "text/csv")).toBe("ics");
    expect(calendarFileKind("school.icalendar", "")).toBe("ics");
    expect(calendarFileKind("days.CSV", "text/calendar")).toBe("csv");
  });

  it("reads an ending only at the end of the name", () => {
    expect(calendarFileKind("school.ics.txt", "text/plain")).toBeNull();
    expect(calendarFileKind("days.csv.bak", "text/plain")).toBeNull();
  });

  it("goes by the type, its parameters and spaces left out, when the name says nothing", () => {
    expect(calendarFileKind("export", " text/csv ; charset=utf-8")).toBe("csv");
    expect(calendarFileKind("export", "application/csv")).toBe("csv");
    expect(calendarFileKind("export", "TEXT/CALENDAR")).toBe("ics");
    expect(calendarFileKind("export", "")).toBeNull();
  });
});

describe("noSchoolRule", () => {
  it("takes all, none (in any case) or a list of names compared without case", () => {
    expect(noSchoolRule(" ALL ")("Product fair")).toBe(true);
    expect(noSchoolRule("None")("Spring Break")).toBe(false);
    const listed = noSchoolRule("Thanksgiving,  Sports   day ");
    expect(listed("THANKSGIVING")).toBe(true);
    expect(listed("sports day")).toBe(true);
    expect(listed("Spring Break")).toBe(false);
    // A name longer than an event name can be is cut as event names are, so it still matches one.
    const long = "B".repeat(130);
    expect(noSchoolRule(long)("b".repeat(120))).toBe(true);
  });

  it("falls back to the no-school words when the field is empty or blank", () => {
    expect(noSchoolRule("  ")("Spring Break")).toBe(true);
    expect(noSchoolRule("")("Product fair")).toBe(false);
  });
});

describe("CalendarImportError", () => {
  it("carries every problem and shows the first", () => {
    const error = new CalendarImportError(["Line 2: one.", "Line 5: two."]);
    expect(error).toMatchObject({ name: "CalendarImportError", message: "Line 2: one.", problems: ["Line 2: one.", "Line 5: two."] });
  });
});
