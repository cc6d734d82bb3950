/** @jest-environment node */
import { eq } from "drizzle-orm";
import { DELETE as eventDelete } from "@/app/api/calendar-events/[id]/route";
import { GET as eventsGet, POST as eventsPost } from "@/app/api/calendar-events/route";
import { PUT as schoolDayPut } from "@/app/api/school-days/[date]/route";
import { GET as schoolDaysGet } from "@/app/api/school-days/route";
import { PUT as schoolYearPut } from "@/app/api/school-year/route";
import { PUT as timetablePut } from "@/app/api/timetable/route";
import { auditLog, calendarEvents, schoolDayOverrides } from "@/db/schema";
import { addDays, dayLabel, dayOfWeek } from "@/lib/core/time";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { statementsOf } from "../helpers/statements";
import { createCheckIn, testToday } from "../helpers/timetable-factories";

/**
 * GET /api/school-days, PUT /api/school-days/{date} and the calendar events (list, add, remove): what
 * each date has, how a day without school and a day type set by hand move the rotation, and that a date
 * attendance rests on cannot change.
 */
const state = useTestDb();

let admin: string;
let teacher: string;
let sysadmin: string;
let student: string;
const ids: Record<string, number> = {};

const YEAR = { start: "2031-09-02", end: "2032-06-25", attendance_from: "2031-09-02", terms: [] };
const both = (start: string, end: string) => [
  { day_type: "Day 1", start, end },
  { day_type: "Day 2", start, end },
];
const ROTATION = {
  effective_from: "2031-09-02",
  cycle: { kind: "rotation", day_types: ["Day 1", "Day 2"] },
  blocks: [
    { label: "Block 1", flex: false, times: [{ day_type: "Day 1", start: "08:30", end: "09:50" }] },
    { label: "Block 2", flex: false, times: [{ day_type: "Day 2", start: "08:30", end: "09:50" }] },
    { label: "Focus Block", flex: true, times: both("10:00", "10:40") },
    { label: "Block 3", flex: false, times: [{ day_type: "Day 1", start: "10:45", end: "12:05" }] },
    { label: "Block 4", flex: false, times: [{ day_type: "Day 2", start: "10:45", end: "12:05" }] },
  ],
  bell_schedules: [
    {
      name: "Late start",
      times: [
        { label: "Block 1", start: "10:00", end: "11:00" },
        { label: "Block 2", start: "10:00", end: "11:00" },
        { label: "Focus Block", start: "11:05", end: "11:35" },
      ],
    },
  ],
};

const days = (token: string | undefined, from: string, to: string) =>
  call(schoolDaysGet, { token, query: { from, to }, path: "/api/school-days" });
const dayTypes = async (from: string, to: string) =>
  Object.fromEntries(
    ((await days(teacher, from, to)).body.days as { date: string; day_type: string | null }[]).map((d) => [d.date, d.day_type]),
  );
const setDay = (token: string | undefined, date: string, body: unknown) =>
  call(schoolDayPut, { token, method: "PUT", params: { date }, body, path: `/api/school-days/${date}` });
const addEvent = (token: string | undefined, body: unknown) =>
  call(eventsPost, { token, body, path: "/api/calendar-events" });
const removeEvent = (token: string | undefined, id: string | number) =>
  call(eventDelete, { token, method: "DELETE", params: { id: String(id) }, path: `/api/calendar-events/${id}` });
const display = (date: string) => dayLabel(date, "").full_date;

beforeAll(async () => {
  admin = await tokenFor(state.db, await createAdmin(state.db));
  teacher = await tokenFor(state.db, await createStaff(state.db));
  sysadmin = await tokenFor(state.db, await createSysadmin(state.db));
  student = await tokenFor(state.db, await createStudent(state.db));
  expect((await call(schoolYearPut, { token: admin, method: "PUT", body: YEAR, path: "/api/school-year" })).status).toBe(200);
  const res = await call(timetablePut, { token: admin, method: "PUT", body: ROTATION, path: "/api/timetable" });
  expect(res.status).toBe(200);
  for (const block of res.body.blocks as { id: number; label: string }[]) ids[block.label] = block.id;
});

