/** @jest-environment node */
import { and, eq } from "drizzle-orm";
import { POST as placeNowRoute } from "@/app/api/placement/run/route";
import { GET as unscheduled } from "@/app/api/placement/unscheduled/route";
import { POST as schedulePlan } from "@/app/api/students/schedule-plan/route";
import { auditLog, plans } from "@/db/schema";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createWeekTimetable, setSetting } from "../helpers/schedule-factories";
import { createPlan, LAST_TUE, SAT, THU, TUE, WED } from "../helpers/timetable-factories";

/**
 * "Place with default teachers now" (no waiting for the cutoff): an administrator places a date's unscheduled
 * students at once, the same run as the cutoff's, and the date is then placed.
 */
const state = useTestDb();

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
  kids.nobody = await createStudent(db, { first_name: "Nobody", last_name: "Ee" });
  await createPlan(db, { student_id: kids.chose.student.id, staff_id: other.staff.id, block_id: focus.id, date: WED });
  tokens.admin = await tokenFor(db, await createAdmin(db));
  tokens.sysadmin = await tokenFor(db, await createSysadmin(db));
  tokens.teacher = await tokenFor(db, homeroom);
  tokens.student = await tokenFor(db, kids.free);
  // A cutoff far ahead: nothing would be placed today without the button.
  await setSetting(db, "placement_cutoff", "08:00");
});

const placeNow = (body: unknown, token: string = tokens.admin!) => call(placeNowRoute, { token, body });
const plansOn = (date: string) =>
  state.db
    .select({ student_id: plans.student_id, staff_id: plans.staff_id, source: plans.source })
    .from(plans)
    .where(and(eq(plans.date, date), eq(plans.block_id, focus.id)));

describe("POST /api/placement/run", () => {
  it("places the date's unscheduled students with their default teachers now, whatever the seats, once", async () => {
    const res = await placeNow({ date: WED });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      date: WED,
      placed: 2,
      skipped: 1,
      message: "Placed 2 students with their default teachers.",
    });
    const rows = await plansOn(WED);
    expect(rows.filter((r) => r.source === "placed").map((r) => r.student_id).sort()).toEqual(
      [kids.free!.student.id, kids.free2!.student.id].sort(),
    );
    const list = await call(unscheduled, { token: tokens.admin, query: { date: WED } });
    expect(list.body.placed_run).toMatchObject({ placed: 2, skipped: 1 });
    expect(list.body.students.map((s: { first_name: string }) => s.first_name)).toEqual(["Nobody"]);

    const again = await placeNow({ date: WED }, tokens.sysadmin);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "already_placed", message: "Default placement has already run for this date." });
    const audit = await state.db.select().from(auditLog).where(eq(auditLog.action, "placement.run_now"));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toEqual({ date: WED });
  });

  it("closes the date to students' own changes when the school says so, as the cutoff's run does", async () => {
    await setSetting(state.db, "placement_change_after", "false");
    try {
      expect((await placeNow({ date: THU })).status).toBe(200);
      const change = await call(schedulePlan, {
        token: tokens.student,
        body: { block_id: focus.id, date: THU, staff_id: other.staff.id },
      });
      expect(change.status).toBe(409);
      expect(change.body.code).toBe("placement_closed");
    } finally {
      await setSetting(state.db, "placement_change_after", "true");
    }
  });

  it("places each date once when 8 administrators press at the same moment", async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => placeNow({ date: TUE })));
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(7).fill(409)]);
    expect((await plansOn(TUE)).filter((r) => r.source === "placed")).toHaveLength(3);
  });

  it("refuses a past date (409), a day without a Focus Block (422) and bad input (400/422)", async () => {
    const past = await placeNow({ date: LAST_TUE });
    expect(past.status).toBe(409);
    expect(past.body.code).toBe("not_pending");
    const weekend = await placeNow({ date: SAT });
    expect(weekend.status).toBe(422);
    expect(weekend.body.code).toBe("no_focus_block");
    const bad = await placeNow({ date: "next tuesday" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.date).toBeDefined();
    expect((await placeNow({})).status).toBe(422);
    expect((await call(placeNowRoute, { token: tokens.admin, rawBody: "nope" })).status).toBe(400);
  });

  it("is for administrators and sysadmins: teachers and students 403, signed out 401", async () => {
    expect((await placeNow({ date: WED }, tokens.teacher)).status).toBe(403);
    expect((await placeNow({ date: WED }, tokens.student)).status).toBe(403);
    expect((await call(placeNowRoute, { body: { date: WED } })).status).toBe(401);
  });
});
