/** @jest-environment node */
import { and, asc, eq, lte } from "drizzle-orm";
import { PUT as schoolYearPut } from "@/app/api/school-year/route";
import { GET as timetableGet, PUT as timetablePut } from "@/app/api/timetable/route";
import { auditLog, blockOccurrences, blocks, checkIns, schoolDays, timetables } from "@/db/schema";
import { addDays, dayLabel, dayOfWeek } from "@/lib/core/time";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createCheckIn, testToday } from "../helpers/timetable-factories";

/**
 * GET and PUT /api/timetable: a rotation or weekly cycle, blocks with their times per day
 * type, alternate bell schedules; versions by effective date; blocks keep their id while their label
 * stays; every rule a 422 with the field; a change never rewrites dates attendance rests on.
 */
const state = useTestDb();

let admin: string;
let teacher: string;
let sysadmin: string;

const YEAR = { start: "2031-09-02", end: "2032-06-25", attendance_from: "2031-09-02", terms: [] };
const both = (start: string, end: string) => [
  { day_type: "Day 1", start, end },
  { day_type: "Day 2", start, end },
];
/** A Day 1 / Day 2 school: two blocks a day, a daily Focus Block, and a late-start bell schedule. */
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
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
const WEEKLY = {
  effective_from: "2032-02-01",
  cycle: { kind: "weekly", day_types: WEEKDAYS },
  blocks: [
    { label: "Block 1", flex: false, times: WEEKDAYS.map((day_type) => ({ day_type, start: "08:30", end: "09:20" })) },
    { label: "Focus Block", flex: true, times: WEEKDAYS.map((day_type) => ({ day_type, start: "09:30", end: "10:10" })) },
  ],
};

const put = (token: string | undefined, body: unknown) =>
  call(timetablePut, { token, method: "PUT", body, path: "/api/timetable" });
const get = (token: string | undefined, date?: string) =>
  call(timetableGet, { token, query: date ? { date } : {}, path: "/api/timetable" });
const datesBetween = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
};
const sessionDays = (from: string, to: string) =>
  state.db
    .select({ date: schoolDays.date, day_type: schoolDays.day_type })
    .from(schoolDays)
    .where(and(eq(schoolDays.in_session, true), lte(schoolDays.date, to)))
    .orderBy(asc(schoolDays.date))
    .then((rows) => rows.filter((r) => r.date >= from));
const occurrencesUpTo = (date: string) =>
  state.db
    .select()
    .from(blockOccurrences)
    .where(lte(blockOccurrences.date, date))
    .orderBy(asc(blockOccurrences.date), asc(blockOccurrences.block_id));

beforeAll(async () => {
  admin = await tokenFor(state.db, await createAdmin(state.db));
  teacher = await tokenFor(state.db, await createStaff(state.db));
  sysadmin = await tokenFor(state.db, await createSysadmin(state.db));
  const year = await call(schoolYearPut, { token: admin, method: "PUT", body: YEAR, path: "/api/school-year" });
  expect(year.status).toBe(200);
});

describe("GET /api/timetable before any timetable", () => {
  it("answers 200 with null fields and empty lists", async () => {
    const res = await get(teacher);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      date: testToday(),
      effective_from: null,
      cycle: null,
      blocks: [],
      bell_schedules: [],
      versions: [],
      earliest_effective_from: null,
    });
  });
});

