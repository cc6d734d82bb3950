/** @jest-environment node */
import { and, eq } from "drizzle-orm";
import { POST as amendmentRoute } from "@/app/api/amendment/route";
import { DELETE as cancelRoute } from "@/app/api/appointments/[id]/route";
import { POST as createRoute } from "@/app/api/appointments/create/route";
import { amendments, appointments, auditLog, plans, staff } from "@/db/schema";
import type { Amendment, Appointment } from "@/lib/core/schedule/types";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createAppointment, createWeekTimetable, setSetting } from "../helpers/schedule-factories";
import type { Answer } from "../helpers/schedule-factories";
import {
  createBlock,
  createCheckIn,
  createPlan,
  FRI,
  LAST_TUE,
  MON,
  SAT,
  THU,
  TUE,
  WED,
} from "../helpers/timetable-factories";

const state = useTestDb();

let focus: Awaited<ReturnType<typeof createBlock>>;
let course: Awaited<ReturnType<typeof createBlock>>;
let teacher: Awaited<ReturnType<typeof createStaff>>;
let colleague: Awaited<ReturnType<typeof createStaff>>;
let student: Awaited<ReturnType<typeof createStudent>>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  const db = state.db;
  ({ focus, course } = await createWeekTimetable(db));
  teacher = await createStaff(db, { title: "Ms.", first_name: "Ada", last_name: "Lovelace" });
  colleague = await createStaff(db, { title: "Mr.", first_name: "Alan", last_name: "Turing" });
  student = await createStudent(db, { first_name: "Jane", last_name: "Doe" });
  tokens.teacher = await tokenFor(db, teacher);
  tokens.colleague = await tokenFor(db, colleague);
  tokens.admin = await tokenFor(db, await createAdmin(db));
  tokens.student = await tokenFor(db, student);
  tokens.sysadmin = await tokenFor(db, await createSysadmin(db));
});

const book = (body: Record<string, unknown>, token = tokens.teacher) =>
  call<Answer<Appointment>>(createRoute, {
    token,
    body: { block_id: focus.id, memo: "See me", clear_schedule: false, ...body },
  });
const cancel = (id: number, token = tokens.teacher) =>
  call<Answer<Appointment>>(cancelRoute, { token, params: { id: String(id) } });
const amend = (body: Record<string, unknown>, token = tokens.teacher) =>
  call<Answer<Amendment>>(amendmentRoute, {
    token,
    body: { block_id: focus.id, memo: "Field trip", ...body },
  });

