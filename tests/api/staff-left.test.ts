/** @jest-environment node */
import { and, eq, inArray } from "drizzle-orm";
import { DELETE as cancelRoute } from "@/app/api/appointments/[id]/route";
import { POST as createAppointmentRoute } from "@/app/api/appointments/create/route";
import { GET as jobRoute } from "@/app/api/jobs/[id]/route";
import { GET as inboxRoute } from "@/app/api/notifications/inbox/route";
import { PUT as archiveRoute } from "@/app/api/notifications/archive/[id]/route";
import { POST as placeNowRoute } from "@/app/api/placement/run/route";
import { GET as optionsRoute } from "@/app/api/power-scheduler/options/route";
import { POST as previewRoute } from "@/app/api/power-scheduler/preview/route";
import { POST as powerSchedulerRoute } from "@/app/api/power-scheduler/route";
import { POST as onerosterRoute } from "@/app/api/rostering/oneroster/route";
import { PUT as updateStudentRoute } from "@/app/api/students/[id]/route";
import { POST as schedulePlanRoute } from "@/app/api/students/schedule-plan/route";
import { POST as staffListRoute } from "@/app/api/students/staff-list/route";
import { POST as disableRoute } from "@/app/api/users/disable-users/route";
import { POST as verifyRoute } from "@/app/api/verify-user/route";
import { auditLog, placementRuns, plans, staff, students, users } from "@/db/schema";
import { runPendingJobs } from "@/lib/jobs/runner.server";
import { confirmedCall } from "../helpers/credentials-cast";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, TEST_PASSWORD, tokenFor } from "../helpers/factories";
import { call, callForm } from "../helpers/http";
import { buildBundle } from "../helpers/oneroster-bundle";
import { createWeekTimetable } from "../helpers/schedule-factories";
import { statementsOf } from "../helpers/statements";
import { createPlan, FRI, LAST_TUE, MON, THU, TUE, WED } from "../helpers/timetable-factories";

/**
 * Staff who left — disabled in the Credentials Manager, or locked by the SIS because it no longer lists
 * them — stayed in the students' teacher list and took new plans. Now they are not offered (teacher
 * list, topics with it, Power Scheduler), not placed, not bookable (409 staff_left); their plans still
 * ahead are released in the transaction that locks them, each student is told why, and students on a
 * date already placed get their default teacher by default placement's rules.
 */
const state = useTestDb();
type Person = Awaited<ReturnType<typeof createStaff>>;
type Pupil = Awaited<ReturnType<typeof createStudent>>;
let focus: { id: number };
let admin: Person;
let homeroom: Person;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ({ focus } = await createWeekTimetable(state.db));
  admin = await createAdmin(state.db, { first_name: "Ada", last_name: "Admin" });
  homeroom = await createStaff(state.db, { title: "Ms.", first_name: "Amara", last_name: "Okafor" });
  tokens.admin = await tokenFor(state.db, admin);
});

const plansOf = (staffId: number) =>
  state.db.select().from(plans).where(eq(plans.staff_id, staffId));
const plansOfStudent = (studentId: number) =>
  state.db
    .select({ staff_id: plans.staff_id, date: plans.date, source: plans.source, placement_run_id: plans.placement_run_id })
    .from(plans)
    .where(eq(plans.student_id, studentId))
    .orderBy(plans.date);
const disable = (userIds: number[]) => confirmedCall(disableRoute, { token: tokens.admin, body: { user_ids: userIds } });
const inboxOf = async (pupil: Pupil) => (await call(inboxRoute, { token: await tokenFor(state.db, pupil) })).body;

async function leaver(last: string) {
  return createStaff(state.db, { title: "Mr.", first_name: "Luis", last_name: last });
}