describe("PUT /api/timetable", () => {
  let ids: Record<string, number>;

  it("saves a Day 1 / Day 2 rotation, answers it with block ids, and regenerates every day of the year", async () => {
    const res = await put(admin, ROTATION);
    expect(res.status).toBe(200);
    ids = Object.fromEntries((res.body.blocks as { id: number; label: string }[]).map((b) => [b.label, b.id]));
    expect(res.body).toEqual({
      date: "2031-09-02",
      effective_from: "2031-09-02",
      cycle: { kind: "rotation", day_types: ["Day 1", "Day 2"], first_day_type: null },
      blocks: [
        { id: ids["Block 1"], label: "Block 1", flex: false, times: [{ day_type: "Day 1", start: "08:30", end: "09:50" }] },
        { id: ids["Block 2"], label: "Block 2", flex: false, times: [{ day_type: "Day 2", start: "08:30", end: "09:50" }] },
        { id: ids["Focus Block"], label: "Focus Block", flex: true, times: both("10:00", "10:40") },
        { id: ids["Block 3"], label: "Block 3", flex: false, times: [{ day_type: "Day 1", start: "10:45", end: "12:05" }] },
        { id: ids["Block 4"], label: "Block 4", flex: false, times: [{ day_type: "Day 2", start: "10:45", end: "12:05" }] },
      ],
      bell_schedules: ROTATION.bell_schedules,
      versions: ["2031-09-02"],
      earliest_effective_from: null,
      regenerated_days: datesBetween(YEAR.start, YEAR.end).length,
      // The year's days had no day type before: nothing moved.
      day_type_changes: [],
    });
    expect(new Set(Object.values(ids)).size).toBe(5);
    const { regenerated_days: _, day_type_changes: __, ...saved } = res.body;
    const read = await get(teacher, "2031-10-01");
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ ...saved, date: "2031-10-01" });
    const [audit] = await state.db.select().from(auditLog).where(eq(auditLog.action, "timetable.update"));
    expect(audit?.details).toMatchObject({ effective_from: "2031-09-02", cycle: "rotation" });
  });

  it("advances the rotation one day type per day in session, skipping weekends", async () => {
    // 2031-09-02 is a Tuesday.
    expect(await sessionDays("2031-09-02", "2031-09-09")).toEqual([
      { date: "2031-09-02", day_type: "Day 1" },
      { date: "2031-09-03", day_type: "Day 2" },
      { date: "2031-09-04", day_type: "Day 1" },
      { date: "2031-09-05", day_type: "Day 2" },
      { date: "2031-09-08", day_type: "Day 1" },
      { date: "2031-09-09", day_type: "Day 2" },
    ]);
    const occurrences = await state.db.select().from(blockOccurrences).where(eq(blockOccurrences.date, "2031-09-03"));
    expect(occurrences.map((o) => [o.block_id, o.start, o.end]).sort()).toEqual(
      [
        [ids["Block 2"], "08:30:00", "09:50:00"],
        [ids["Focus Block"], "10:00:00", "10:40:00"],
        [ids["Block 4"], "10:45:00", "12:05:00"],
      ].sort(),
    );
  });

  it("starts the rotation at first_day_type, once the dates whose day type moves were seen", async () => {
    const body = { ...ROTATION, cycle: { ...ROTATION.cycle, first_day_type: "day 2" } };
    const before = await sessionDays(YEAR.start, YEAR.end);
    const unconfirmed = await put(admin, body);
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body.code).toBe("day_type_changes_unconfirmed");
    expect(unconfirmed.body.message).toBe(
      `This changes the day type of ${before.length} school days, from Sep 2, 2031 (Day 1 becomes Day 2). ` +
        "Look at the dates first (dry_run: true), then save with confirm_day_type_changes: true.",
    );
    expect(await sessionDays(YEAR.start, YEAR.end)).toEqual(before);
    const res = await put(admin, { ...body, confirm_day_type_changes: true });
    expect(res.status).toBe(200);
    expect(res.body.cycle.first_day_type).toBe("Day 2");
    expect(res.body.day_type_changes).toHaveLength(before.length);
    expect(res.body.day_type_changes[0]).toEqual({ date: "2031-09-02", from: "Day 1", to: "Day 2" });
    expect((await sessionDays("2031-09-02", "2031-09-03")).map((d) => d.day_type)).toEqual(["Day 2", "Day 1"]);
    expect((await put(admin, { ...ROTATION, confirm_day_type_changes: true })).status).toBe(200);
  });

  it("keeps a block's id while its label stays, creates new labels, and never deletes a block row", async () => {
    const before = await state.db.select().from(blocks);
    const res = await put(admin, {
      ...ROTATION,
      blocks: [
        { label: "Block 1", flex: false, times: [{ day_type: "Day 1", start: "08:15", end: "09:45" }] },
        { label: "Focus Block", flex: true, times: both("10:00", "10:40") },
        { label: "Block 5", flex: false, times: [{ day_type: "Day 2", start: "08:15", end: "09:45" }] },
      ],
      bell_schedules: [],
    });
    expect(res.status).toBe(200);
    const byLabel = Object.fromEntries((res.body.blocks as { id: number; label: string }[]).map((b) => [b.label, b.id]));
    expect(byLabel["Block 1"]).toBe(ids["Block 1"]);
    expect(byLabel["Focus Block"]).toBe(ids["Focus Block"]);
    expect(Object.values(ids)).not.toContain(byLabel["Block 5"]);
    const after = await state.db.select().from(blocks);
    expect(after.map((b) => b.id)).toEqual(expect.arrayContaining(before.map((b) => b.id)));
    expect(after).toHaveLength(before.length + 1);
    expect(await state.db.select().from(timetables)).toHaveLength(1);
    // Back to the full rotation: the old rows are matched again.
    const again = await put(admin, ROTATION);
    expect((again.body.blocks as { id: number }[]).map((b) => b.id)).toEqual(ROTATION.blocks.map((b) => ids[b.label]));
  });

  it("adds a version from a later date; GET answers the one in force; replacing the first keeps the later one", async () => {
    const res = await put(sysadmin, {
      ...WEEKLY,
      cycle: { kind: "weekly", day_types: WEEKDAYS.map((d) => d.toLowerCase()) },
      confirm_day_type_changes: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.cycle).toEqual({ kind: "weekly", day_types: WEEKDAYS, first_day_type: null });
    expect(res.body.blocks.find((b: { label: string }) => b.label === "Block 1").id).toBe(ids["Block 1"]);
    expect(res.body.versions).toEqual(["2031-09-02", "2032-02-01"]);
    expect(res.body.regenerated_days).toBe(datesBetween("2032-02-01", YEAR.end).length);
    expect((await get(teacher, "2031-12-01")).body.effective_from).toBe("2031-09-02");
    expect((await get(teacher, "2032-03-01")).body.effective_from).toBe("2032-02-01");
    expect((await sessionDays("2032-02-02", "2032-02-03")).map((d) => d.day_type)).toEqual(["Monday", "Tuesday"]);

    expect((await put(admin, ROTATION)).status).toBe(200);
    expect((await get(teacher, "2032-03-01")).body.effective_from).toBe("2032-02-01");
    expect((await get(teacher)).body.versions).toEqual(["2031-09-02", "2032-02-01"]);
  });

  const blocksWith = (...extra: unknown[]) => [...ROTATION.blocks, ...extra];
  it.each([
    [
      "overlapping times on one day type",
      { ...ROTATION, blocks: blocksWith({ label: "Assembly", flex: false, times: [{ day_type: "Day 1", start: "09:00", end: "09:30" }] }) },
      "blocks.5.times.0.start",
      "Overlaps Block 1 (08:30–09:50) on Day 1.",
    ],
    [
      "an end that is not after the start",
      { ...ROTATION, blocks: blocksWith({ label: "Late", flex: false, times: [{ day_type: "Day 1", start: "15:00", end: "15:00" }] }) },
      "blocks.5.times.0.end",
      "The end must be after the start.",
    ],
    [
      "an unknown day type",
      { ...ROTATION, blocks: blocksWith({ label: "Late", flex: false, times: [{ day_type: "Day 3", start: "15:00", end: "16:00" }] }) },
      "blocks.5.times.0.day_type",
      '"Day 3" is not one of the cycle\'s day types.',
    ],
    [
      "two blocks with one label",
      { ...ROTATION, blocks: blocksWith({ label: "block 3", flex: false, times: [{ day_type: "Day 2", start: "15:00", end: "16:00" }] }) },
      "blocks.5.label",
      'Another block is already labelled "block 3".',
    ],
    [
      "two Focus Blocks",
      { ...ROTATION, blocks: blocksWith({ label: "Focus Block", flex: true, times: [{ day_type: "Day 2", start: "15:00", end: "16:00" }] }) },
      "blocks.5.label",
      "Only one block can be the Focus Block (the check-in block).",
    ],
    [
      "the check-in block twice on one day type",
      {
        ...ROTATION,
        blocks: [
          ...ROTATION.blocks.filter((b) => b.label !== "Focus Block"),
          { label: "Focus Block", flex: true, times: [...both("10:00", "10:40"), { day_type: "Day 1", start: "13:00", end: "13:40" }] },
        ],
      },
      "blocks.4.times.2.day_type",
      "The Focus Block is the check-in block: it can meet only once on Day 1.",
    ],
    ["no day types", { ...ROTATION, cycle: { kind: "rotation", day_types: [] }, blocks: [] }, "cycle.day_types", "Give the cycle at least one day type."],
    [
      "more than 20 day types",
      { ...ROTATION, cycle: { kind: "rotation", day_types: Array.from({ length: 50 }, (_, i) => `Day ${i + 1}`) } },
      "cycle.day_types",
      "A cycle can have at most 20 day types.",
    ],
    [
      "a first day type that is not one of the cycle's",
      { ...ROTATION, cycle: { kind: "rotation", day_types: ["Day 1", "Day 2"], first_day_type: "Day 3" } },
      "cycle.first_day_type",
      '"Day 3" is not one of the cycle\'s day types.',
    ],
    [
      "a weekly day type that is not a weekday",
      { ...WEEKLY, cycle: { kind: "weekly", day_types: ["Monday", "Day 2"] } },
      "cycle.day_types.1",
      '"Day 2" is not a weekday: a weekly cycle\'s day types are weekday names (Monday … Sunday).',
    ],
    [
      "a day type listed twice",
      { ...ROTATION, cycle: { kind: "rotation", day_types: ["Day 1", "Day 2", "day 1"] } },
      "cycle.day_types.2",
      '"day 1" is listed twice.',
    ],
    [
      "a bell schedule listing a block the timetable does not have",
      { ...ROTATION, bell_schedules: [{ name: "Exams", times: [{ label: "Block 9", start: "09:00", end: "11:00" }] }] },
      "bell_schedules.0.times.0.label",
      '"Block 9" is not one of the timetable\'s blocks.',
    ],
    [
      "overlapping times in a bell schedule",
      {
        ...ROTATION,
        bell_schedules: [
          {
            name: "Assembly",
            times: [
              { label: "Block 1", start: "09:00", end: "10:00" },
              { label: "Block 3", start: "09:30", end: "10:30" },
            ],
          },
        ],
      },
      "bell_schedules.0.times.1.start",
      "Overlaps Block 1 (09:00–10:00) on Day 1 in Assembly.",
    ],
    ["a time that is not HH:MM", { ...ROTATION, blocks: [{ label: "X", flex: false, times: [{ day_type: "Day 1", start: "8:30", end: "09:00" }] }] }, "blocks.0.times.0.start", "Enter a time as HH:MM (24-hour clock)."],
    ["an effective date that is not a date", { ...ROTATION, effective_from: "2031-09-31" }, "effective_from", "Enter a date as YYYY-MM-DD."],
  ])("refuses %s with 422 and writes nothing", async (_, body, field, message) => {
    const before = await get(teacher, "2031-10-01");
    const occurrences = await occurrencesUpTo(YEAR.end);
    const res = await put(admin, body);
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    expect((await get(teacher, "2031-10-01")).body).toEqual(before.body);
    expect(await occurrencesUpTo(YEAR.end)).toEqual(occurrences);
  });

  it("answers 400 to an unreadable body, 403 to a teacher, 401 signed out, 422 to a bad ?date=", async () => {
    expect((await call(timetablePut, { token: admin, method: "PUT", rawBody: "{", path: "/api/timetable" })).status).toBe(400);
    expect((await put(teacher, ROTATION)).status).toBe(403);
    expect((await put(undefined, ROTATION)).status).toBe(401);
    expect((await get(undefined)).status).toBe(401);
    const bad = await get(teacher, "tomorrow");
    expect(bad.status).toBe(422);
    expect(bad.body.errors.date).toEqual(["Enter a date as YYYY-MM-DD."]);
  });
});

