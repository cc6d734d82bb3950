/** @jest-environment node */
import { and, eq, sql } from "drizzle-orm";
import { GET as unscheduled } from "@/app/api/placement/unscheduled/route";
import { GET as placementSelf } from "@/app/api/placement/self/route";
import { PUT as putSettings } from "@/app/api/settings/route";
import { POST as schedulePlan } from "@/app/api/students/schedule-plan/route";
import { jobs, placementRuns, plans } from "@/db/schema";
import { enqueueJob } from "@/lib/jobs/queue.server";
import { runPendingJobs } from "@/lib/jobs/runner.server";
import { dueDates, runDuePlacements } from "@/lib/placement/service.server";
import { addDays, schoolInstant } from "@/lib/core/time";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createAmendment, createAppointment, createWeekTimetable, setSetting } from "../helpers/schedule-factories";
import { createPlan, FRI, TEST_TIMEZONE, THU, WED, weekdayDate } from "../helpers/timetable-factories";

const state = useTestDb();
const at = (date: string, time: string) => schoolInstant(date, time, TEST_TIMEZONE);

let focus: { id: number };
let homeroom: Awaited<ReturnType<typeof createStaff>>;
let other: Awaited<ReturnType<typeof createStaff>>;
const kids: Record<string, Awaited<ReturnType<typeof createStudent>>> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  const db = state.db;
  ({ focus } = await createWeekTimetable(db));
  homeroom = await createStaff(db, { title: "Ms.", first_name: "Amara", last_name: "Okafor", capacity: 1 });
  other = await createStaff(db, { title: "Mr.", first_name: "Daniel", last_name: "Reyes" });
  const withDefault = { default_teacher_id: homeroom.staff.id };
  kids.free = await createStudent(db, { first_name: "Free", last_name: "Aa", ...withDefault });
  kids.free2 = await createStudent(db, { first_name: "Free", last_name: "Ab", ...withDefault });
  kids.chose = await createStudent(db, { first_name: "Chose", last_name: "Bb", ...withDefault });
  kids.booked = await createStudent(db, { first_name: "Booked", last_name: "Cc", ...withDefault });
  kids.amended = await createStudent(db, { first_name: "Amended", last_name: "Dd", ...withDefault });
  kids.nobody = await createStudent(db, { first_name: "Nobody", last_name: "Ee" });
  kids.left = await createStudent(db, { first_name: "Left", last_name: "Ff", ...withDefault, archived_at: new Date() });
  kids.others = await createStudent(db, { first_name: "Others", last_name: "Gg", default_teacher_id: other.staff.id });
  await createPlan(db, { student_id: kids.chose.student.id, staff_id: other.staff.id, block_id: focus.id, date: WED });
  await createAppointment(db, { student_id: kids.booked.student.id, staff_id: other.staff.id, block_id: focus.id, date: WED });
  await createAmendment(db, { student_id: kids.amended.student.id, staff_id: other.staff.id, block_id: focus.id, date: WED });
  tokens.admin = await tokenFor(db, await createAdmin(db));
  tokens.sysadmin = await tokenFor(db, await createSysadmin(db));
  tokens.homeroom = await tokenFor(db, homeroom);
  tokens.other = await tokenFor(db, other);
  tokens.student = await tokenFor(db, kids.free);
  await setSetting(db, "placement_cutoff", "08:00");
});

const plansOn = (date: string) =>
  state.db
    .select({ student_id: plans.student_id, staff_id: plans.staff_id, source: plans.source })
    .from(plans)
    .where(and(eq(plans.date, date), eq(plans.block_id, focus.id)));

const list = (token: string | undefined, date: string) =>
  call(unscheduled, { token, query: { date } });

