/** @jest-environment node */
import { eq } from "drizzle-orm";
import { POST as importRoute } from "@/app/api/calendar-events/import/route";
import { PUT as schoolYearPut } from "@/app/api/school-year/route";
import { PUT as timetablePut } from "@/app/api/timetable/route";
import { auditLog, blockOccurrences, calendarEvents, schoolDays } from "@/db/schema";
import { addDays, dayLabel, dayOfWeek } from "@/lib/core/time";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call, callForm } from "../helpers/http";
import { createCheckIn, testToday } from "../helpers/timetable-factories";

/**
 * POST /api/calendar-events/import: an iCalendar or CSV file of holidays and named days. A dry run
 * writes nothing; applying is one transaction with one regeneration; problems are a 422 naming the line
 * and nothing is written.
 */
const state = useTestDb();

let admin: string;
let teacher: string;
let focusId: number;

const YEAR = { start: "2031-09-02", end: "2032-06-25", attendance_from: "2031-09-02", terms: [] };
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
const WEEKLY = {
  effective_from: "2031-09-01",
  cycle: { kind: "weekly", day_types: WEEKDAYS },
  blocks: [{ label: "Focus Block", flex: true, times: WEEKDAYS.map((day_type) => ({ day_type, start: "10:00", end: "10:40" })) }],
};