describe("POST /api/appointments/create", () => {
  it("books the student with the caller for a pending block", async () => {
    const res = await book({ student_id: student.student.id, date: MON, memo: "Quiz rewrite" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      memo: "Quiz rewrite",
      date: MON,
      block_id: focus.id,
      staff: { id: teacher.staff.id, name: "Ms. Lovelace, Ada" },
      student: { id: student.student.id, name: "Jane Doe" },
      locked: true,
      series_id: null,
    });
  });

  it("enforces the appointment limit (default 1) and 0 means no limit", async () => {
    const res = await book({ student_id: student.student.id, date: MON }, tokens.colleague);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: "appointment_limit",
      message: "The maximum number of appointments has been reached.",
    });
    await setSetting(state.db, "appointment_limit", "0");
    try {
      expect((await book({ student_id: student.student.id, date: MON }, tokens.colleague)).status).toBe(201);
    } finally {
      await setSetting(state.db, "appointment_limit", "1");
    }
  });

  it("clears the student's plan for that block and date when asked", async () => {
    await createPlan(state.db, {
      student_id: student.student.id,
      staff_id: colleague.staff.id,
      block_id: focus.id,
      date: TUE,
    });
    await createPlan(state.db, {
      student_id: student.student.id,
      staff_id: colleague.staff.id,
      block_id: focus.id,
      date: THU,
    });
    expect((await book({ student_id: student.student.id, date: TUE, clear_schedule: true })).status).toBe(
      201,
    );
    expect((await book({ student_id: student.student.id, date: THU, clear_schedule: false })).status).toBe(
      201,
    );
    const left = await state.db.select().from(plans).where(eq(plans.student_id, student.student.id));
    expect(left.map((p) => p.date)).toEqual([THU]);
  });

  it("checks the student, the block and pending", async () => {
    const missing = await book({ student_id: 999999, date: WED });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("The student for this appointment could not be found.");
    expect((await book({ student_id: student.student.id, date: WED, block_id: 999999 })).status).toBe(404);
    expect((await book({ student_id: student.student.id, date: SAT })).body.code).toBe("not_meeting");
    const past = await book({ student_id: student.student.id, date: LAST_TUE });
    expect(past.status).toBe(409);
    expect(past.body.code).toBe("not_pending");
  });

  it("validates the input (422) and the memo length", async () => {
    const bad = await call(createRoute, { token: tokens.teacher, body: { memo: "x", date: WED } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["block_id", "student_id"]);
    const long = await book({ student_id: student.student.id, date: FRI, memo: "x".repeat(151) });
    expect(long.status).toBe(422);
    expect(long.body.errors.memo).toBeDefined();
    expect((await book({ student_id: student.student.id, date: FRI, clear_schedule: "yes" })).status).toBe(
      422,
    );
    expect((await call(createRoute, { token: tokens.teacher, rawBody: "nope" })).status).toBe(400);
  });

  it("is for staff: 403 for students and sysadmins, 401 signed out", async () => {
    expect((await book({ student_id: student.student.id, date: FRI }, tokens.student)).status).toBe(403);
    expect((await book({ student_id: student.student.id, date: FRI }, tokens.sysadmin)).status).toBe(403);
    expect(
      (await call(createRoute, { body: { student_id: student.student.id, block_id: focus.id, date: FRI } }))
        .status,
    ).toBe(401);
  });

  it("holds the limit under concurrent bookings", async () => {
    const target = await createStudent(state.db);
    const others = [tokens.teacher, tokens.colleague, tokens.admin];
    const results = await Promise.all(
      others.map((token) => book({ student_id: target.student.id, date: WED }, token)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const rows = await state.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.student_id, target.student.id), eq(appointments.date, WED)));
    expect(rows).toHaveLength(1);
  });
});

describe("DELETE /api/appointments/{id}", () => {
  it("lets the appointment's teacher cancel it while pending", async () => {
    const row = await createAppointment(state.db, {
      student_id: student.student.id,
      staff_id: teacher.staff.id,
      block_id: course.id,
      date: FRI,
    });
    const res = await cancel(row.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: row.id,
      staff: { id: teacher.staff.id },
      student: { id: student.student.id },
    });
    expect((await cancel(row.id)).status).toBe(404);
  });

  it("lets an administrator cancel anyone's, but not another teacher (403)", async () => {
    const row = await createAppointment(state.db, {
      student_id: student.student.id,
      staff_id: teacher.staff.id,
      block_id: course.id,
      date: FRI,
    });
    const denied = await cancel(row.id, tokens.colleague);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe("Cannot delete Appointment.");
    expect((await cancel(row.id, tokens.admin)).status).toBe(200);
  });

  it("lets a sysadmin cancel anyone's (they may do what administrators do)", async () => {
    const row = await createAppointment(state.db, {
      student_id: student.student.id,
      staff_id: teacher.staff.id,
      block_id: course.id,
      date: FRI,
    });
    const res = await cancel(row.id, tokens.sysadmin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: row.id, staff: { id: teacher.staff.id } });
    expect(await state.db.select().from(appointments).where(eq(appointments.id, row.id))).toHaveLength(0);
  });

  it("answers exactly one of 10 concurrent cancels with 200 and the rest with 404", async () => {
    const row = await createAppointment(state.db, {
      student_id: student.student.id,
      staff_id: teacher.staff.id,
      block_id: course.id,
      date: FRI,
    });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => cancel(row.id, i % 2 ? tokens.admin : tokens.teacher)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(404)]);
  });

  it("refuses past blocks (409), unknown ids (404), bad ids (422), other roles", async () => {
    const past = await createAppointment(state.db, {
      student_id: student.student.id,
      staff_id: teacher.staff.id,
      block_id: focus.id,
      date: LAST_TUE,
    });
    const res = await cancel(past.id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("not_pending");
    expect((await cancel(999999)).status).toBe(404);
    expect((await call(cancelRoute, { token: tokens.teacher, params: { id: "x" } })).status).toBe(422);
    expect((await cancel(past.id, tokens.student)).status).toBe(403);
    expect((await call(cancelRoute, { params: { id: String(past.id) } })).status).toBe(401);
  });
});

