/** @jest-environment node */
import { and, eq } from "drizzle-orm";
import { POST as schedulePlan } from "@/app/api/students/schedule-plan/route";
import { POST as staffList } from "@/app/api/students/staff-list/route";
import { plans, staff as staffTable } from "@/db/schema";
import type { SchedulePlanResponse, StaffListResponse } from "@/lib/core/schedule/types";
import { schoolInstant } from "@/lib/core/time";
import { createStudents } from "../helpers/bulk-factories";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { statementsOf } from "../helpers/statements";
import { createAppointment, createWeekTimetable } from "../helpers/schedule-factories";
import type { Answer } from "../helpers/schedule-factories";
import {
  createBlock,
  createPlan,
  createTopic,
  LAST_TUE,
  SAT,
  scheduleTopic,
  TEST_TIMEZONE,
  THU,
  WED,
  weekdayDate,
} from "../helpers/timetable-factories";

const state = useTestDb();

let focus: Awaited<ReturnType<typeof createBlock>>;
let course: Awaited<ReturnType<typeof createBlock>>;
let teacher: Awaited<ReturnType<typeof createStaff>>;
let busy: Awaited<ReturnType<typeof createStaff>>;
let away: Awaited<ReturnType<typeof createStaff>>;
let student: Awaited<ReturnType<typeof createStudent>>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  const db = state.db;
  ({ focus, course } = await createWeekTimetable(db));
  teacher = await createStaff(db, { title: "Ms.", first_name: "Ada", last_name: "Lovelace", capacity: 2 });
  busy = await createStaff(db, { title: "Mr.", first_name: "Bob", last_name: "Busy", capacity: 1 });
  away = await createStaff(db, { title: "Dr.", first_name: "Al", last_name: "Away", capacity: 30 });
  const offer = await createTopic(db, { staff_id: teacher.staff.id, memo: "Essay help", color: "pink" });
  await scheduleTopic(db, offer, { block_id: focus.id, date: WED });
  const unavailable = await createTopic(db, { staff_id: away.staff.id, memo: "Marking", unavailable: true });
  await scheduleTopic(db, unavailable, { block_id: focus.id, date: WED });
  student = await createStudent(db, { first_name: "Jane", last_name: "Doe" });
  tokens.student = await tokenFor(db, student);
  tokens.teacher = await tokenFor(db, teacher);
  tokens.admin = await tokenFor(db, await createAdmin(db));
  tokens.sysadmin = await tokenFor(db, await createSysadmin(db));
});

const plan = (body: unknown, token = tokens.student!) =>
  call<Answer<SchedulePlanResponse>>(schedulePlan, { token, body });
const list = (body: unknown, token = tokens.student!) =>
  call<Answer<StaffListResponse>>(staffList, { token, body });

async function planOf(studentId: number, date = WED) {
  const [row] = await state.db
    .select()
    .from(plans)
    .where(and(eq(plans.student_id, studentId), eq(plans.block_id, focus.id), eq(plans.date, date)));
  return row;
}