describe("a late-start bell schedule saved mid-year (the form takes effect from a date, the cycle goes on)", () => {
  const MID = "2031-11-18";
  const UNTIL = "2032-01-30"; // the weekly version starts on Feb 1
  const assembly = { name: "Assembly", times: [{ label: "Focus Block", start: "13:00", end: "13:40" }] };
  const withAssembly = [...ROTATION.bell_schedules, assembly];
  const nextDayTwo = async (from: string) => (await sessionDays(from, UNTIL)).find((d) => d.day_type === "Day 2")!.date;

  it("never moves the cycle: the new version goes on with the day type the cycle gives each date", async () => {
    const before = await sessionDays(YEAR.start, UNTIL);
    const res = await put(admin, { ...ROTATION, effective_from: MID, cycle: { ...ROTATION.cycle, first_day_type: null }, bell_schedules: withAssembly });
    expect(res.status).toBe(200);
    expect(res.body.day_type_changes).toEqual([]);
    expect(res.body.versions).toEqual(["2031-09-02", MID, "2032-02-01"]);
    expect(res.body.cycle.first_day_type).toBeNull();
    expect(res.body.bell_schedules.map((b: { name: string }) => b.name)).toEqual(["Late start", "Assembly"]);
    expect(await sessionDays(YEAR.start, UNTIL)).toEqual(before);
  });

  it("refuses the old form's default (Day 1 on a Day 2 date) until its dates were seen: a dry run lists them and writes nothing", async () => {
    const date = await nextDayTwo(MID);
    const before = await sessionDays(YEAR.start, UNTIL);
    const versions = (await get(teacher)).body.versions;
    const body = { ...ROTATION, effective_from: date, cycle: { ...ROTATION.cycle, first_day_type: "Day 1" }, bell_schedules: withAssembly };
    const expected = before
      .filter((d) => d.date >= date)
      .map((d) => ({ date: d.date, from: d.day_type, to: d.day_type === "Day 1" ? "Day 2" : "Day 1" }));
    const dry = await put(admin, { ...body, dry_run: true });
    expect(dry.status).toBe(200);
    expect(dry.body).toEqual({ dry_run: true, effective_from: date, regenerated_days: datesBetween(date, YEAR.end).length, day_type_changes: expected });
    const refused = await put(admin, body);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("day_type_changes_unconfirmed");
    expect(refused.body.message).toMatch(new RegExp(`^This changes the day type of ${expected.length} school days, from .* \\(Day 2 becomes Day 1\\)\\.`));
    expect(await sessionDays(YEAR.start, UNTIL)).toEqual(before);
    expect((await get(teacher)).body.versions).toEqual(versions);
    expect(await state.db.select().from(timetables)).toHaveLength(versions.length);
  });

  it("goes on by name into a cycle with a new day type, and lists the dates that change", async () => {
    const before = await sessionDays(MID, UNTIL);
    const res = await put(admin, {
      ...ROTATION,
      effective_from: MID,
      cycle: { kind: "rotation", day_types: ["Day 1", "Day 2", "Day 3"] },
      blocks: [...ROTATION.blocks.filter((b) => b.label !== "Focus Block"), { label: "Focus Block", flex: true, times: [...both("10:00", "10:40"), { day_type: "Day 3", start: "10:00", end: "10:40" }] }],
      dry_run: true,
    });
    expect(res.status).toBe(200);
    // The first school day keeps the day type the cycle gave it; Day 3 then takes its turn.
    const [first, second, third] = before;
    const types = ["Day 1", "Day 2", "Day 3"];
    const next = (type: string) => types[(types.indexOf(type) + 1) % 3];
    const changed = new Map((res.body.day_type_changes as { date: string; to: string }[]).map((c) => [c.date, c.to]));
    expect(changed.has(first!.date)).toBe(false);
    expect(changed.get(second!.date) ?? second!.day_type).toBe(next(first!.day_type!));
    expect(changed.get(third!.date) ?? third!.day_type).toBe(next(next(first!.day_type!)!));
    expect(res.body.day_type_changes.length).toBeGreaterThan(0);
    expect(await sessionDays(MID, UNTIL)).toEqual(before);
  });
});

