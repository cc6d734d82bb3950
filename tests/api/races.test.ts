/** @jest-environment node */
import { and, eq, sql } from "drizzle-orm";
import { POST as bookRoute } from "@/app/api/appointments/create/route";
import { POST as clusterCreateRoute } from "@/app/api/clusters/route";
import { POST as undoRoute } from "@/app/api/power-scheduler/[id]/undo/route";
import { POST as powerSchedulerRoute } from "@/app/api/power-scheduler/route";
import { POST as schedulePlanRoute } from "@/app/api/students/schedule-plan/route";
import { appointments, clusters, imports, plans } from "@/db/schema";
import { MAX_FILES_PER_UPLOAD } from "@/lib/imports/fields";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { csvFile, upload } from "../helpers/imports";
import { createWeekTimetable } from "../helpers/schedule-factories";
import { createPlan, weekdayDate } from "../helpers/timetable-factories";

/**
 * The four races the outside audit found, each with real concurrency. The requests
 * run side by side through the pool (up to 20 connections on PostgreSQL, where the races live; PGlite
 * runs one statement at a time, so these run there too but cannot race). The capacity rule of the
 * Power Scheduler's undo also holds without any race (the last test), on both databases.
 */
const state = useTestDb();
const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;

let focus: { id: number };
let admin: Awaited<ReturnType<typeof createAdmin>>;
let adminToken: string;

beforeAll(async () => {
  ({ focus } = await createWeekTimetable(state.db));
  admin = await createAdmin(state.db);
  adminToken = await tokenFor(state.db, admin);
});

describe("a student's own choice against an appointment booked with clear_schedule", () => {
  onPostgres("never leaves a self-chosen plan beside the appointment (40 students, both at once)", async () => {
    const date = weekdayDate(3, 2);
    const chosen = await createStaff(state.db, { capacity: 100 });
    const booking = await createStaff(state.db);
    const bookingToken = await tokenFor(state.db, booking);
    const pupils = [];
    for (let i = 0; i < 40; i++) {
      const pupil = await createStudent(state.db);
      pupils.push({ id: pupil.student.id, token: await tokenFor(state.db, pupil) });
    }
    const answers = await Promise.all(
      pupils.flatMap((pupil) => [
        call(schedulePlanRoute, {
          token: pupil.token,
          body: { block_id: focus.id, date, staff_id: chosen.staff.id },
        }),
        call(bookRoute, {
          token: bookingToken,
          body: { student_id: pupil.id, block_id: focus.id, date, memo: "See me", clear_schedule: true },
        }),
      ]),
    );
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const both = await state.db.execute(sql`
      select p.student_id from plans p
      join appointments a on a.student_id = p.student_id and a.block_id = p.block_id and a.date = p.date
      where p.date = ${date}::date and p.block_id = ${focus.id}::integer`);
    const rows = ((both as unknown as { rows?: unknown[] }).rows ?? both) as unknown[];
    expect(rows).toHaveLength(0);
    expect(
      await state.db.$count(appointments, and(eq(appointments.date, date), eq(appointments.block_id, focus.id))),
    ).toBe(40);
  });
});

describe("uploads waiting", () => {
  onPostgres(`never has more than ${MAX_FILES_PER_UPLOAD} waiting: with 3 waiting, 2 of 10 concurrent uploads are taken`, async () => {
    const uploader = await createAdmin(state.db);
    const token = await tokenFor(state.db, uploader);
    const file = (i: number) => csvFile([`Ann,Race${i},9,${8100000 + i}`], `race-${i}.csv`);
    for (let i = 0; i < 3; i++) expect((await upload({ token, file: file(i) })).status).toBe(202);
    // The password check lets a few concurrent confirmations through (the rest wait: 429); of those,
    // only as many as there is room for may be queued.
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => upload({ token, file: file(10 + i) })));
    expect(answers.filter((a) => a.status === 202)).toHaveLength(MAX_FILES_PER_UPLOAD - 3);
    expect(answers.filter((a) => ![202, 409, 429].includes(a.status))).toEqual([]);
    expect(await state.db.$count(imports, eq(imports.uploaded_by, uploader.user.id))).toBe(MAX_FILES_PER_UPLOAD);
  });
});