describe("the placement run", () => {
  it("never runs before the cutoff", async () => {
    expect((await dueDates(state.db, at(WED, "07:59"))).map((d) => d.date)).not.toContain(WED);
    const results = await runDuePlacements(state.db, at(WED, "07:59"));
    expect(results.map((r) => r.date)).not.toContain(WED);
    expect(await plansOn(WED)).toHaveLength(1); // only the student's own choice
  });

  it("places exactly the unplanned active students with a default teacher, whatever the seats", async () => {
    const before = await list(tokens.admin, WED);
    expect(before.status).toBe(200);
    expect(before.body.placed_run).toBeNull();
    expect(before.body.cutoff_at).toBe(at(WED, "08:00").toISOString());
    expect(before.body.students.map((s: { first_name: string }) => s.first_name).sort()).toEqual(
      ["Free", "Free", "Nobody", "Others"].sort(),
    );

    const results = await runDuePlacements(state.db, at(WED, "08:00"));
    expect(results.find((r) => r.date === WED)).toEqual({ date: WED, placed: 3, skipped: 1 });
    const rows = await plansOn(WED);
    const byStudent = new Map(rows.map((r) => [r.student_id, r]));
    expect(byStudent.get(kids.free!.student.id)).toMatchObject({ staff_id: homeroom.staff.id, source: "placed" });
    // capacity 1 is no limit for a homeroom teacher's own students
    expect(byStudent.get(kids.free2!.student.id)).toMatchObject({ staff_id: homeroom.staff.id, source: "placed" });
    expect(byStudent.get(kids.others!.student.id)).toMatchObject({ staff_id: other.staff.id, source: "placed" });
    expect(byStudent.get(kids.chose!.student.id)).toMatchObject({ staff_id: other.staff.id, source: "chosen" });
    expect(byStudent.has(kids.booked!.student.id)).toBe(false);
    expect(byStudent.has(kids.amended!.student.id)).toBe(false);
    expect(byStudent.has(kids.nobody!.student.id)).toBe(false);
    expect(byStudent.has(kids.left!.student.id)).toBe(false);

    const after = await list(tokens.admin, WED);
    expect(after.body.placed_run).toMatchObject({ placed: 3, skipped: 1, cutoff_at: at(WED, "08:00").toISOString() });
    expect(after.body.students.map((s: { first_name: string }) => s.first_name)).toEqual(["Nobody"]);
  });

  it("runs once per date", async () => {
    const again = await runDuePlacements(state.db, at(WED, "09:00"));
    expect(again.map((r) => r.date)).not.toContain(WED);
    expect(await plansOn(WED)).toHaveLength(4);
    const runs = await state.db.select().from(placementRuns).where(eq(placementRuns.date, WED));
    expect(runs).toHaveLength(1);
  });

  it("catches up every date missed while the server was down, and never one before its cutoff", async () => {
    const results = await runDuePlacements(state.db, at(FRI, "07:00"));
    const dates = results.map((r) => r.date);
    expect(dates).toContain(THU);
    expect(dates).not.toContain(FRI);
    expect(dates).not.toContain(WED);
    expect((await plansOn(THU)).length).toBeGreaterThanOrEqual(4);
    // Never further back than the school year's bounded catch-up window, never twice.
    expect(new Set(dates).size).toBe(dates.length);
  });

  it("reads hours before the block as a cutoff too", async () => {
    const later = weekdayDate(3, 3); // a Wednesday three weeks ahead
    await setSetting(state.db, "placement_cutoff", "48h");
    try {
      expect((await dueDates(state.db, at(addDays(later, -2), "09:25"))).map((d) => d.date)).not.toContain(later);
      expect((await dueDates(state.db, at(addDays(later, -2), "09:26"))).map((d) => d.date)).toContain(later);
    } finally {
      await setSetting(state.db, "placement_cutoff", "08:00");
    }
  });

  it("places nobody while the cutoff setting is empty", async () => {
    await setSetting(state.db, "placement_cutoff", "");
    try {
      expect(await dueDates(state.db, at(FRI, "12:00"))).toEqual([]);
    } finally {
      await setSetting(state.db, "placement_cutoff", "08:00");
    }
  });

  it("lets students change after placement unless the setting says otherwise", async () => {
    const choose = () =>
      call(schedulePlan, { token: tokens.student, body: { staff_id: other.staff.id, block_id: focus.id, date: THU } });
    await setSetting(state.db, "placement_change_after", "false");
    try {
      const closed = await choose();
      expect(closed.status).toBe(409);
      expect(closed.body.code).toBe("placement_closed");
    } finally {
      await setSetting(state.db, "placement_change_after", "true");
    }
    const changed = await choose();
    expect(changed.status).toBe(200);
    const [row] = await state.db
      .select({ source: plans.source, run: plans.placement_run_id })
      .from(plans)
      .where(and(eq(plans.student_id, kids.free!.student.id), eq(plans.date, THU)));
    expect(row).toEqual({ source: "chosen", run: null });
  });
});

