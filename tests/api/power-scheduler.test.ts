/** @jest-environment node */
import { and, eq } from "drizzle-orm";
import { auditLog, plans, powerScheduleSlots, powerSchedules } from "@/db/schema";
import { createStudents } from "../helpers/bulk-factories";
import { createStaff, createStudent } from "../helpers/factories";
import { createAppointment, setSetting } from "../helpers/schedule-factories";
import { createCheckIn, createPlan, LAST_TUE, MON, TUE, weekdayDate } from "../helpers/timetable-factories";
import {
  useArrangedSchool,
  batchAmendments,
  batchAppointments,
  calendarBlock,
  preview,
  run,
} from "./power-scheduler-fixtures";

const { state, school } = useArrangedSchool();

const ids = (list: { student: { id: number } }[]) => list.map((s) => s.student.id);

describe("POST /api/power-scheduler: appointments for some students", () => {
  it("books every chosen student on every flex block of a date range, linked to the batch", async () => {
    const students = [await createStudent(state.db), await createStudent(state.db)];
    const res = await run(school, {
      student_ids: ids(students),
      date_time: MON,
      end_date: TUE,
      block_ids: [school.focus.id],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      message: "The schedule change has been processed.",
      schedule_type: "appointment",
      student_type: "some",
      global: false,
      staff: { id: school.teacher.staff.id, name: "Ms. Lovelace, Ada" },
      dates: [MON, TUE],
      students: 2,
      created: 4,
      skipped_limit: 0,
      skipped_checked_in: 0,
      plans_cleared: 0,
      appointment_limit: 1,
    });
    const rows = await batchAppointments(state.db, res.body.id);
    expect(rows.map((r) => [r.student_id, r.date, r.block_id, r.staff_id, r.memo])).toEqual(
      expect.arrayContaining(
        ids(students).flatMap((id) =>
          [MON, TUE].map((date) => [id, date, school.focus.id, school.teacher.staff.id, "Assembly"]),
        ),
      ),
    );
    expect(rows).toHaveLength(4);
    const block = await calendarBlock(school.tokens.admin, students[0]!.student.id, TUE, school.focus.id);
    expect(block?.appointments).toEqual([
      expect.objectContaining({
        memo: "Assembly",
        staff: { id: school.teacher.staff.id, name: "Ms. Lovelace, Ada" },
      }),
    ]);
  });

  it("keeps the spec's one-date body working: every flex block that meets on that date", async () => {
    const s = await createStudent(state.db);
    const monday = weekdayDate(1, 2);
    const res = await run(school, { student_ids: [s.student.id], date_time: `${monday}T16:00:00.000Z` });
    expect(res.status).toBe(201);
    expect(res.body.slots).toEqual([
      { block_id: school.focus.id, label: "Focus Block", date: monday },
      { block_id: school.clubs.id, label: "Clubs", date: monday },
    ]);
    expect(await batchAppointments(state.db, res.body.id)).toHaveLength(2);
    const [batch] = await state.db.select().from(powerSchedules).where(eq(powerSchedules.id, res.body.id));
    expect(batch).toMatchObject({
      created_by: school.admin.user.id,
      staff_id: school.teacher.staff.id,
      type: "appointment",
      student_type: "some",
      date: monday,
      end_date: monday,
      student_count: 1,
    });
  });

  it("takes only the chosen weekdays and blocks of a range", async () => {
    const s = await createStudent(state.db);
    const res = await run(school, {
      student_ids: [s.student.id],
      date_time: weekdayDate(1, 3),
      end_date: weekdayDate(5, 3),
      weekdays: [1, 3],
      block_ids: [school.clubs.id],
    });
    expect(res.status).toBe(201);
    expect(res.body.slots.map((x: { date: string; label: string }) => [x.date, x.label])).toEqual([
      [weekdayDate(1, 3), "Clubs"],
      [weekdayDate(3, 3), "Clubs"],
    ]);
    const slots = await state.db
      .select()
      .from(powerScheduleSlots)
      .where(eq(powerScheduleSlots.power_schedule_id, res.body.id));
    expect(slots).toHaveLength(2);
  });

  it("takes only the chosen day types of the rotation (every Monday and Wednesday day type here), a recurring request undone as one", async () => {
    const s = await createStudent(state.db);
    const res = await run(school, {
      student_ids: [s.student.id],
      date_time: weekdayDate(1, 3),
      end_date: weekdayDate(5, 4),
      day_types: ["Monday", "Wednesday"],
      block_ids: [school.focus.id],
    });
    expect(res.status).toBe(201);
    expect(res.body.dates).toEqual([
      weekdayDate(1, 3),
      weekdayDate(3, 3),
      weekdayDate(1, 4),
      weekdayDate(3, 4),
    ]);
    expect(await batchAppointments(state.db, res.body.id)).toHaveLength(4);
    const known = await run(school, {
      student_ids: [s.student.id],
      date_time: weekdayDate(1, 5),
      end_date: weekdayDate(5, 5),
      day_types: ["Day 2"],
    });
    expect(known.status).toBe(422);
    expect(known.body.errors.day_types[0]).toMatch(
      /^No flex block meets on a Day 2 in those dates \(their day types: .*Monday.*\)\.$/,
    );
  });

  it("clears the students' plans for those blocks, as clear_schedule does, and no one else's", async () => {
    const [a, b] = [await createStudent(state.db), await createStudent(state.db)];
    const other = await createStaff(state.db);
    const date = weekdayDate(2, 2);
    await createPlan(state.db, {
      student_id: a.student.id,
      staff_id: other.staff.id,
      block_id: school.focus.id,
      date,
    });
    await createPlan(state.db, {
      student_id: b.student.id,
      staff_id: other.staff.id,
      block_id: school.focus.id,
      date,
    });
    const res = await run(school, { student_ids: [a.student.id], date_time: date });
    expect(res.body.plans_cleared).toBe(1);
    const left = await state.db
      .select()
      .from(plans)
      .where(and(eq(plans.block_id, school.focus.id), eq(plans.date, date)));
    expect(left.map((p) => p.student_id)).toEqual([b.student.id]);
  });

  it("respects the appointment limit: students at it are skipped and counted (0 = no limit)", async () => {
    const [a, b] = [await createStudent(state.db), await createStudent(state.db)];
    const other = await createStaff(state.db);
    const date = weekdayDate(4, 2);
    await createAppointment(state.db, {
      student_id: a.student.id,
      staff_id: other.staff.id,
      block_id: school.focus.id,
      date,
    });
    const res = await run(school, { student_ids: [a.student.id, b.student.id], date_time: date });
    expect(res.body).toMatchObject({
      students: 2,
      created: 1,
      booked_students: 1,
      skipped_limit: 1,
      skipped_limit_students: 1,
    });
    const rows = await batchAppointments(state.db, res.body.id);
    expect(rows.map((r) => r.student_id)).toEqual([b.student.id]);

    await setSetting(state.db, "appointment_limit", "0");
    try {
      const unlimited = await run(school, { student_ids: [a.student.id], date_time: date });
      expect(unlimited.body).toMatchObject({
        created: 1,
        booked_students: 1,
        skipped_limit: 0,
        appointment_limit: 0,
      });
    } finally {
      await setSetting(state.db, "appointment_limit", "1");
    }
  });

  it("skips students already checked in for the block and counts them", async () => {
    const [a, b] = [await createStudent(state.db), await createStudent(state.db)];
    const date = weekdayDate(5, 2);
    await createCheckIn(state.db, { student_id: a.student.id, block_id: school.focus.id, date });
    const res = await run(school, {
      student_ids: [a.student.id, b.student.id],
      date_time: date,
      block_ids: [school.focus.id],
    });
    expect(res.body).toMatchObject({ created: 1, skipped_checked_in: 1, checked_in_students: 1 });
  });

  it("writes the batch to the audit log", async () => {
    const s = await createStudent(state.db);
    const res = await run(school, { student_ids: [s.student.id], date_time: weekdayDate(2, 3) });
    const mine = await state.db.select().from(auditLog).where(eq(auditLog.action, "power_scheduler.run"));
    expect(mine.find((e) => e.details?.batch_id === res.body.id)).toMatchObject({
      actor_user_id: school.admin.user.id,
      details: expect.objectContaining({
        type: "appointment",
        student_type: "some",
        created: 1,
        memo: "Assembly",
      }),
    });
  });
});