describe("disabling a teacher", () => {
  let ramos: Person;
  const kids: Record<string, Pupil> = {};
  let runId = 0;

  beforeAll(async () => {
    ramos = await leaver("Ramos");
    kids.withHomeroom = await createStudent(state.db, { first_name: "Hana", last_name: "Aoki", default_teacher_id: homeroom.staff.id });
    kids.homeroomRamos = await createStudent(state.db, { first_name: "Ivo", last_name: "Brandt", default_teacher_id: ramos.staff.id });
    kids.noHomeroom = await createStudent(state.db, { first_name: "Jia", last_name: "Chen" });
    // Their accounts existed before Monday's cutoff (placement places only those).
    await state.db
      .update(students)
      .set({ created_at: new Date(Date.now() - 86_400_000) })
      .where(inArray(students.id, Object.values(kids).map((k) => k.student.id)));
    for (const kid of Object.values(kids)) {
      for (const date of [MON, TUE]) await createPlan(state.db, { student_id: kid.student.id, staff_id: ramos.staff.id, block_id: focus.id, date });
    }
    // History stays: last week's plan with him is not touched.
    await createPlan(state.db, { student_id: kids.withHomeroom.student.id, staff_id: ramos.staff.id, block_id: focus.id, date: LAST_TUE });
    // Monday's Focus Block has been placed already (its cutoff passed); Tuesday's run is still to come.
    const [run] = await state.db.insert(placementRuns).values({ date: MON, cutoff_at: new Date(Date.now() - 3_600_000) }).returning();
    runId = run!.id;
  });

  it("releases his plans still ahead in the same request, and places again where the date was placed", async () => {
    const res = await disable([ramos.user.id]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 1, plans_released: 6, placed_again: 1 });
    expect((await plansOf(ramos.staff.id)).map((p) => p.date)).toEqual([LAST_TUE]);
    // Monday: placed with her default teacher, as that run's; Tuesday is left to Tuesday's run.
    expect((await plansOfStudent(kids.withHomeroom.student.id)).filter((p) => p.date !== LAST_TUE)).toEqual([
      { staff_id: homeroom.staff.id, date: MON, source: "placed", placement_run_id: runId },
    ]);
    // A student whose default teacher is the one who left, and one without, have nothing to be placed with.
    expect(await plansOfStudent(kids.homeroomRamos.student.id)).toEqual([]);
    expect(await plansOfStudent(kids.noHomeroom.student.id)).toEqual([]);
  });

  it("tells each student why, in a message on their page", async () => {
    const [hana] = await inboxOf(kids.withHomeroom);
    expect(hana.notification.body).toBe(
      `Mr. Ramos, Luis no longer takes students (their account was disabled), so your plans with them for ${day(MON)} and ${day(TUE)} were cancelled. ` +
        `Default placement gave you Ms. Okafor, Amara, your default teacher, for ${day(MON)}. Choose another teacher for ${day(TUE)}.`,
    );
    expect(hana.notification.sender).toMatchObject({ name: "Flexblock" });
    const [ivo] = await inboxOf(kids.homeroomRamos);
    expect(ivo.notification.body).toContain(`Choose another teacher for ${day(MON)} and ${day(TUE)}.`);
    // Archived from their page like any message.
    const token = await tokenFor(state.db, kids.noHomeroom);
    const [jia] = (await call(inboxRoute, { token })).body;
    expect((await call(archiveRoute, { token, params: { id: String(jia.notification.id) } })).status).toBe(200);
    expect((await call(inboxRoute, { token })).body).toEqual([]);
  });

  it("audits the release: who, how many plans and students, how many placed again", async () => {
    const [entry] = await state.db.select().from(auditLog).where(and(eq(auditLog.action, "staff.plans_released"), eq(auditLog.target_user_id, ramos.user.id)));
    expect(entry).toMatchObject({ actor_user_id: admin.user.id, details: { teacher: "Mr. Ramos, Luis", plans: 6, students: 3, placed_again: 1 } });
  });

  it("costs the same statements for 1 plan as for 30", async () => {
    const count = async (n: number) => {
      const teacher = await leaver(`Many${n}`);
      for (let i = 0; i < n; i++) {
        const kid = await createStudent(state.db, { default_teacher_id: homeroom.staff.id });
        await createPlan(state.db, { student_id: kid.student.id, staff_id: teacher.staff.id, block_id: focus.id, date: WED });
      }
      await call(verifyRoute, { token: tokens.admin, body: { password: TEST_PASSWORD } });
      const measured = await statementsOf(tokens.admin, () => call(disableRoute, { token: tokens.admin, body: { user_ids: [teacher.user.id] } }));
      expect(measured.result.status).toBe(200);
      expect((await plansOf(teacher.staff.id)).length).toBe(0);
      return measured.statements;
    };
    expect(await count(30)).toBe(await count(1));
  });
});

