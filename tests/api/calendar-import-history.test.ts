/** @jest-environment node */
import { eq } from "drizzle-orm";
import { POST as calendarImport } from "@/app/api/calendar-events/import/route";
import { GET as importRoute } from "@/app/api/imports/[id]/route";
import { GET as importsRoute } from "@/app/api/imports/route";
import { auditLog, imports } from "@/db/schema";
import { addDays } from "@/lib/core/time";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call, callForm } from "../helpers/http";
import { createEvent, createWeekTimetable } from "../helpers/schedule-factories";
import { createPlan, weekdayDate } from "../helpers/timetable-factories";

/**
 * Every import is one entry of the Imports history with its report, a calendar file's too: applying one
 * writes a finished entry (kind `calendar`) in the same transaction, with the counts in the history's
 * columns and the events it added in its report. A dry run and a refused file leave none.
 */
const state = useTestDb();
let admin = "";
let teacher = "";
let adminUserId = 0;
let yearEnd = "";

const NEXT_TUE = weekdayDate(2, 2);
const NEXT_WED = weekdayDate(3, 2);
const NEXT_THU = weekdayDate(4, 2);

/** The report of the applied CSV in these tests: what the history keeps and GET /api/imports/{id} answers. */
const STORM_AND_ASSEMBLY = {
  added: 2,
  duplicates: 1,
  skipped_outside_year: 1,
  plans_cancelled: 3,
  no_blocks: 1,
  file_kind: "csv",
  events: [
    { date: NEXT_TUE, name: "Storm", no_blocks: true },
    { date: NEXT_THU, name: "Assembly", no_blocks: false },
  ],
};

beforeAll(async () => {
  const { year, focus } = await createWeekTimetable(state.db);
  yearEnd = year.end;
  const account = await createAdmin(state.db, { title: "Mx.", first_name: "Robin", last_name: "Calder" });
  adminUserId = account.user.id;
  admin = await tokenFor(state.db, account);
  const member = await createStaff(state.db);
  teacher = await tokenFor(state.db, member);
  for (let i = 0; i < 3; i++) {
    const pupil = await createStudent(state.db);
    await createPlan(state.db, {
      student_id: pupil.student.id,
      staff_id: member.staff.id,
      block_id: focus.id,
      date: NEXT_TUE,
    });
  }
  await createEvent(state.db, { date: NEXT_WED, name: "Picture day" });
});

function csv(name: string, rows: string[], fields: Record<string, string> = {}) {
  const data = new FormData();
  data.append("file", new File([["date,name,in_session", ...rows].join("\n")], name, { type: "text/csv" }));
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return callForm(calendarImport, { token: admin, form: data, path: "/api/calendar-events/import" });
}
const history = () => state.db.select().from(imports).where(eq(imports.kind, "calendar"));
const report = (token: string, id: number) =>
  call(importRoute, { token, params: { id: String(id) }, path: `/api/imports/${id}` });

/** A storm closing a day with 3 plans, an assembly, a day already on the calendar and one after the year. */
const ROWS = () => [
  `${NEXT_TUE},Storm,false`,
  `${NEXT_THU},Assembly,true`,
  `${NEXT_WED},Picture day,true`,
  `${addDays(yearEnd, 30)},Summer fair,true`,
];

describe("what leaves no entry", () => {
  it("a dry run answers without an import and writes no history", async () => {
    const res = await csv("district.csv", ROWS(), { dry_run: "true" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      dry_run: true,
      added: 2,
      duplicates: 1,
      skipped_outside_year: 1,
      plans_cancelled: 3,
    });
    expect(res.body.import).toBeUndefined();
    expect(await history()).toEqual([]);
  });

  it("a refused file (422) writes no history", async () => {
    const res = await csv("bad.csv", [`${NEXT_TUE},Storm,false`, "2026-13-01,Bad,no"]);
    expect(res.status).toBe(422);
    expect(res.body.errors.file).toEqual(['Line 3: "2026-13-01" is not a date (YYYY-MM-DD).']);
    expect(await history()).toEqual([]);
  });
});

describe("an applied calendar file", () => {
  let id = 0;

  it("is one finished entry of the history, with its counts and report, in the answer as import", async () => {
    const res = await csv("district.csv", ROWS());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      dry_run: false,
      added: 2,
      duplicates: 1,
      skipped_outside_year: 1,
      plans_cancelled: 3,
    });
    const rows = await history();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    id = row!.id;
    expect(res.body.import).toEqual({ id, report: `/imports/${id}` });
    expect(row).toMatchObject({
      kind: "calendar",
      filename: "district.csv",
      headers: [],
      uploaded_by: adminUserId,
      status: "done",
      upload_id: null,
      job_id: null,
      total_rows: 4,
      created_count: 2,
      updated_count: 0,
      unchanged_count: 1,
      skipped_count: 1,
      conflict_count: 0,
      error: null,
    });
    expect(row!.finished_at).toBeInstanceOf(Date);
    expect(row!.result).toEqual(STORM_AND_ASSEMBLY);
    // The audit stays, and names the entry.
    const [audit] = await state.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "calendar_event.import"));
    expect(audit?.details).toMatchObject({ filename: "district.csv", added: 2, no_blocks: 1, import_id: id });
  });

  it("is listed by GET /api/imports as a calendar import with its counts", async () => {
    const res = await call(importsRoute, { token: admin, path: "/api/imports" });
    expect(res.status).toBe(200);
    expect(res.body.find((entry: { id: number }) => entry.id === id)).toEqual({
      id,
      kind: "calendar",
      filename: "district.csv",
      status: "done",
      uploaded_by: "Mx. Calder, Robin",
      created_at: expect.any(String),
      finished_at: expect.any(String),
      job_id: null,
      rows: 4,
      created: 2,
      updated: 0,
      unchanged: 1,
      skipped: 1,
      conflicts: 0,
      error: null,
    });
  });

  it("has its report at GET /api/imports/{id}: the events added in calendar, no rows, no passwords", async () => {
    const res = await report(admin, id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      kind: "calendar",
      status: "done",
      rows: 4,
      done: 4,
      headers: [],
      report_rows: [],
      passwords: null,
    });
    expect(res.body.oneroster).toBeUndefined();
    expect(res.body.calendar).toEqual(STORM_AND_ASSEMBLY);
  });

  it("is for administrators: a teacher gets 403 on the report and the list", async () => {
    expect((await report(teacher, id)).status).toBe(403);
    expect((await call(importsRoute, { token: teacher, path: "/api/imports" })).status).toBe(403);
  });

  it("applied again, adds nothing and is a second entry whose report lists no events", async () => {
    const ics = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Flexblock tests//EN",
      "BEGIN:VEVENT",
      "UID:storm@school",
      `DTSTART;VALUE=DATE:${NEXT_TUE.replaceAll("-", "")}`,
      "SUMMARY:Storm",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n");
    const data = new FormData();
    data.append("file", new File([ics], "storm.ics", { type: "text/calendar" }));
    const res = await callForm(calendarImport, {
      token: admin,
      form: data,
      path: "/api/calendar-events/import",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ added: 0, duplicates: 1, events: [] });
    expect(await history()).toHaveLength(2);
    const again = await report(admin, res.body.import.id);
    expect(again.body).toMatchObject({ filename: "storm.ics", rows: 1, created: 0, unchanged: 1 });
    expect(again.body.calendar).toMatchObject({ added: 0, duplicates: 1, file_kind: "ics", events: [] });
  });
});