describe("POST /api/students/staff-list", () => {
  it("lists every teacher with capacity, topic and remaining seats", async () => {
    const [a] = await createStudents(state.db, 1);
    await createPlan(state.db, { student_id: a!.id, staff_id: busy.staff.id, block_id: focus.id, date: WED });
    const res = await list({ block_id: focus.id, date: WED });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.map((row) => [row.staff.id, row]));
    expect(byId.get(teacher.staff.id)).toEqual({
      staff: { id: teacher.staff.id, name: "Ms. Lovelace, Ada", initials: "TT", color: "blue", capacity: 2 },
      topic: {
        id: expect.any(Number),
        memo: "Essay help",
        color: "pink",
        unavailable: false,
        deleted: false,
        staff: { id: teacher.staff.id, name: "Ms. Lovelace, Ada" },
      },
      num_scheduled: 0,
      num_remaining: 2,
      // The seats (a topic's seat cap may lower them), the waitlist and the caller's place on it.
      seats: 2,
      waitlist: 0,
      waitlist_position: null,
      offered_until: null,
      open: true,
      closed_reason: null,
    });
    expect(byId.get(busy.staff.id)).toMatchObject({ topic: null, num_scheduled: 1, num_remaining: 0 });
    expect(byId.get(away.staff.id)!.topic).toMatchObject({ unavailable: true });
    // Another date: no plans, no topics.
    const thu = await list({ block_id: focus.id, date: THU });
    expect(thu.body.find((row) => row.staff.id === busy.staff.id)).toMatchObject({
      num_remaining: 1,
      topic: null,
    });
    await state.db.delete(plans).where(eq(plans.student_id, a!.id));
  });

  it("floors remaining at 0 when capacity is below the plans", async () => {
    const two = await createStudents(state.db, 2);
    for (const s of two)
      await createPlan(state.db, {
        student_id: s.id,
        staff_id: busy.staff.id,
        block_id: focus.id,
        date: THU,
      });
    const res = await list({ block_id: focus.id, date: THU });
    expect(res.body.find((row) => row.staff.id === busy.staff.id)).toMatchObject({
      num_scheduled: 2,
      num_remaining: 0,
    });
    for (const s of two) await state.db.delete(plans).where(eq(plans.student_id, s.id));
  });

  it("costs the same statements with 3 and with 40 teachers", async () => {
    await list({ block_id: focus.id, date: WED });
    const few = await statementsOf(tokens.student, () => list({ block_id: focus.id, date: WED }));
    for (let i = 0; i < 37; i++) await createStaff(state.db);
    const many = await statementsOf(tokens.student, () => list({ block_id: focus.id, date: WED }));
    expect(many.result.body.length).toBeGreaterThanOrEqual(40);
    expect(many.statements).toBe(few.statements);
  });

  it("answers staff too, and validates the input", async () => {
    expect((await list({ block_id: focus.id, date: WED }, tokens.teacher)).status).toBe(200);
    expect((await list({ block_id: focus.id, date: WED }, tokens.sysadmin)).status).toBe(200);
    expect((await list({ block_id: focus.id })).status).toBe(422);
    expect((await list({ block_id: "x", date: WED })).status).toBe(422);
    expect((await list({ block_id: focus.id, date: "someday" })).status).toBe(422);
    expect((await list({ block_id: 999999, date: WED })).status).toBe(404);
    expect((await call(staffList, { token: tokens.student, rawBody: "{nope" })).status).toBe(400);
    expect((await call(staffList, { body: { block_id: focus.id, date: WED } })).status).toBe(401);
  });
});