describe("GET /api/school-days", () => {
  it("answers every date: outside the year and at weekends no school, in session with the day's blocks", async () => {
    const res = await days(teacher, "2031-08-31", "2031-09-06");
    expect(res.status).toBe(200);
    expect(res.body.from).toBe("2031-08-31");
    expect(res.body.to).toBe("2031-09-06");
    const none = (date: string) => ({ date, in_session: false, day_type: null, bell_schedule: null, blocks: [], events: [], override: null });
    expect(res.body.days).toEqual([
      none("2031-08-31"),
      none("2031-09-01"),
      {
        date: "2031-09-02",
        in_session: true,
        day_type: "Day 1",
        bell_schedule: null,
        blocks: [
          { id: ids["Block 1"], label: "Block 1", flex: false, start: "08:30", end: "09:50" },
          { id: ids["Focus Block"], label: "Focus Block", flex: true, start: "10:00", end: "10:40" },
          { id: ids["Block 3"], label: "Block 3", flex: false, start: "10:45", end: "12:05" },
        ],
        events: [],
        override: null,
      },
      expect.objectContaining({ date: "2031-09-03", in_session: true, day_type: "Day 2" }),
      expect.objectContaining({ date: "2031-09-04", in_session: true, day_type: "Day 1" }),
      expect.objectContaining({ date: "2031-09-05", in_session: true, day_type: "Day 2" }),
      none("2031-09-06"),
    ]);
    expect((await days(sysadmin, "2031-09-02", "2031-09-02")).status).toBe(200);
  });

  it("reads one day and a hundred in the same number of statements", async () => {
    const one = await statementsOf(teacher, () => days(teacher, "2031-09-02", "2031-09-02"));
    const hundred = await statementsOf(teacher, () => days(teacher, "2031-09-02", addDays("2031-09-02", 99)));
    expect(one.result.status).toBe(200);
    expect(hundred.result.body.days).toHaveLength(100);
    expect(hundred.statements).toBe(one.statements);
  });

  it.each([
    ["no range", {}, "from"],
    ["a date that is not one", { from: "2031-09-02", to: "2031-09-31" }, "to"],
    ["a reversed range", { from: "2031-09-10", to: "2031-09-02" }, "to"],
    ["more than 400 days", { from: "2031-09-01", to: "2032-10-05" }, "to"],
  ])("refuses %s with 422", async (_, query, field) => {
    const res = await call(schoolDaysGet, { token: teacher, query: query as Record<string, string>, path: "/api/school-days" });
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toBeDefined();
  });

  it("is for staff: a student gets 403, signed out 401", async () => {
    expect((await days(student, "2031-09-02", "2031-09-03")).status).toBe(403);
    expect((await days(undefined, "2031-09-02", "2031-09-03")).status).toBe(401);
  });
});