describe("a timetable change after attendance was taken", () => {
  const today = testToday();
  const display = (date: string) => dayLabel(date, "").full_date;
  let taken: string;
  let focusId: number;

  beforeAll(async () => {
    // A year around today, with the weekly timetable from its first day.
    const start = addDays(today, -60);
    const end = addDays(today, 60);
    const year = await call(schoolYearPut, {
      token: admin,
      method: "PUT",
      path: "/api/school-year",
      body: { start, end, attendance_from: start, terms: [] },
    });
    expect(year.status).toBe(200);
    const res = await put(admin, { ...WEEKLY, effective_from: start });
    expect(res.status).toBe(200);
    focusId = res.body.blocks.find((b: { label: string }) => b.label === "Focus Block").id;
    // A check-in on the last weekday before today.
    taken = addDays(today, -1);
    while (dayOfWeek(taken) === 0 || dayOfWeek(taken) === 6) taken = addDays(taken, -1);
    const student = await createStudent(state.db);
    await createCheckIn(state.db, { student_id: student.student.id, block_id: focusId, date: taken });
  });

  it("refuses an effective date on or before the check-in, naming the earliest date allowed", async () => {
    const earliest = addDays(taken, 1);
    expect((await get(teacher)).body.earliest_effective_from).toBe(earliest);
    const before = await occurrencesUpTo(addDays(today, 60));
    const res = await put(admin, { ...WEEKLY, effective_from: taken });
    expect(res.status).toBe(422);
    const message = `Attendance has been taken on or after this date. A new timetable can take effect from ${display(earliest)} at the earliest.`;
    expect(res.body.errors.effective_from).toEqual([message]);
    expect(res.body.message).toBe(message);
    expect(await occurrencesUpTo(addDays(today, 60))).toEqual(before);
  });

  it("changes the timetable from the earliest date and keeps every occurrence before it", async () => {
    const earliest = addDays(taken, 1);
    const past = await occurrencesUpTo(taken);
    expect(past.some((o) => o.date === taken && o.block_id === focusId && o.start === "09:30:00")).toBe(true);
    const res = await put(admin, {
      ...WEEKLY,
      effective_from: earliest,
      blocks: [
        { label: "Period 1", flex: false, times: WEEKDAYS.map((day_type) => ({ day_type, start: "08:00", end: "09:00" })) },
        { label: "Focus Block", flex: true, times: WEEKDAYS.map((day_type) => ({ day_type, start: "13:00", end: "13:40" })) },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.blocks.find((b: { label: string }) => b.label === "Focus Block").id).toBe(focusId);
    // Nothing on or before the check-in's date moved; the check-in still points at a block that met that day.
    expect(await occurrencesUpTo(taken)).toEqual(past);
    const [checkIn] = await state.db.select().from(checkIns).where(eq(checkIns.date, taken));
    expect(past.some((o) => o.date === checkIn!.date && o.block_id === checkIn!.block_id)).toBe(true);
    // From the effective date on, the new times.
    const later = (await state.db.select().from(blockOccurrences).where(eq(blockOccurrences.block_id, focusId))).filter(
      (o) => o.date >= earliest,
    );
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((o) => o.start === "13:00:00")).toBe(true);
  });
});