describe("POST /api/students/schedule-plan", () => {
  it("plans the caller's pending flex block and replaces an earlier choice", async () => {
    const res = await plan({ staff_id: teacher.staff.id, block_id: focus.id, date: WED });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      date: WED,
      block_id: focus.id,
      student: { id: student.student.id, name: "Jane Doe" },
      staff: { id: teacher.staff.id, name: "Ms. Lovelace, Ada" },
    });
    const again = await plan({ staff_id: teacher.staff.id, block_id: focus.id, date: WED });
    expect(again.status).toBe(200);
    const other = await createStaff(state.db);
    const moved = await plan({ staff_id: other.staff.id, block_id: focus.id, date: WED });
    expect(moved.status).toBe(200);
    expect((await planOf(student.student.id))!.staff_id).toBe(other.staff.id);
    const rows = await state.db.select().from(plans).where(eq(plans.student_id, student.student.id));
    expect(rows).toHaveLength(1);
  });

  it("accepts an ISO instant for the date", async () => {
    const iso = schoolInstant(THU, "09:00", TEST_TIMEZONE).toISOString();
    const res = await plan({ staff_id: teacher.staff.id, block_id: focus.id, date: iso });
    expect(res.status).toBe(200);
    expect(res.body.date).toBe(THU);
  });

  it("refuses a teacher whose topic is unavailable (409)", async () => {
    const res = await plan({ staff_id: away.staff.id, block_id: focus.id, date: WED });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "teacher_unavailable", message: "Teacher is unavailable." });
  });

  it("refuses a full teacher (409) but lets a student keep their own seat", async () => {
    const [a] = await createStudents(state.db, 1);
    await createPlan(state.db, { student_id: a!.id, staff_id: busy.staff.id, block_id: focus.id, date: WED });
    const res = await plan({ staff_id: busy.staff.id, block_id: focus.id, date: WED });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "teacher_full", message: "This teacher is full." });
    const holder = await createStudent(state.db);
    const holderToken = await tokenFor(state.db, holder);
    await state.db.delete(plans).where(eq(plans.student_id, a!.id));
    expect((await plan({ staff_id: busy.staff.id, block_id: focus.id, date: WED }, holderToken)).status).toBe(
      200,
    );
    // Re-choosing the same full teacher is fine: their own plan does not count.
    expect((await plan({ staff_id: busy.staff.id, block_id: focus.id, date: WED }, holderToken)).status).toBe(
      200,
    );
  });

  it("refuses when the student has an appointment in that block (409)", async () => {
    await createAppointment(state.db, {
      student_id: student.student.id,
      staff_id: busy.staff.id,
      block_id: focus.id,
      date: THU,
    });
    const res = await plan({ staff_id: teacher.staff.id, block_id: focus.id, date: THU });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "has_appointment", message: "Mr. Busy has booked you for See me — ask him to change it." });
  });

  it("checks the block: exists, flex, meets that day, pending, inside the school year", async () => {
    const body = { staff_id: teacher.staff.id, date: WED };
    expect((await plan({ ...body, block_id: 999999 })).status).toBe(404);
    const nonFlex = await plan({ ...body, block_id: course.id });
    expect(nonFlex.status).toBe(422);
    expect(nonFlex.body.code).toBe("not_flex");
    const saturday = await plan({ ...body, block_id: focus.id, date: SAT });
    expect(saturday.status).toBe(422);
    expect(saturday.body.code).toBe("not_meeting");
    const past = await plan({ ...body, block_id: focus.id, date: LAST_TUE });
    expect(past.status).toBe(409);
    expect(past.body).toMatchObject({ code: "not_pending", message: "This block is no longer pending." });
    const farAway = weekdayDate(3, 30);
    const outside = await plan({ ...body, block_id: focus.id, date: farAway });
    expect(outside.status).toBe(422);
    expect(outside.body.code).toBe("outside_school_year");
  });

  it("answers 404 for an unknown teacher, 422 for bad input, 401 signed out", async () => {
    expect((await plan({ staff_id: 999999, block_id: focus.id, date: WED })).status).toBe(404);
    const bad = await plan({ staff_id: "abc", block_id: focus.id });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["date", "staff_id"]);
    expect((await call(schedulePlan, { token: tokens.student, rawBody: "{" })).status).toBe(400);
    expect(
      (await call(schedulePlan, { body: { staff_id: teacher.staff.id, block_id: focus.id, date: WED } }))
        .status,
    ).toBe(401);
  });

  it("is for students only (403 for staff and sysadmins)", async () => {
    const body = { staff_id: teacher.staff.id, block_id: focus.id, date: WED };
    expect((await plan(body, tokens.teacher)).status).toBe(403);
    expect((await plan(body, tokens.admin)).status).toBe(403);
    expect((await plan(body, tokens.sysadmin)).status).toBe(403);
  });

  it("gives the last seat to exactly one of two students racing for it", async () => {
    const db = state.db;
    const last = await createStaff(db, { capacity: 1 });
    const a = await createStudent(db);
    const b = await createStudent(db);
    const [ta, tb] = [await tokenFor(db, a), await tokenFor(db, b)];
    const body = { staff_id: last.staff.id, block_id: focus.id, date: WED };
    for (let round = 0; round < 3; round++) {
      const date = [WED, THU, weekdayDate(5)][round]!;
      const results = await Promise.all([plan({ ...body, date }, ta), plan({ ...body, date }, tb)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.code).toBe("teacher_full");
      const taken = await db
        .select()
        .from(plans)
        .where(and(eq(plans.staff_id, last.staff.id), eq(plans.block_id, focus.id), eq(plans.date, date)));
      expect(taken).toHaveLength(1);
    }
    // Capacity is still the teacher's own row value (the lock changed nothing).
    const [row] = await db.select().from(staffTable).where(eq(staffTable.id, last.staff.id));
    expect(row!.capacity).toBe(1);
  });
});