describe("POST /api/power-scheduler: amendments", () => {
  it("amends each chosen student's block, also in the past, skipping students checked in", async () => {
    const [a, b] = [await createStudent(state.db), await createStudent(state.db)];
    await createCheckIn(state.db, { student_id: b.student.id, block_id: school.focus.id, date: LAST_TUE });
    const res = await run(school, {
      schedule_type: "amendment",
      student_ids: ids([a, b]),
      date_time: LAST_TUE,
      memo: "Field trip",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      schedule_type: "amendment",
      global: false,
      created: 1,
      skipped_checked_in: 1,
    });
    const rows = await batchAmendments(state.db, res.body.id);
    expect(rows.map((r) => [r.student_id, r.memo, r.staff_id])).toEqual([
      [a.student.id, "Field trip", school.teacher.staff.id],
    ]);
  });

  it("for all students makes one global amendment per block occurrence", async () => {
    const date = weekdayDate(3, 4);
    const res = await run(school, { schedule_type: "amendment", student_type: "all", date_time: date });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ global: true, created: 2 });
    const rows = await batchAmendments(state.db, res.body.id);
    expect(rows.map((r) => [r.student_id, r.block_id])).toEqual([
      [null, school.focus.id],
      [null, school.clubs.id],
    ]);
  });
});