describe("cancelling an appointment booked with \"Clear the student's plan\"", () => {
  const planOf = async (studentId: number, date: string) =>
    state.db
      .select()
      .from(plans)
      .where(and(eq(plans.student_id, studentId), eq(plans.block_id, focus.id), eq(plans.date, date)));

  it("gives the plan back as it was (teacher, source, when), and audits the booking and the cancel", async () => {
    const kid = await createStudent(state.db, { first_name: "Rosa", last_name: "Parks" });
    const chosen = await createPlan(state.db, {
      student_id: kid.student.id,
      staff_id: colleague.staff.id,
      block_id: focus.id,
      date: WED,
    });
    const booked = await book({ student_id: kid.student.id, date: WED, clear_schedule: true });
    expect(booked.status).toBe(201);
    expect(await planOf(kid.student.id, WED)).toHaveLength(0);

    const res = await cancel(booked.body.id);
    expect(res.status).toBe(200);
    const [back] = await planOf(kid.student.id, WED);
    expect(back).toMatchObject({ staff_id: colleague.staff.id, source: "chosen" });
    expect(back!.updated_at.toISOString()).toBe(chosen.updated_at.toISOString());

    const audit = await state.db.select().from(auditLog).where(eq(auditLog.target_user_id, kid.user.id));
    expect(audit.map((row) => row.action).sort()).toEqual(["appointment.cancel", "appointment.create"]);
    expect(audit.find((row) => row.action === "appointment.cancel")!.details).toMatchObject({
      appointment_id: booked.body.id,
      student: "Rosa Parks",
      teacher: "Ms. Lovelace, Ada",
      plans_restored: 1,
    });
  });

  it("leaves a plan the student chose since, and gives nothing back for a booking that cleared nothing", async () => {
    const kid = await createStudent(state.db, { first_name: "Ida", last_name: "Wells" });
    await createPlan(state.db, { student_id: kid.student.id, staff_id: colleague.staff.id, block_id: focus.id, date: WED });
    const booked = await book({ student_id: kid.student.id, date: WED, clear_schedule: true });
    // Chosen again since (with another teacher): that choice stays.
    await createPlan(state.db, { student_id: kid.student.id, staff_id: teacher.staff.id, block_id: focus.id, date: WED });
    expect((await cancel(booked.body.id)).status).toBe(200);
    expect((await planOf(kid.student.id, WED)).map((p) => p.staff_id)).toEqual([teacher.staff.id]);

    const plain = await book({ student_id: kid.student.id, date: THU, clear_schedule: true });
    expect((await cancel(plain.body.id)).status).toBe(200);
    expect(await planOf(kid.student.id, THU)).toHaveLength(0);
  });

  it("gives back no seat the teacher no longer has", async () => {
    const full = await createStaff(state.db, { title: "Dr.", first_name: "Mae", last_name: "Jemison" });
    await state.db.update(staff).set({ capacity: 1 }).where(eq(staff.id, full.staff.id));
    const kid = await createStudent(state.db, { first_name: "Ada", last_name: "Byron" });
    const other = await createStudent(state.db, { first_name: "Bea", last_name: "Arthur" });
    await createPlan(state.db, { student_id: kid.student.id, staff_id: full.staff.id, block_id: focus.id, date: FRI });
    const booked = await book({ student_id: kid.student.id, date: FRI, clear_schedule: true });
    // The freed seat was taken meanwhile.
    await createPlan(state.db, { student_id: other.student.id, staff_id: full.staff.id, block_id: focus.id, date: FRI });
    expect((await cancel(booked.body.id)).status).toBe(200);
    expect(await planOf(kid.student.id, FRI)).toHaveLength(0);
  });

  it("restores the plan once when 10 cancels race, and the appointment and plan never coexist", async () => {
    const kid = await createStudent(state.db, { first_name: "Kay", last_name: "Lee" });
    await createPlan(state.db, { student_id: kid.student.id, staff_id: colleague.staff.id, block_id: focus.id, date: THU });
    const booked = await book({ student_id: kid.student.id, date: THU, clear_schedule: true });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => cancel(booked.body.id, i % 2 ? tokens.admin : tokens.teacher)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(404)]);
    expect(await planOf(kid.student.id, THU)).toHaveLength(1);
    const cancels = await state.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target_user_id, kid.user.id), eq(auditLog.action, "appointment.cancel")));
    expect(cancels).toHaveLength(1);
  });
});