describe("calendar events", () => {
  let proD: number;

  it("adds a day without school: 201, no blocks that day, and the rotation skips it", async () => {
    const res = await addEvent(admin, { date: "2031-09-03", name: "  Pro-D Day ", no_blocks: true });
    expect(res.status).toBe(201);
    proD = res.body.id;
    expect(res.body).toEqual({ id: proD, date: "2031-09-03", name: "Pro-D Day", no_blocks: true, plans_cancelled: 0 });
    const [day] = (await days(teacher, "2031-09-03", "2031-09-03")).body.days;
    expect(day).toEqual({
      date: "2031-09-03",
      in_session: false,
      day_type: null,
      bell_schedule: null,
      blocks: [],
      events: [{ id: proD, name: "Pro-D Day", no_blocks: true }],
      override: null,
    });
    expect(await dayTypes("2031-09-02", "2031-09-08")).toEqual({
      "2031-09-02": "Day 1",
      "2031-09-03": null,
      "2031-09-04": "Day 2",
      "2031-09-05": "Day 1",
      "2031-09-06": null,
      "2031-09-07": null,
      "2031-09-08": "Day 2",
    });
    const audits = await state.db.select().from(auditLog).where(eq(auditLog.action, "calendar_event.create"));
    expect(audits.map((a) => a.details)).toContainEqual({ id: proD, date: "2031-09-03", name: "Pro-D Day", no_blocks: true, plans_cancelled: 0 });
  });

  it("adds a named day that keeps school, and lists events by range and for the whole year", async () => {
    const res = await addEvent(sysadmin, { date: "2031-09-04", name: "Picture Day", no_blocks: false });
    expect(res.status).toBe(201);
    const [day] = (await days(teacher, "2031-09-04", "2031-09-04")).body.days;
    expect(day.in_session).toBe(true);
    expect(day.events).toEqual([{ id: res.body.id, name: "Picture Day", no_blocks: false }]);
    const listed = await call(eventsGet, { token: teacher, query: { from: "2031-09-01", to: "2031-09-30" }, path: "/api/calendar-events" });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      from: "2031-09-01",
      to: "2031-09-30",
      events: [
        { id: proD, date: "2031-09-03", name: "Pro-D Day", no_blocks: true },
        { id: res.body.id, date: "2031-09-04", name: "Picture Day", no_blocks: false },
      ],
    });
    const year = await call(eventsGet, { token: teacher, path: "/api/calendar-events" });
    expect(year.body.from).toBe(YEAR.start);
    expect(year.body.to).toBe(YEAR.end);
    expect(year.body.events).toHaveLength(2);
    const bad = await call(eventsGet, { token: teacher, query: { from: "2031-09-30", to: "2031-09-01" }, path: "/api/calendar-events" });
    expect(bad.status).toBe(422);
  });

  it.each([
    ["the same name on the same date", { date: "2031-09-03", name: "Pro-D Day", no_blocks: false }, "name", 'There is already an event named "Pro-D Day" on Sep 3, 2031.'],
    ["a date outside the school year", { date: "2032-07-02", name: "Canada Day", no_blocks: true }, "date", "Jul 2, 2032 is outside the school year."],
    ["an empty name", { date: "2031-09-10", name: "   ", no_blocks: false }, "name", "Name the event."],
    ["a name of 121 characters", { date: "2031-09-10", name: "x".repeat(121), no_blocks: false }, "name", "The name can be at most 120 characters."],
    ["a name with a control character", { date: "2031-09-10", name: "Bell\u0007day", no_blocks: false }, "name", "The name contains characters that are not allowed."],
    ["a date that is not one", { date: "10/09/2031", name: "Assembly", no_blocks: false }, "date", "Enter a date as YYYY-MM-DD."],
    ["no_blocks that is not true or false", { date: "2031-09-10", name: "Assembly", no_blocks: "yes" }, "no_blocks", "Say whether there is school that day (no_blocks true or false)."],
  ])("refuses %s with 422 and adds nothing", async (_, body, field, message) => {
    const before = await state.db.select().from(calendarEvents);
    const res = await addEvent(admin, body);
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    expect(await state.db.select().from(calendarEvents)).toEqual(before);
  });

  it("answers 400 to an unreadable body, 403 to a teacher, 401 signed out", async () => {
    expect((await call(eventsPost, { token: admin, rawBody: "{", path: "/api/calendar-events" })).status).toBe(400);
    const body = { date: "2031-09-10", name: "Assembly", no_blocks: false };
    expect((await addEvent(teacher, body)).status).toBe(403);
    expect((await addEvent(undefined, body)).status).toBe(401);
    expect((await removeEvent(teacher, proD)).status).toBe(403);
    expect((await removeEvent(undefined, proD)).status).toBe(401);
    expect((await call(eventsGet, { token: student, path: "/api/calendar-events" })).status).toBe(403);
  });

  it("removes a day without school (204): the day has school again and the rotation is as before", async () => {
    const res = await removeEvent(admin, proD);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(await dayTypes("2031-09-02", "2031-09-05")).toEqual({
      "2031-09-02": "Day 1",
      "2031-09-03": "Day 2",
      "2031-09-04": "Day 1",
      "2031-09-05": "Day 2",
    });
    expect((await removeEvent(admin, proD)).status).toBe(404);
    expect((await removeEvent(admin, "abc")).status).toBe(422);
    const audits = await state.db.select().from(auditLog).where(eq(auditLog.action, "calendar_event.delete"));
    expect(audits).toHaveLength(1);
  });
});

