/** @jest-environment node */
import { and, eq } from "drizzle-orm";
import { POST as undoRoute } from "@/app/api/power-scheduler/[id]/undo/route";
import { POST as archiveRoute } from "@/app/api/students/[id]/archive/route";
import { POST as restoreRoute } from "@/app/api/students/[id]/restore/route";
import { GET as optionsRoute } from "@/app/api/power-scheduler/options/route";
import { GET as listRoute } from "@/app/api/power-scheduler/route";
import { appointments, auditLog, placementRuns, plans, powerSchedules, students } from "@/db/schema";
import type { PowerScheduleBatch } from "@/lib/scheduler/present";
import type { PowerSchedulerOptions } from "@/lib/scheduler/options.server";
import { dayOfWeek } from "@/lib/core/time";
import { createStaff, createStudent } from "../helpers/factories";
import { call } from "../helpers/http";
import { createCluster } from "../helpers/schedule-factories";
import { createPlan, LAST_TUE, weekdayDate } from "../helpers/timetable-factories";
import {
  useArrangedSchool,
  batchAmendments,
  batchAppointments,
  calendarBlock,
  run,
} from "./power-scheduler-fixtures";

const { state, school } = useArrangedSchool();

const undo = (id: number, token = school.tokens.admin) =>
  call(undoRoute, { token, params: { id: String(id) }, body: {} });
const list = (token = school.tokens.admin) => call<PowerScheduleBatch[]>(listRoute, { token });

describe("All Students", () => {
  it("books every current student, and a student added later for the batch's pending blocks", async () => {
    const date = weekdayDate(2, 2);
    const archived = await createStudent(state.db, { archived_at: new Date() });
    const current = await state.db.select({ id: students.id }).from(students);
    const res = await run(school, { student_type: "all", date_time: date, block_ids: [school.focus.id] });
    expect(res.status).toBe(201);
    expect(res.body.students).toBe(current.length - 1);
    const booked = await batchAppointments(state.db, res.body.id);
    expect(booked.map((a) => a.student_id)).not.toContain(archived.student.id);
    expect(booked).toHaveLength(current.length - 1);

    const newcomer = await createStudent(state.db, { first_name: "Nia", last_name: "Newcomer" });
    const block = await calendarBlock(school.tokens.admin, newcomer.student.id, date, school.focus.id);
    expect(block?.appointments).toEqual([
      expect.objectContaining({
        memo: "Assembly",
        staff: { id: school.teacher.staff.id, name: "Ms. Lovelace, Ada" },
      }),
    ]);
    const [row] = await state.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.student_id, newcomer.student.id), eq(appointments.date, date)));
    expect(row?.power_schedule_id).toBe(res.body.id);

    // Undone: the newcomer's appointment goes too, and the next student added gets none.
    expect((await undo(res.body.id)).status).toBe(200);
    expect(
      await calendarBlock(school.tokens.admin, newcomer.student.id, date, school.focus.id),
    ).toMatchObject({
      appointments: [],
    });
    const later = await createStudent(state.db);
    expect(
      (await calendarBlock(school.tokens.admin, later.student.id, date, school.focus.id))?.appointments,
    ).toEqual([]);
  });

  it("books a student restored from the archive into the live batches, once, and keeps a booking they held", async () => {
    const date = weekdayDate(2, 3);
    const away = await createStudent(state.db, { archived_at: new Date() });
    const leaver = await createStudent(state.db);
    const res = await run(school, { student_type: "all", date_time: date, block_ids: [school.focus.id] });
    expect(res.status).toBe(201);
    const undone = await run(school, { student_type: "all", date_time: weekdayDate(3, 3), block_ids: [school.focus.id] });
    expect((await undo(undone.body.id)).status).toBe(200);
    const heldBy = async (studentId: number) =>
      (await state.db.select().from(appointments).where(eq(appointments.student_id, studentId))).map((a) => a.power_schedule_id);
    expect(await heldBy(away.student.id)).toEqual([]);

    // Archived after the batch booked them: restoring keeps their one booking, never a second.
    const params = (id: number) => ({ id: String(id) });
    expect((await call(archiveRoute, { token: school.tokens.admin, params: params(leaver.student.id) })).status).toBe(200);
    for (const student of [away, leaver]) {
      expect((await call(restoreRoute, { token: school.tokens.admin, params: params(student.student.id) })).status).toBe(200);
      // Restoring twice changes nothing.
      expect((await call(restoreRoute, { token: school.tokens.admin, params: params(student.student.id) })).status).toBe(200);
    }
    // The undone batch books nobody.
    expect(await heldBy(away.student.id)).toEqual([res.body.id]);
    expect(await heldBy(leaver.student.id)).toEqual([res.body.id]);
    const block = await calendarBlock(school.tokens.admin, away.student.id, date, school.focus.id);
    expect(block?.appointments).toEqual([expect.objectContaining({ memo: "Assembly" })]);

    // Other edits of a student do not book anyone.
    await state.db.update(students).set({ first_name: "Renamed" }).where(eq(students.id, leaver.student.id));
    expect(await heldBy(leaver.student.id)).toEqual([res.body.id]);
  });

  it("covers a student added later with a global amendment", async () => {
    const date = weekdayDate(4, 2);
    const res = await run(school, {
      schedule_type: "amendment",
      student_type: "all",
      date_time: date,
      memo: "No Focus today",
    });
    expect(res.status).toBe(201);
    const newcomer = await createStudent(state.db);
    const block = await calendarBlock(school.tokens.admin, newcomer.student.id, date, school.focus.id);
    expect(block?.amendments).toEqual([expect.objectContaining({ memo: "No Focus today", student: null })]);
  });
});