describe("POST /api/power-scheduler/preview", () => {
  it("works before a staff member and memo are chosen, and says who when one is", async () => {
    const s = await createStudent(state.db);
    const body = {
      student_ids: [s.student.id],
      date_time: weekdayDate(2, 5),
      staff_id: undefined,
      memo: undefined,
    };
    const early = await preview(school, body);
    expect(early.status).toBe(200);
    expect(early.body).toMatchObject({ staff: null, created: 1, students: 1 });
    const later = await preview(school, { ...body, staff_id: school.teacher.staff.id });
    expect(later.body.staff).toEqual({ id: school.teacher.staff.id, name: "Ms. Lovelace, Ada" });
    expect((await preview(school, { ...body, staff_id: 99_999_999 })).status).toBe(404);
  });

  it("answers the counts a run would report and changes nothing", async () => {
    const students = await createStudents(state.db, 3);
    const date = weekdayDate(1, 5);
    const other = await createStaff(state.db);
    await createAppointment(state.db, {
      student_id: students[0]!.id,
      staff_id: other.staff.id,
      block_id: school.focus.id,
      date,
    });
    await createCheckIn(state.db, { student_id: students[1]!.id, block_id: school.clubs.id, date });
    await createPlan(state.db, {
      student_id: students[2]!.id,
      staff_id: other.staff.id,
      block_id: school.focus.id,
      date,
    });
    const body = { student_ids: students.map((s) => s.id), date_time: date };
    const before = await state.db.select().from(powerSchedules);
    const seen = await preview(school, body);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      students: 3,
      created: 4,
      booked_students: 1,
      skipped_limit: 1,
      skipped_checked_in: 1,
      checked_in_students: 1,
      plans_cleared: 1,
      dates: [date],
      max_rows: expect.any(Number),
      // Who: the preview names them.
      booked_student_ids: [students[0]!.id],
      limit_student_ids: [students[0]!.id],
      checked_in_student_ids: [students[1]!.id],
    });
    expect(await state.db.select().from(powerSchedules)).toHaveLength(before.length);
    const done = await run(school, body);
    for (const key of ["students", "created", "skipped_limit", "skipped_checked_in", "plans_cleared"]) {
      expect(done.body[key]).toBe(seen.body[key]);
    }
  });
});