describe("PUT /api/school-days/{date}", () => {
  it("shows the dates a day type set by hand moves, in a dry run that writes nothing", async () => {
    const before = await dayTypes("2031-09-02", "2032-06-25");
    const res = await setDay(admin, "2031-09-03", { day_type: "day 1", dry_run: true });
    expect(res.status).toBe(200);
    expect(res.body.dry_run).toBe(true);
    expect(res.body.day_type_changes).toHaveLength(213);
    expect(res.body.day_type_changes.slice(0, 3)).toEqual([
      { date: "2031-09-03", from: "Day 2", to: "Day 1" },
      { date: "2031-09-04", from: "Day 1", to: "Day 2" },
      { date: "2031-09-05", from: "Day 2", to: "Day 1" },
    ]);
    expect(await dayTypes("2031-09-02", "2032-06-25")).toEqual(before);
    expect(await state.db.select().from(auditLog).where(eq(auditLog.action, "school_day.update"))).toEqual([]);
  });

  it("sets a day type by hand: the rotation continues from it", async () => {
    const res = await setDay(admin, "2031-09-03", { day_type: "day 1" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      date: "2031-09-03",
      in_session: true,
      day_type: "Day 1",
      bell_schedule: null,
      override: { day_type: "Day 1", bell_schedule: null },
    });
    expect(res.body.blocks.map((b: { label: string }) => b.label)).toEqual(["Block 1", "Focus Block", "Block 3"]);
    expect(await dayTypes("2031-09-02", "2031-09-08")).toMatchObject({
      "2031-09-02": "Day 1",
      "2031-09-03": "Day 1",
      "2031-09-04": "Day 2",
      "2031-09-05": "Day 1",
      "2031-09-08": "Day 2",
    });
    const [audit] = await state.db.select().from(auditLog).where(eq(auditLog.action, "school_day.update"));
    expect(audit?.details).toEqual({ date: "2031-09-03", day_type: "Day 1", bell_schedule: null, day_type_changes: 213 });
  });

  it("gives a date an alternate bell schedule: its blocks at its times, the others not meeting", async () => {
    const res = await setDay(sysadmin, "2031-09-04", { bell_schedule: "Late Start" });
    expect(res.status).toBe(200);
    // A late start never moves the rotation.
    expect(res.body.day_type_changes).toEqual([]);
    expect(res.body).toMatchObject({ day_type: "Day 2", bell_schedule: "Late start", override: { day_type: null, bell_schedule: "Late start" } });
    expect(res.body.blocks).toEqual([
      { id: ids["Block 2"], label: "Block 2", flex: false, start: "10:00", end: "11:00" },
      { id: ids["Focus Block"], label: "Focus Block", flex: true, start: "11:05", end: "11:35" },
    ]);
  });

  it("clears what was set with null; with neither left the override is gone", async () => {
    const both = await setDay(admin, "2031-09-03", { bell_schedule: "Late start" });
    expect(both.body.override).toEqual({ day_type: "Day 1", bell_schedule: "Late start" });
    const cleared = await setDay(admin, "2031-09-03", { day_type: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ day_type: "Day 2", bell_schedule: "Late start", override: { day_type: null, bell_schedule: "Late start" } });
    expect((await setDay(admin, "2031-09-03", { bell_schedule: null })).body.override).toBeNull();
    expect((await setDay(admin, "2031-09-04", { day_type: null, bell_schedule: null })).body.override).toBeNull();
    expect(await state.db.select().from(schoolDayOverrides)).toEqual([]);
    expect(await dayTypes("2031-09-02", "2031-09-05")).toEqual({
      "2031-09-02": "Day 1",
      "2031-09-03": "Day 2",
      "2031-09-04": "Day 1",
      "2031-09-05": "Day 2",
    });
  });

  it.each([
    ["an unknown day type", "2031-09-03", { day_type: "Day 3" }, "day_type", '"Day 3" is not a day type of the timetable in force (Day 1, Day 2).'],
    ["an unknown bell schedule", "2031-09-03", { bell_schedule: "Exams" }, "bell_schedule", '"Exams" is not a bell schedule of the timetable in force (Late start).'],
    ["a date without school", "2031-09-06", { day_type: "Day 1" }, "date", "There is no school on Sep 6, 2031."],
    ["a date outside the school year", "2031-08-29", { day_type: "Day 1" }, "date", "Aug 29, 2031 is outside the school year."],
    ["an empty body", "2031-09-03", {}, "body", "Give a day_type, a bell_schedule, a choice_deadline or a request_deadline (null clears it)."],
    ["a date that is not one", "2031-02-30", { day_type: "Day 1" }, "date", "Enter a date as YYYY-MM-DD."],
  ])("refuses %s with 422 and changes nothing", async (_, date, body, field, message) => {
    const before = await days(teacher, "2031-09-01", "2031-09-30");
    const res = await setDay(admin, date, body);
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    expect((await days(teacher, "2031-09-01", "2031-09-30")).body).toEqual(before.body);
  });

  it("answers 400 to an unreadable body, 403 to a teacher, 401 signed out", async () => {
    const raw = await call(schoolDayPut, {
      token: admin,
      method: "PUT",
      params: { date: "2031-09-03" },
      rawBody: "{",
      path: "/api/school-days/2031-09-03",
    });
    expect(raw.status).toBe(400);
    expect((await setDay(teacher, "2031-09-03", { day_type: "Day 1" })).status).toBe(403);
    expect((await setDay(undefined, "2031-09-03", { day_type: "Day 1" })).status).toBe(401);
  });
});

