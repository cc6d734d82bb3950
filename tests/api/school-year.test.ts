/** @jest-environment node */
import { eq, inArray } from "drizzle-orm";
import { GET as schoolYearGet, PUT as schoolYearPut } from "@/app/api/school-year/route";
import { PUT as timetablePut } from "@/app/api/timetable/route";
import { auditLog, schoolDays, settings, terms } from "@/db/schema";
import { addDays, dayOfWeek } from "@/lib/core/time";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

/**
 * GET and PUT /api/school-year: the year's dates live in their settings, the terms replace the old ones
 * (keeping ids by name), the school days are regenerated in the same transaction, and the year at a
 * glance counts the days in session and the Focus Blocks in each term.
 */
const state = useTestDb();

let admin: string;
let teacher: string;
let sysadmin: string;
let student: string;

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
const YEAR = {
  start: "2031-09-02",
  end: "2032-06-25",
  attendance_from: "2031-09-02",
  terms: [
    { name: "Semester 1", start: "2031-09-02", end: "2032-01-30" },
    { name: "Semester 2", start: "2032-02-02", end: "2032-06-25" },
  ],
};

const put = (token: string | undefined, body: unknown) =>
  call(schoolYearPut, { token, method: "PUT", body, path: "/api/school-year" });
const get = (token: string | undefined) => call(schoolYearGet, { token, path: "/api/school-year" });

/** Dates from `from` to `to` whose weekday is one of `weekdays` (0 = Sunday). */
function countWeekdays(from: string, to: string, weekdays: number[]) {
  let n = 0;
  for (let d = from; d <= to; d = addDays(d, 1)) if (weekdays.includes(dayOfWeek(d))) n++;
  return n;
}

beforeAll(async () => {
  admin = await tokenFor(state.db, await createAdmin(state.db));
  teacher = await tokenFor(state.db, await createStaff(state.db));
  sysadmin = await tokenFor(state.db, await createSysadmin(state.db));
  student = await tokenFor(state.db, await createStudent(state.db));
  // A weekly timetable: Block 1 Monday to Friday, the Focus Block Tuesday to Friday.
  const res = await call(timetablePut, {
    token: admin,
    method: "PUT",
    path: "/api/timetable",
    body: {
      effective_from: "2031-08-01",
      cycle: { kind: "weekly", day_types: WEEKDAYS },
      blocks: [
        { label: "Block 1", flex: false, times: WEEKDAYS.map((day_type) => ({ day_type, start: "08:30", end: "09:20" })) },
        { label: "Focus Block", flex: true, times: WEEKDAYS.slice(1).map((day_type) => ({ day_type, start: "09:26", end: "10:06" })) },
      ],
    },
  });
  expect(res.status).toBe(200);
});