const day = (date: string) => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const value = new Date(Date.UTC(y, m - 1, d));
  const names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  return `${names[value.getUTCDay()]} ${months[value.getUTCMonth()]} ${value.getUTCDate()}, ${y}`;
};

describe("a teacher who left is not offered, placed or bookable", () => {
  let gone: Person;
  let pupil: Pupil;
  let pupilToken = "";

  beforeAll(async () => {
    gone = await leaver("Gone");
    pupil = await createStudent(state.db, { first_name: "Kai", last_name: "Dunn", default_teacher_id: gone.staff.id });
    pupilToken = await tokenFor(state.db, pupil);
    expect((await disable([gone.user.id])).status).toBe(200);
  });

  it("is not in the students' teacher list (nor their topics with it)", async () => {
    const list = await call(staffListRoute, { token: pupilToken, body: { block_id: focus.id, date: WED } });
    expect(list.status).toBe(200);
    const ids = list.body.map((row: { staff: { id: number } }) => row.staff.id);
    expect(ids).toContain(homeroom.staff.id);
    expect(ids).not.toContain(gone.staff.id);
  });

  it("refuses a plan with them: 409 staff_left with a sentence", async () => {
    const res = await call(schedulePlanRoute, { token: pupilToken, body: { staff_id: gone.staff.id, block_id: focus.id, date: WED } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("staff_left");
    expect(res.body.message).toMatch(/no longer at the school/);
    expect(res.body.errors.staff_id).toHaveLength(1);
  });

  it("is not a Power Scheduler choice, and a batch with them is refused", async () => {
    const options = await call(optionsRoute, { token: tokens.admin });
    expect(options.body.staff.map((s: { id: number }) => s.id)).not.toContain(gone.staff.id);
    const body = {
      student_type: "some",
      schedule_type: "appointment",
      student_ids: [pupil.student.id],
      staff_id: gone.staff.id,
      memo: "Extra help",
      date_time: WED,
    };
    for (const handler of [previewRoute, powerSchedulerRoute]) {
      const res = await call(handler, { token: tokens.admin, body });
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 409, code: "staff_left" });
    }
  });

  it("is no default teacher: placement skips them, and a new default teacher who left is refused", async () => {
    const placed = await call(placeNowRoute, { token: tokens.admin, body: { date: THU } });
    expect(placed.status).toBe(200);
    expect(await plansOfStudent(pupil.student.id)).toEqual([]);
    const other = await createStudent(state.db);
    const res = await call(updateStudentRoute, {
      token: tokens.admin,
      params: { id: String(other.student.id) },
      body: { first_name: "Lea", last_name: "Frank", initials: "LF", grade: 9, default_teacher_id: gone.staff.id },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.default_teacher_id[0]).toMatch(/no longer at the school/);
  });

  it("gets no plan back when an appointment that cleared it is cancelled", async () => {
    const stay = await leaver("Stays");
    const kid = await createStudent(state.db);
    await createPlan(state.db, { student_id: kid.student.id, staff_id: stay.staff.id, block_id: focus.id, date: FRI });
    const booked = await call(createAppointmentRoute, {
      token: await tokenFor(state.db, homeroom),
      body: { student_id: kid.student.id, block_id: focus.id, date: FRI, clear_schedule: true, memo: "Test" },
    });
    expect(booked.status).toBe(201);
    expect((await disable([stay.user.id])).status).toBe(200);
    const cancelled = await call(cancelRoute, { token: tokens.admin, params: { id: String(booked.body.id) } });
    expect(cancelled.status).toBe(200);
    expect(await plansOfStudent(kid.student.id)).toEqual([]);
  });
});

describe("the SIS locking staff it no longer lists", () => {
  it("releases their plans ahead and tells the students the school's records list them as having left", async () => {
    const spec = {
      sessions: [{ sourcedId: "year", title: "This year", type: "schoolYear", startDate: "2000-01-01", endDate: "2999-12-31" }],
      users: [
        { sourcedId: "tch-a", role: "teacher", givenName: "Nora", familyName: "Sisko", email: "nora.sisko@school.example" },
        { sourcedId: "stu-a", role: "student", givenName: "Omar", familyName: "Quist", identifier: "770001", grades: "10" },
      ],
      modes: { courses: "absent", classes: "absent", enrollments: "absent" },
    } as const;
    const send = async (bundle: Uint8Array) => {
      const data = new FormData();
      data.set("file", new File([bundle as Uint8Array<ArrayBuffer>], "roster.zip", { type: "application/zip" }));
      data.set("dry_run", "false");
      const res = await callForm(onerosterRoute, { token: tokens.admin, form: data });
      expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 202, errors: undefined });
      await runPendingJobs(state.db);
      const job = await call(jobRoute, { token: tokens.admin, params: { id: String(res.body.job.id) } });
      expect(job.body.status).toBe("succeeded");
      return job.body.result;
    };
    await send(buildBundle(spec as never));
    const [teacher] = await state.db.select().from(staff).where(eq(staff.sourced_id, "tch-a"));
    const [kid] = await state.db.select().from(students).where(eq(students.sourced_id, "stu-a"));
    await createPlan(state.db, { student_id: kid!.id, staff_id: teacher!.id, block_id: focus.id, date: WED });
    // The next bulk users file no longer lists her: she is locked, her plan released.
    await send(buildBundle({ ...spec, users: [spec.users[1]] } as never));
    const [account] = await state.db.select().from(users).where(eq(users.id, teacher!.user_id));
    expect(account!.disabled_at).not.toBeNull();
    expect(await plansOf(teacher!.id)).toEqual([]);
    // (The import gave the account an expired password; the student has since chosen their own.)
    await state.db.update(users).set({ password_expired: false }).where(eq(users.id, kid!.user_id));
    const pupil = { user: { id: kid!.user_id } } as Pupil;
    const [notice] = await inboxOf(pupil);
    expect(notice.notification.body).toContain("(the school's records list them as having left)");
  });
});

describe("a plan chosen while the teacher is being disabled", () => {
  it("never outlives the release (the teacher's row is locked for both)", async () => {
    const teacher = await leaver("Racer");
    const kids = await Promise.all(Array.from({ length: 8 }, () => createStudent(state.db)));
    const tokensOf = await Promise.all(kids.map((k) => tokenFor(state.db, k)));
    await call(verifyRoute, { token: tokens.admin, body: { password: TEST_PASSWORD } });
    const answers = await Promise.all([
      call(disableRoute, { token: tokens.admin, body: { user_ids: [teacher.user.id] } }),
      ...tokensOf.map((token) => call(schedulePlanRoute, { token, body: { staff_id: teacher.staff.id, block_id: focus.id, date: WED } })),
    ]);
    expect(answers[0]!.status).toBe(200);
    for (const answer of answers.slice(1)) expect([200, 409]).toContain(answer.status);
    expect(await plansOf(teacher.staff.id)).toEqual([]);
  });
});