describe("POST /api/power-scheduler/{id}/undo", () => {
  it("removes the batch's rows, gives back the plans it cleared and records who undid it", async () => {
    const date = weekdayDate(3, 3);
    const [a, b] = [await createStudent(state.db), await createStudent(state.db)];
    const other = await createStaff(state.db);
    await createPlan(state.db, {
      student_id: a.student.id,
      staff_id: other.staff.id,
      block_id: school.focus.id,
      date,
    });
    const res = await run(school, { student_ids: [a.student.id, b.student.id], date_time: date });
    expect(res.body).toMatchObject({ created: 4, plans_cleared: 1 });

    const undone = await undo(res.body.id, school.tokens.sysadmin);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({
      message: "Undid the batch.",
      removed: 4,
      plans_restored: 1,
      batch: { id: res.body.id, undoable: false, undone_by: { name: "Sys Admin" } },
    });
    expect(await batchAppointments(state.db, res.body.id)).toHaveLength(0);
    const restored = await state.db
      .select()
      .from(plans)
      .where(and(eq(plans.student_id, a.student.id), eq(plans.date, date)));
    expect(restored.map((p) => p.staff_id)).toEqual([other.staff.id]);
    const entries = await state.db.select().from(auditLog).where(eq(auditLog.action, "power_scheduler.undo"));
    expect(entries.find((e) => e.details?.batch_id === res.body.id)).toMatchObject({
      details: { batch_id: res.body.id, removed: 4, plans_restored: 1 },
    });

    const again = await undo(res.body.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("already_undone");
  });

  it("gives a plan placed by default back as placed (with its run), and a chosen one as chosen then", async () => {
    const date = weekdayDate(1, 4);
    const [placedStudent, chooser] = [await createStudent(state.db), await createStudent(state.db)];
    const homeroom = await createStaff(state.db);
    const [placementRun] = await state.db
      .insert(placementRuns)
      .values({ date, cutoff_at: new Date(`${date}T15:00:00Z`), placed: 1 })
      .returning();
    const chosenAt = new Date("2026-01-05T17:30:00Z");
    await state.db.insert(plans).values([
      {
        student_id: placedStudent.student.id,
        staff_id: homeroom.staff.id,
        block_id: school.focus.id,
        date,
        source: "placed",
        placement_run_id: placementRun!.id,
      },
      {
        student_id: chooser.student.id,
        staff_id: homeroom.staff.id,
        block_id: school.focus.id,
        date,
        updated_at: chosenAt,
      },
    ]);
    const res = await run(school, {
      student_ids: [placedStudent.student.id, chooser.student.id],
      date_time: date,
    });
    expect(res.body).toMatchObject({ plans_cleared: 2 });
    expect((await undo(res.body.id)).body).toMatchObject({ plans_restored: 2 });
    const restored = await state.db
      .select()
      .from(plans)
      .where(and(eq(plans.date, date), eq(plans.staff_id, homeroom.staff.id)));
    const of = (id: number) => restored.find((p) => p.student_id === id);
    expect(of(placedStudent.student.id)).toMatchObject({
      source: "placed",
      placement_run_id: placementRun!.id,
    });
    expect(of(chooser.student.id)).toMatchObject({ source: "chosen", placement_run_id: null });
    expect(of(chooser.student.id)!.updated_at.toISOString()).toBe(chosenAt.toISOString());
  });

  it("gives back a batch's plans cleared before their source was kept as chosen", async () => {
    const date = weekdayDate(2, 4);
    const student = await createStudent(state.db);
    const teacher = await createStaff(state.db);
    const res = await run(school, { student_ids: [student.student.id], date_time: date });
    await state.db
      .update(powerSchedules)
      .set({
        cleared_plans: [
          { student_id: student.student.id, staff_id: teacher.staff.id, block_id: school.focus.id, date },
        ],
      })
      .where(eq(powerSchedules.id, res.body.id));
    expect((await undo(res.body.id)).body).toMatchObject({ plans_restored: 1 });
    const [plan] = await state.db
      .select()
      .from(plans)
      .where(and(eq(plans.student_id, student.student.id), eq(plans.date, date)));
    expect(plan).toMatchObject({ staff_id: teacher.staff.id, source: "chosen", placement_run_id: null });
  });

  it("keeps a plan the student chose again since, rather than restoring the old one", async () => {
    const date = weekdayDate(5, 3);
    const a = await createStudent(state.db);
    const [first, second] = [await createStaff(state.db), await createStaff(state.db)];
    await createPlan(state.db, {
      student_id: a.student.id,
      staff_id: first.staff.id,
      block_id: school.focus.id,
      date,
    });
    const res = await run(school, { student_ids: [a.student.id], date_time: date });
    await state.db.delete(appointments).where(eq(appointments.power_schedule_id, res.body.id));
    await createPlan(state.db, {
      student_id: a.student.id,
      staff_id: second.staff.id,
      block_id: school.focus.id,
      date,
    });
    const undone = await undo(res.body.id);
    expect(undone.body.plans_restored).toBe(0);
    const now = await state.db
      .select()
      .from(plans)
      .where(and(eq(plans.student_id, a.student.id), eq(plans.date, date)));
    expect(now.map((p) => p.staff_id)).toEqual([second.staff.id]);
  });

  it("refuses once the batch's first block has ended", async () => {
    const s = await createStudent(state.db);
    const res = await run(school, {
      schedule_type: "amendment",
      student_ids: [s.student.id],
      date_time: LAST_TUE,
    });
    const refused = await undo(res.body.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("not_pending");
    expect(await batchAmendments(state.db, res.body.id)).toHaveLength(1);
  });

  it("answers 404 for an unknown batch, 422 for a bad id, 403 for teachers", async () => {
    expect((await undo(99_999_999)).status).toBe(404);
    expect(
      (await call(undoRoute, { token: school.tokens.admin, params: { id: "abc" }, body: {} })).status,
    ).toBe(422);
    const s = await createStudent(state.db);
    const res = await run(school, { student_ids: [s.student.id], date_time: weekdayDate(1, 4) });
    expect((await undo(res.body.id, school.tokens.teacher)).status).toBe(403);
    expect((await undo(res.body.id, school.tokens.student)).status).toBe(403);
    expect(await batchAppointments(state.db, res.body.id)).toHaveLength(2);
  });
});

describe("GET /api/power-scheduler", () => {
  it("lists batches newest first: who, when, what, how many, and whether Undo is still possible", async () => {
    const s = await createStudent(state.db);
    const date = weekdayDate(2, 4);
    const res = await run(school, {
      student_ids: [s.student.id],
      date_time: date,
      end_date: weekdayDate(3, 4),
    });
    const listed = await list();
    expect(listed.status).toBe(200);
    expect(listed.body[0]).toMatchObject({
      id: res.body.id,
      type: "appointment",
      student_type: "some",
      memo: "Assembly",
      created_by: { name: expect.stringContaining("Teacher") },
      staff: { id: school.teacher.staff.id, name: "Ms. Lovelace, Ada" },
      date,
      end_date: weekdayDate(3, 4),
      dates: [date, weekdayDate(3, 4)],
      blocks: ["Clubs", "Focus Block"],
      summary: expect.objectContaining({ created: 3, students: 1, dates: 2, slots: 3 }),
      rows: 3,
      undone_at: null,
      undoable: true,
    });
    const times = listed.body.map((b) => b.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("is for administrators and sysadmins only", async () => {
    expect((await list(school.tokens.sysadmin)).status).toBe(200);
    expect((await list(school.tokens.teacher)).status).toBe(403);
    expect((await list(school.tokens.student)).status).toBe(403);
  });
});

describe("GET /api/power-scheduler/options", () => {
  it("offers current students with their clusters, visible clusters, staff and flex blocks with their days", async () => {
    const s = await createStudent(state.db, { first_name: "Cleo", last_name: "Cluster", grade: 11 });
    const cluster = await createCluster(state.db, { name: "Robotics", student_ids: [s.student.id] });
    await createCluster(state.db, { name: "Hidden one", student_ids: [s.student.id], hidden: true });
    const res = await call<PowerSchedulerOptions>(optionsRoute, { token: school.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.students.find((x) => x.id === s.student.id)).toEqual({
      id: s.student.id,
      first_name: "Cleo",
      last_name: "Cluster",
      grade: 11,
      cluster_ids: expect.arrayContaining([cluster.id]),
    });
    expect(res.body.clusters.map((c) => c.name)).toContain("Robotics");
    expect(res.body.clusters.map((c) => c.name)).not.toContain("Hidden one");
    expect(res.body.staff.find((x) => x.id === school.teacher.staff.id)).toMatchObject({
      first_name: "Ada",
      last_name: "Lovelace",
      email: school.teacher.staff.email,
      // The Power Scheduler warns before booking more students with a teacher than this.
      capacity: expect.any(Number),
    });
    expect(res.body.blocks).toEqual([
      { id: school.focus.id, label: "Focus Block", days: [1, 2, 3, 4, 5], dates: expect.any(Array) },
      { id: school.clubs.id, label: "Clubs", days: [1, 3], dates: expect.any(Array) },
    ]);
    // The dates each block meets from today, read off the school calendar (on a rotation not every Monday).
    const clubs = res.body.blocks[1]!.dates as string[];
    expect(clubs.length).toBeGreaterThan(0);
    expect(clubs.every((date) => date >= res.body.today && [1, 3].includes(dayOfWeek(date)))).toBe(true);
    expect(res.body).toMatchObject({
      appointment_limit: 1,
      today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect((await call(optionsRoute, { token: school.tokens.teacher })).status).toBe(403);
  });
});