describe("clusters named alike", () => {
  onPostgres("of 10 concurrent creates of one name in different cases, exactly one is made", async () => {
    const names = ["Robotics", "robotics", "ROBOTICS", "RoBoTiCs", "rOBOTICS"];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(clusterCreateRoute, { token: adminToken, body: { name: names[i % names.length] } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === "cluster_exists")).toBe(true);
    expect(await state.db.$count(clusters, sql`lower(${clusters.name}) = 'robotics'`)).toBe(1);
  });
});

describe("the Power Scheduler's undo and the teacher's capacity", () => {
  /** Two students planned with a teacher of capacity 2; a batch books them elsewhere, clearing the plans. */
  async function clearedTwo(date: string) {
    const teacher = await createStaff(state.db, { capacity: 2 });
    const elsewhere = await createStaff(state.db);
    const cleared = [await createStudent(state.db), await createStudent(state.db)];
    for (const s of cleared) {
      await createPlan(state.db, { student_id: s.student.id, staff_id: teacher.staff.id, block_id: focus.id, date });
    }
    const batch = await call(powerSchedulerRoute, {
      token: adminToken,
      body: {
        student_type: "some",
        schedule_type: "appointment",
        staff_id: elsewhere.staff.id,
        memo: "Assembly",
        student_ids: cleared.map((s) => s.student.id),
        date_time: date,
        block_ids: [focus.id],
      },
    });
    expect(batch.body).toMatchObject({ plans_cleared: 2 });
    const choosers = [];
    for (let i = 0; i < 2; i++) {
      const pupil = await createStudent(state.db);
      choosers.push({ id: pupil.student.id, token: await tokenFor(state.db, pupil) });
    }
    return { teacher, batchId: batch.body.id as number, cleared, choosers };
  }
  const plansWith = (staffId: number, date: string) =>
    state.db.$count(plans, and(eq(plans.staff_id, staffId), eq(plans.date, date), eq(plans.block_id, focus.id)));

  onPostgres("never restores plans beyond the capacity while students choose the freed seats", async () => {
    const date = weekdayDate(4, 2);
    const { teacher, batchId, choosers } = await clearedTwo(date);
    const answers = await Promise.all([
      call(undoRoute, { token: adminToken, params: { id: String(batchId) }, body: {} }),
      ...choosers.map((c) =>
        call(schedulePlanRoute, { token: c.token, body: { block_id: focus.id, date, staff_id: teacher.staff.id } }),
      ),
    ]);
    expect(answers[0]!.status).toBe(200);
    expect(await plansWith(teacher.staff.id, date)).toBe(2);
  });

  it("gives back only the seats left: the first to have chosen first (both databases, no race needed)", async () => {
    const date = weekdayDate(5, 2);
    const { teacher, batchId, cleared, choosers } = await clearedTwo(date);
    const took = await call(schedulePlanRoute, {
      token: choosers[0]!.token,
      body: { block_id: focus.id, date, staff_id: teacher.staff.id },
    });
    expect(took.status).toBe(200);
    const res = await call(undoRoute, { token: adminToken, params: { id: String(batchId) }, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.plans_restored).toBe(1);
    expect(await plansWith(teacher.staff.id, date)).toBe(2);
    const back = await state.db
      .select({ student_id: plans.student_id })
      .from(plans)
      .where(and(eq(plans.staff_id, teacher.staff.id), eq(plans.date, date)));
    // The plans were made in order: the first cleared student chose first and gets the seat.
    expect(back.map((p) => p.student_id).sort()).toEqual([cleared[0]!.student.id, choosers[0]!.id].sort());
  });
});