describe("POST /api/amendment", () => {
  it("is audited: who amended whose block, when and why, in words", async () => {
    const kid = await createStudent(state.db, { first_name: "Amy", last_name: "Audit" });
    const res = await amend({ student_id: kid.student.id, date: WED, memo: "Band trip" });
    expect(res.status).toBe(201);
    const [entry] = await state.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target_user_id, kid.user.id), eq(auditLog.action, "amendment.create")));
    expect(entry).toMatchObject({
      actor_user_id: teacher.user.id,
      details: { amendment_id: res.body.id, student: "Amy Audit", teacher: "Ms. Lovelace, Ada", date: WED, memo: "Band trip" },
    });
  });

  it("records an amendment for one student, past dates included", async () => {
    const res = await amend({ student_id: student.student.id, date: LAST_TUE, memo: "Excused: sick" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      memo: "Excused: sick",
      date: LAST_TUE,
      block_id: focus.id,
      staff: { id: teacher.staff.id, name: "Ms. Lovelace, Ada" },
      student: { id: student.student.id, name: "Jane Doe" },
    });
  });

  it("refuses when the student already has a check-in there (409)", async () => {
    const other = await createStudent(state.db);
    await createCheckIn(state.db, {
      student_id: other.student.id,
      block_id: focus.id,
      date: LAST_TUE,
      staff_id: teacher.staff.id,
    });
    const res = await amend({ student_id: other.student.id, date: LAST_TUE });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("already_checked_in");
  });

  it("requires a student and a non-empty memo (422)", async () => {
    const empty = await amend({ student_id: student.student.id, date: WED, memo: "   " });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.memo).toEqual(["This field cannot be empty."]);
    const noMemo = await call(amendmentRoute, {
      token: tokens.teacher,
      body: { student_id: student.student.id, block_id: focus.id, date: WED },
    });
    expect(noMemo.body.errors.memo).toEqual(["This field cannot be empty."]);
    const noStudent = await amend({ student_id: null, date: WED });
    expect(noStudent.status).toBe(422);
    expect(noStudent.body.errors.student_id).toBeDefined();
    const globals = await state.db.select().from(amendments).where(eq(amendments.memo, "Field trip"));
    expect(globals.filter((a) => a.student_id === null)).toHaveLength(0);
  });

  it("checks the student and the block", async () => {
    expect((await amend({ student_id: 999999, date: WED })).status).toBe(404);
    expect((await amend({ student_id: student.student.id, date: WED, block_id: 999999 })).status).toBe(404);
    expect((await amend({ student_id: student.student.id, date: SAT })).body.code).toBe("not_meeting");
    expect((await call(amendmentRoute, { token: tokens.teacher, rawBody: "{" })).status).toBe(400);
  });

  it("is for staff: 403 for students and sysadmins, 401 signed out", async () => {
    expect((await amend({ student_id: student.student.id, date: WED }, tokens.student)).status).toBe(403);
    expect((await amend({ student_id: student.student.id, date: WED }, tokens.sysadmin)).status).toBe(403);
    expect(
      (
        await call(amendmentRoute, {
          body: { student_id: student.student.id, block_id: focus.id, date: WED, memo: "x" },
        })
      ).status,
    ).toBe(401);
  });
});