const ics = (...events: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Flexblock tests//EN", ...events, "END:VCALENDAR", ""].join("\r\n");
const vevent = (...lines: string[]) => ["BEGIN:VEVENT", ...lines, "END:VEVENT"].join("\r\n");

/** Fridays from Sep 5, 2031, four times, but not Sep 12; a staff evening; a summer camp before the year. */
const SCHOOL_ICS = ics(
  vevent(
    "UID:fridays@school",
    "DTSTART;VALUE=DATE:20310905",
    "DTEND;VALUE=DATE:20310906",
    "RRULE:FREQ=WEEKLY;COUNT=4",
    "EXDATE;VALUE=DATE:20310912",
    "SUMMARY:Friday Holiday",
  ),
  vevent("UID:night@school", "DTSTART:20310918T020000Z", "DTEND:20310918T040000Z", "SUMMARY:Curriculum night"),
  vevent("UID:camp@school", "DTSTART;VALUE=DATE:20310820", "SUMMARY:Summer camp"),
);

function form(file: { text: string; name: string; type?: string } | null, fields: Record<string, string> = {}) {
  const data = new FormData();
  if (file) data.append("file", new File([file.text], file.name, { type: file.type ?? "" }));
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}
const upload = (token: string | undefined, data: FormData) =>
  callForm(importRoute, { token, form: data, path: "/api/calendar-events/import" });
const allEvents = () => state.db.select().from(calendarEvents);
/** An applied file's entry in the Imports history (tests/api/calendar-import-history.test.ts reads it). */
const entry = { id: expect.any(Number), report: expect.stringMatching(/^\/imports\/\d+$/) };
const inSession = async (date: string) =>
  (await state.db.select().from(schoolDays).where(eq(schoolDays.date, date)))[0]?.in_session;

beforeAll(async () => {
  admin = await tokenFor(state.db, await createAdmin(state.db));
  teacher = await tokenFor(state.db, await createStaff(state.db));
  expect((await call(schoolYearPut, { token: admin, method: "PUT", body: YEAR, path: "/api/school-year" })).status).toBe(200);
  const res = await call(timetablePut, { token: admin, method: "PUT", body: WEEKLY, path: "/api/timetable" });
  expect(res.status).toBe(200);
  focusId = res.body.blocks[0].id;
});

describe("an iCalendar file", () => {
  const expected = [
    { date: "2031-09-05", name: "Friday Holiday", no_blocks: true },
    { date: "2031-09-17", name: "Curriculum night", no_blocks: false },
    { date: "2031-09-19", name: "Friday Holiday", no_blocks: true },
    { date: "2031-09-26", name: "Friday Holiday", no_blocks: true },
  ];

  it("dry run: answers the expanded events (RRULE without the EXDATE) and writes nothing", async () => {
    const occurrences = await state.db.select().from(blockOccurrences);
    const res = await upload(admin, form({ text: SCHOOL_ICS, name: "school.ics", type: "text/calendar" }, { dry_run: "true" }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ dry_run: true, added: 4, skipped_outside_year: 1, duplicates: 0, plans_cancelled: 0, events: expected });
    expect(await allEvents()).toEqual([]);
    expect(await state.db.select().from(blockOccurrences)).toEqual(occurrences);
    expect(await inSession("2031-09-05")).toBe(true);
    expect(await state.db.select().from(auditLog).where(eq(auditLog.action, "calendar_event.import"))).toEqual([]);
  });

  it("applies: the events are written, the holidays have no school, the excepted Friday does", async () => {
    const res = await upload(admin, form({ text: SCHOOL_ICS, name: "school.ics" }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ dry_run: false, added: 4, skipped_outside_year: 1, duplicates: 0, plans_cancelled: 0, events: expected, import: entry });
    const rows = await allEvents();
    expect(rows.map(({ date, name, no_blocks }) => ({ date, name, no_blocks })).sort((a, b) => a.date.localeCompare(b.date))).toEqual(expected);
    expect(await inSession("2031-09-05")).toBe(false);
    expect(await inSession("2031-09-12")).toBe(true);
    expect(await inSession("2031-09-19")).toBe(false);
    expect(await state.db.select().from(blockOccurrences).where(eq(blockOccurrences.date, "2031-09-19"))).toEqual([]);
    const [audit] = await state.db.select().from(auditLog).where(eq(auditLog.action, "calendar_event.import"));
    expect(audit?.details).toMatchObject({ filename: "school.ics", added: 4, no_blocks: 3 });
  });

  it("skips what is already on the calendar (same date and name) as duplicates", async () => {
    const res = await upload(admin, form({ text: SCHOOL_ICS, name: "school.ics" }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ dry_run: false, added: 0, skipped_outside_year: 1, duplicates: 4, plans_cancelled: 0, events: [], import: entry });
    expect(await allEvents()).toHaveLength(4);
  });

  it("takes no_school: none makes every event a named day", async () => {
    const text = ics(vevent("UID:thanks@school", "DTSTART;VALUE=DATE:20311013", "SUMMARY:Thanksgiving holiday"));
    const none = await upload(admin, form({ text, name: "t.ics" }, { dry_run: "true", no_school: "none" }));
    expect(none.body.events).toEqual([{ date: "2031-10-13", name: "Thanksgiving holiday", no_blocks: false }]);
    const listed = await upload(admin, form({ text, name: "t.ics" }, { dry_run: "true", no_school: "Thanksgiving Holiday" }));
    expect(listed.body.events).toEqual([{ date: "2031-10-13", name: "Thanksgiving holiday", no_blocks: true }]);
  });

  it("refuses an .ics of 10,000 events with 422, writing nothing", async () => {
    const many = ics(
      ...Array.from({ length: 10_000 }, (_, i) => vevent(`UID:e${i}@school`, "DTSTART;VALUE=DATE:20311020", `SUMMARY:Event ${i}`)),
    );
    const res = await upload(admin, form({ text: many, name: "many.ics" }));
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^many\.ics has too many events \(10,000\): at most 5,000/);
    expect(res.body.errors.file).toEqual([res.body.message]);
    expect(await allEvents()).toHaveLength(4);
  });

  it("refuses a rule repeating every second, minute or hour with the sentence, at once, writing nothing", async () => {
    for (const [freq, unit] of [["SECONDLY", "second"], ["MINUTELY", "minute"], ["HOURLY", "hour"]]) {
      const text = ics(vevent("UID:often@school", "DTSTART:20310902T080000Z", `RRULE:FREQ=${freq}`, "SUMMARY:Often"));
      const started = performance.now();
      const res = await upload(admin, form({ text, name: "often.ics" }, { dry_run: "true" }));
      expect(res.status).toBe(422);
      expect(res.body.errors.file).toEqual([
        `Line 7: the event repeats every ${unit} (RRULE FREQ=${freq}). Events on a school calendar repeat daily at most: export the calendar without this rule.`,
      ]);
      // Refused from the line, before any expansion (it took seconds of the server's loop).
      expect(performance.now() - started).toBeLessThan(3000);
    }
    expect(await allEvents()).toHaveLength(4);
  });

  it("refuses a day that does not exist and a time zone nobody knows, naming the lines, writing nothing", async () => {
    const text = ics(
      vevent("UID:feb30@school", "DTSTART;VALUE=DATE:20320230", "SUMMARY:Closed"),
      vevent("UID:mars@school", "DTSTART;TZID=Mars/Olympus_Mons:20311001T100000", "SUMMARY:Landing"),
    );
    const res = await upload(admin, form({ text, name: "odd.ics" }));
    expect(res.status).toBe(422);
    expect(res.body.errors.file).toEqual([
      'Line 6: DTSTART "20320230" is not a date.',
      'Line 11: the time zone "Mars/Olympus_Mons" is not known: the file does not describe it (VTIMEZONE) and it is not a time zone name such as America/Vancouver.',
    ]);
    expect(res.body.message).toBe('Line 6: DTSTART "20320230" is not a date.');
    // March 1, where February 30 used to land, stays a school day.
    expect(await inSession("2032-03-01")).toBe(true);
    expect(await allEvents()).toHaveLength(4);
  });

  it("reads the file in a worker thread: the server's loop keeps its turns while a 50,000-step rule is refused", async () => {
    const text = ics(vevent("UID:old@school", "DTSTART;VALUE=DATE:18000101", "RRULE:FREQ=DAILY", "SUMMARY:Every day"));
    let last = performance.now();
    let longest = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    const res = await upload(admin, form({ text, name: "old.ics" }, { dry_run: "true" }));
    clearInterval(timer);
    expect(res.status).toBe(422);
    expect(res.body.errors.file).toEqual([
      'The repeating event "Every day" in old.ics repeats more than 50,000 times before the school year ends: export the school year alone (or a shorter period) and upload that.',
    ]);
    // On the server's loop this file held it for seconds; a loose bound, for a busy test machine.
    expect(longest).toBeLessThan(400);
  });

  it("ends a daily rule that never matches at the school year instead of searching for ever", async () => {
    const text = ics(vevent("UID:never@school", "DTSTART;VALUE=DATE:20311006", "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30", "SUMMARY:Never"));
    const res = await upload(admin, form({ text, name: "never.ics" }, { dry_run: "true" }));
    expect(res.status).toBe(200);
    expect(res.body.events).toEqual([{ date: "2031-10-06", name: "Never", no_blocks: false }]);
  });

  it("refuses a file that is not iCalendar with 422", async () => {
    const res = await upload(admin, form({ text: "Hello, this is a letter.\n", name: "calendar.ics" }));
    expect(res.status).toBe(422);
    expect(res.body.errors.file).toEqual(["calendar.ics is not an iCalendar file: export the calendar as .ics and upload it again."]);
  });
});