describe("PUT /api/school-year", () => {
  it("stores the dates in their settings, the terms, and regenerates the school days", async () => {
    const res = await put(admin, YEAR);
    expect(res.status).toBe(200);
    const days = countWeekdays(YEAR.start, YEAR.end, [1, 2, 3, 4, 5]);
    expect(res.body).toEqual({
      start: YEAR.start,
      end: YEAR.end,
      attendance_from: YEAR.attendance_from,
      terms: YEAR.terms.map((term) => ({ id: expect.any(Number), ...term })),
      school_days: days,
      focus_blocks: countWeekdays(YEAR.start, YEAR.end, [2, 3, 4, 5]),
      focus_blocks_by_term: YEAR.terms.map((term) => ({
        name: term.name,
        focus_blocks: countWeekdays(term.start, term.end, [2, 3, 4, 5]),
      })),
      // The year's days had no day type before: nothing moved.
      day_type_changes: [],
    });
    const stored = await state.db
      .select({ key: settings.key, value: settings.value })
      .from(settings)
      .where(inArray(settings.key, ["start_datetime", "end_datetime", "attendance_from"]));
    expect(Object.fromEntries(stored.map((s) => [s.key, s.value]))).toEqual({
      start_datetime: YEAR.start,
      end_datetime: YEAR.end,
      attendance_from: YEAR.attendance_from,
    });
    const rows = await state.db.select().from(schoolDays);
    expect(rows.filter((r) => r.in_session)).toHaveLength(days);
    expect(rows.every((r) => r.date >= YEAR.start && r.date <= YEAR.end)).toBe(true);
    const [audit] = await state.db.select().from(auditLog).where(eq(auditLog.action, "school_year.update"));
    expect(audit?.details).toMatchObject({ start: YEAR.start, end: YEAR.end });
  });

  it("shows the dates a later first day takes school away from, in a dry run that writes nothing", async () => {
    const before = (await get(admin)).body;
    const days = await state.db.select().from(schoolDays);
    const later = { ...YEAR, start: "2031-09-08", attendance_from: "2031-09-08", terms: [{ ...YEAR.terms[0]!, start: "2031-09-08" }, YEAR.terms[1]!], dry_run: true };
    const res = await put(admin, later);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      dry_run: true,
      day_type_changes: ["2031-09-02", "2031-09-03", "2031-09-04", "2031-09-05"].map((date) => ({
        date,
        from: ["Tuesday", "Wednesday", "Thursday", "Friday"][dayOfWeek(date) - 2],
        to: null,
      })),
    });
    expect((await get(admin)).body).toEqual(before);
    expect(await state.db.select().from(schoolDays)).toEqual(days);
    expect(await state.db.select().from(auditLog).where(eq(auditLog.action, "school_year.update"))).toHaveLength(1);
  });

  it("answers the same from GET, to any signed-in member of staff", async () => {
    const saved = (await get(admin)).body;
    for (const token of [teacher, sysadmin]) {
      const res = await get(token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(saved);
    }
    expect((await get(student)).status).toBe(403);
    expect((await get(undefined)).status).toBe(401);
  });

  it("keeps a term's id while its name stays, and removes the terms left out", async () => {
    const before = (await get(admin)).body.terms as { id: number; name: string }[];
    const res = await put(sysadmin, {
      ...YEAR,
      terms: [
        { name: "Semester 2", start: "2032-02-01", end: "2032-06-25" },
        { name: "Summer term", start: "2031-09-02", end: "2031-12-19" },
      ],
    });
    expect(res.status).toBe(200);
    const after = res.body.terms as { id: number; name: string; start: string }[];
    expect(after.map((t) => t.name)).toEqual(["Summer term", "Semester 2"]);
    expect(after.find((t) => t.name === "Semester 2")!.id).toBe(before.find((t) => t.name === "Semester 2")!.id);
    expect(await state.db.select().from(terms)).toHaveLength(2);
    expect((await put(admin, YEAR)).status).toBe(200);
  });

  it("shrinking the year removes the school days after its new end", async () => {
    expect((await put(admin, { ...YEAR, end: "2032-06-11", terms: [] })).status).toBe(200);
    const rows = await state.db.select({ date: schoolDays.date }).from(schoolDays);
    expect(rows.some((r) => r.date > "2032-06-11")).toBe(false);
    expect((await put(admin, YEAR)).body.school_days).toBe(countWeekdays(YEAR.start, YEAR.end, [1, 2, 3, 4, 5]));
  });

  it.each([
    ["an end before the start", { ...YEAR, end: "2031-08-01" }, "end", "The school year must end after it starts."],
    ["a year of more than 400 days", { ...YEAR, end: "2032-10-30", terms: [] }, "end", "A school year can be at most 400 days long."],
    [
      "attendance counting from outside the year",
      { ...YEAR, attendance_from: "2031-08-31" },
      "attendance_from",
      "Attendance must count from a date of the school year (Sep 2, 2031 – Jun 25, 2032).",
    ],
    [
      "a term outside the year",
      { ...YEAR, terms: [{ name: "Summer", start: "2032-06-01", end: "2032-07-15" }] },
      "terms.0.end",
      "Summer must fall within the school year (Sep 2, 2031 – Jun 25, 2032).",
    ],
    [
      "overlapping terms",
      { ...YEAR, terms: [YEAR.terms[0], { name: "Semester 2", start: "2032-01-30", end: "2032-06-25" }] },
      "terms.1.start",
      "Semester 2 overlaps Semester 1 (Sep 2, 2031 – Jan 30, 2032).",
    ],
    [
      "a term that ends before it starts",
      { ...YEAR, terms: [{ name: "Backwards", start: "2032-01-30", end: "2031-12-01" }] },
      "terms.0.end",
      "A term must end after it starts.",
    ],
    ["two terms with one name", { ...YEAR, terms: [YEAR.terms[0], { ...YEAR.terms[1], name: "semester 1" }] }, "terms.1.name", 'Another term is already named "semester 1".'],
    ["a date that is not one", { ...YEAR, start: "2031-02-30" }, "start", "Enter a date as YYYY-MM-DD."],
    ["a missing field", { start: YEAR.start, end: YEAR.end, terms: [] }, "attendance_from", "Enter a date as YYYY-MM-DD."],
  ])("refuses %s with 422 and changes nothing", async (_, body, field, message) => {
    const before = (await get(admin)).body;
    const res = await put(admin, body);
    expect(res.status).toBe(422);
    expect(res.body.errors[field]).toEqual([message]);
    expect((await get(admin)).body).toEqual(before);
  });

  it("answers 400 to an unreadable body, 403 to a teacher and 401 signed out", async () => {
    const unreadable = await call(schoolYearPut, { token: admin, method: "PUT", rawBody: "{", path: "/api/school-year" });
    expect(unreadable.status).toBe(400);
    expect((await put(teacher, YEAR)).status).toBe(403);
    expect((await put(student, YEAR)).status).toBe(403);
    expect((await put(undefined, YEAR)).status).toBe(401);
  });
});