describe("after attendance was taken", () => {
  const today = testToday();
  let taken: string;
  let earliest: string;

  beforeAll(async () => {
    const start = addDays(today, -60);
    const end = addDays(today, 60);
    const year = await call(schoolYearPut, { token: admin, method: "PUT", path: "/api/school-year", body: { start, end, attendance_from: start, terms: [] } });
    expect(year.status).toBe(200);
    const res = await call(timetablePut, { token: admin, method: "PUT", path: "/api/timetable", body: { ...ROTATION, effective_from: start } });
    expect(res.status).toBe(200);
    taken = addDays(today, -1);
    while (dayOfWeek(taken) === 0 || dayOfWeek(taken) === 6) taken = addDays(taken, -1);
    earliest = addDays(taken, 1);
    const someone = await createStudent(state.db);
    await createCheckIn(state.db, { student_id: someone.student.id, block_id: ids["Focus Block"]!, date: taken });
  });

  it("refuses a day without school on or before the last check-in, and its removal; a named day is fine", async () => {
    const message = `Attendance has been taken on or after this date. Days without school can be added or removed from ${display(earliest)} on.`;
    const res = await addEvent(admin, { date: taken, name: "Snow day", no_blocks: true });
    expect(res.status).toBe(422);
    expect(res.body.errors.date).toEqual([message]);
    expect((await addEvent(admin, { date: taken, name: "Spirit day", no_blocks: false })).status).toBe(201);
    const [old] = await state.db.insert(calendarEvents).values({ date: addDays(taken, -7), name: "Old holiday", no_blocks: true }).returning();
    const removal = await removeEvent(admin, old!.id);
    expect(removal.status).toBe(422);
    expect(removal.body.errors.date).toEqual([message]);
    expect(await state.db.select().from(calendarEvents).where(eq(calendarEvents.id, old!.id))).toHaveLength(1);
  });

  it("refuses to set the day type of a date on or before the last check-in", async () => {
    const res = await setDay(admin, taken, { day_type: "Day 1" });
    expect(res.status).toBe(422);
    expect(res.body.errors.date).toEqual([`Attendance has been taken on or after this date. Days can be changed from ${display(earliest)} on.`]);
  });
});