describe("a CSV file", () => {
  it("imports date,name,in_session lines (any header case, extra columns ignored)", async () => {
    const text = "Date,Name,In_Session,Notes\n2031-10-13,Thanksgiving,no,\n2031-10-16,Parent conferences,yes,evening\n2032-08-01,Summer,no,\n";
    const res = await upload(admin, form({ text, name: "days.csv", type: "text/csv" }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      dry_run: false,
      added: 2,
      skipped_outside_year: 1,
      duplicates: 0,
      plans_cancelled: 0,
      events: [
        { date: "2031-10-13", name: "Thanksgiving", no_blocks: true },
        { date: "2031-10-16", name: "Parent conferences", no_blocks: false },
      ],
      import: entry,
    });
    expect(await inSession("2031-10-13")).toBe(false);
    expect(await inSession("2031-10-16")).toBe(true);
  });

  it("refuses a bad date naming its line, and writes nothing", async () => {
    const before = await allEvents();
    const text = "date,name,in_session\n2031-11-11,Remembrance Day,no\n2031-11-12,Fine,yes\n2031-11-13,Fine,yes\n2031-11-14,Fine,yes\n2031-11-17,Fine,yes\n2026-13-01,Bad,no\n";
    const res = await upload(admin, form({ text, name: "days.csv" }));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Line 7: "2026-13-01" is not a date (YYYY-MM-DD).');
    expect(res.body.errors.file).toEqual(['Line 7: "2026-13-01" is not a date (YYYY-MM-DD).']);
    expect(await allEvents()).toEqual(before);
    expect(await inSession("2031-11-11")).toBe(true);
  });
});