describe("the placement job", () => {
  it("places each due date once under two concurrent runners (and the catch-up stays bounded)", async () => {
    await state.db.delete(placementRuns).where(sql`true`);
    await state.db.delete(plans).where(eq(plans.source, "placed"));
    await enqueueJob(state.db, "placement", {});
    await enqueueJob(state.db, "placement", {});
    await Promise.all([runPendingJobs(state.db), runPendingJobs(state.db)]);
    const done = await state.db.select().from(jobs).where(eq(jobs.kind, "placement"));
    expect(done.every((j) => j.status === "succeeded")).toBe(true);
    const placedByJobs = done.reduce((sum, j) => sum + Number((j.result as { placed: number }).placed), 0);
    const runs = await state.db.select().from(placementRuns);
    expect(runs.length).toBeGreaterThan(0);
    expect(new Set(runs.map((r) => r.date)).size).toBe(runs.length);
    const [placed] = await state.db
      .select({ n: sql<number>`count(*)::integer` })
      .from(plans)
      .where(eq(plans.source, "placed"));
    expect(placed!.n).toBe(placedByJobs);
    expect(placed!.n).toBe(runs.reduce((sum, r) => sum + r.placed, 0));
    const [dupes] = await state.db.execute<{ n: number }>(
      sql`select count(*)::integer as n from (select student_id, date from plans group by student_id, block_id, date having count(*) > 1) d`,
    ).then((r) => (Array.isArray(r) ? r : (r as { rows: { n: number }[] }).rows));
    expect(dupes!.n).toBe(0);
    // Bounded: nothing before 14 days ago, nothing after today.
    const today = new Date();
    for (const run of runs) {
      expect(run.cutoff_at.getTime()).toBeLessThanOrEqual(today.getTime());
      expect(today.getTime() - run.cutoff_at.getTime()).toBeLessThan(16 * 24 * 3600 * 1000);
    }
  });
});

describe("GET /api/placement/unscheduled", () => {
  const date = weekdayDate(4, 4); // a Thursday four weeks ahead, untouched

  it("gives administrators and sysadmins the whole school", async () => {
    for (const token of [tokens.admin, tokens.sysadmin]) {
      const res = await list(token, date);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ date, placed_run: null });
      const names = res.body.students.map((s: { first_name: string; last_name: string }) => s.last_name);
      expect(names).toEqual(["Aa", "Ab", "Bb", "Cc", "Dd", "Ee", "Gg"]);
      expect(res.body.students[0]).toEqual({
        id: kids.free!.student.id,
        first_name: "Free",
        last_name: "Aa",
        grade: 10,
        student_number: kids.free!.student.student_number,
        default_teacher: { id: homeroom.staff.id, name: "Ms. Okafor, Amara" },
      });
    }
  });

  it("gives a teacher their default students only", async () => {
    const res = await list(tokens.other, date);
    expect(res.status).toBe(200);
    expect(res.body.students.map((s: { last_name: string }) => s.last_name)).toEqual(["Gg"]);
  });

  it("answers an empty list on a day without a Focus Block", async () => {
    const res = await list(tokens.admin, weekdayDate(6, 4));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ cutoff_at: null, students: [] });
  });

  it("refuses a bad date (422), students (403) and the signed out (401)", async () => {
    expect((await list(tokens.admin, "2026-02-30")).status).toBe(422);
    expect((await list(tokens.admin, "")).status).toBe(422);
    expect((await call(unscheduled, { token: tokens.admin })).status).toBe(422);
    expect((await list(tokens.student, date)).status).toBe(403);
    expect((await list(undefined, date)).status).toBe(401);
  });
});

describe("GET /api/placement/self", () => {
  it("lists the student's upcoming Focus Blocks without a teacher", async () => {
    const res = await call(placementSelf, { token: tokens.student });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.open)).toBe(true);
    for (const item of res.body.open) expect(item).toMatchObject({ block_id: focus.id });
  });

  it("is for students only", async () => {
    expect((await call(placementSelf, { token: tokens.admin })).status).toBe(403);
    expect((await call(placementSelf, {})).status).toBe(401);
  });
});


describe("the placement settings", () => {
  const save = (values: Record<string, unknown>) =>
    call(putSettings, { token: tokens.admin, method: "PUT", body: { values } });

  it("takes a time on the day, hours before the block, or nothing", async () => {
    for (const [input, stored] of [
      ["8:00", "08:00"],
      [" 2h ", "2h"],
      ["336h", "336h"],
      ["", ""],
      ["08:00", "08:00"],
    ] as const) {
      const res = await save({ placement_cutoff: input });
      expect(res.status).toBe(200);
      expect(res.body.values.placement_cutoff.value).toBe(stored);
    }
  });

  it("refuses anything else with a field error", async () => {
    for (const input of ["8", "25:00", "0h", "337h", "999h", "tomorrow", "08:00am"]) {
      const res = await save({ placement_cutoff: input });
      expect(res.status).toBe(422);
      expect(res.body.errors.placement_cutoff[0]).toMatch(/08:00/);
    }
    expect((await save({ placement_change_after: "yes" })).status).toBe(422);
  });
});