describe("the upload itself", () => {
  it.each([
    ["no file", form(null, { dry_run: "true" }), 422, "file"],
    ["a file of another kind", form({ text: "hello", name: "notes.txt", type: "text/plain" }), 422, "file"],
    ["a dry_run that is not true or false", form({ text: SCHOOL_ICS, name: "school.ics" }, { dry_run: "maybe" }), 422, "dry_run"],
  ])("refuses %s", async (_, data, status, field) => {
    const res = await upload(admin, data);
    expect(res.status).toBe(status);
    expect(res.body.errors[field]).toBeDefined();
  });

  it("refuses two files, a file over 2 MB (413) and a body that is not multipart (415)", async () => {
    const two = form({ text: SCHOOL_ICS, name: "a.ics" });
    two.append("file", new File([SCHOOL_ICS], "b.ics"));
    expect((await upload(admin, two)).status).toBe(422);
    const big = await upload(admin, form({ text: "x".repeat(3 * 1024 * 1024), name: "big.ics" }));
    expect(big.status).toBe(413);
    expect(big.body.message).toBe("A calendar file can be at most 2 MB.");
    expect((await call(importRoute, { token: admin, body: { file: "x" }, path: "/api/calendar-events/import" })).status).toBe(415);
    expect(await allEvents()).toHaveLength(6);
  });

  it("is for administrators: a teacher gets 403, signed out 401", async () => {
    expect((await upload(teacher, form({ text: SCHOOL_ICS, name: "school.ics" }, { dry_run: "true" }))).status).toBe(403);
    expect((await upload(undefined, form({ text: SCHOOL_ICS, name: "school.ics" }, { dry_run: "true" }))).status).toBe(401);
  });
});

describe("after attendance was taken", () => {
  it("refuses a day without school on or before the last check-in, naming the line, and writes nothing", async () => {
    const today = testToday();
    const start = addDays(today, -60);
    const year = await call(schoolYearPut, {
      token: admin,
      method: "PUT",
      path: "/api/school-year",
      body: { start, end: addDays(today, 60), attendance_from: start, terms: [] },
    });
    expect(year.status).toBe(200);
    expect((await call(timetablePut, { token: admin, method: "PUT", path: "/api/timetable", body: { ...WEEKLY, effective_from: start } })).status).toBe(200);
    let taken = addDays(today, -1);
    while (dayOfWeek(taken) === 0 || dayOfWeek(taken) === 6) taken = addDays(taken, -1);
    const student = await createStudent(state.db);
    await createCheckIn(state.db, { student_id: student.student.id, block_id: focusId, date: taken });
    const before = await allEvents();
    const later = addDays(today, 14);
    const res = await upload(admin, form({ text: `date,name,in_session\n${later},Later day off,no\n${taken},Snow day,no\n`, name: "days.csv" }));
    expect(res.status).toBe(422);
    const when = (date: string) => dayLabel(date, "").full_date;
    expect(res.body.errors.file).toEqual([
      `Line 3: ${when(taken)} would have no school, but attendance has been taken on or after it.`,
      `Attendance has been taken on or after this date. Days without school can be added or removed from ${when(addDays(taken, 1))} on.`,
    ]);
    expect(await allEvents()).toEqual(before);
  });
});
