/** @jest-environment node */
import { and, eq } from "drizzle-orm";
import { POST as createAppointmentRoute } from "@/app/api/appointments/create/route";
import { POST as powerSchedulerRoute } from "@/app/api/power-scheduler/route";
import { POST as capacityRoute } from "@/app/api/staff/capacity/route";
import { PUT as updateStaffRoute } from "@/app/api/staff/[id]/route";
import { POST as bulkStaffRoute } from "@/app/api/staff/bulk/route";
import { DELETE as deleteTopicRoute, PATCH as updateTopicRoute } from "@/app/api/topics/[id]/route";
import { DELETE as unscheduleTopicRoute } from "@/app/api/topics/schedule/[id]/route";
import { GET as staffWaitlistRoute } from "@/app/api/staff/[id]/waitlist/[date]/route";
import { GET as studentScheduleOn } from "@/app/api/students/[id]/schedule/[date]/route";
import { POST as schedulePlan } from "@/app/api/students/schedule-plan/route";
import { POST as staffList } from "@/app/api/students/staff-list/route";
import { POST as acceptRoute } from "@/app/api/students/waitlist/accept/route";
import { DELETE as leaveRoute, POST as joinRoute } from "@/app/api/students/waitlist/route";
import {
  dayDeadlines,
  notificationRecipients,
  notifications,
  plans,
  users,
  waitlistEntries,
} from "@/db/schema";
import { releasePlansOfLeavers } from "@/lib/placement/leavers.server";
import { handOnWaitlists } from "@/lib/schedule/waitlist-job.server";
import { sentenceFor } from "@/lib/core/schedule/reason";
import type { StaffListResponse, StaffWaitlistResponse, StudentScheduleResponse } from "@/lib/core/schedule/types";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createWeekTimetable, setSetting } from "../helpers/schedule-factories";
import {
  createPlan,
  createTopic,
  scheduleTopic,
  TEST_TIMEZONE,
  weekdayDate,
} from "../helpers/timetable-factories";

/** Waitlists of full teachers, and the seat that frees going to the first in line. */
const state = useTestDb();
let focus: { id: number };
let adminToken: string;

beforeAll(async () => {
  ({ focus } = await createWeekTimetable(state.db));
  adminToken = await tokenFor(state.db, await createAdmin(state.db));
});

let dayIndex = 0;
/** A fresh pending date for each test (Mon–Fri of the coming weeks). */
const freshDate = () => {
  const n = dayIndex++;
  return weekdayDate(1 + (n % 5), 1 + Math.floor(n / 5));
};

async function pupil(names: { first_name?: string; last_name?: string } = {}) {
  const account = await createStudent(state.db, names);
  return { id: account.student.id, user_id: account.user.id, token: await tokenFor(state.db, account) };
}

async function teacherWith(
  capacity: number,
  names: { title?: string; first_name?: string; last_name?: string } = {},
) {
  const account = await createStaff(state.db, { capacity, ...names });
  return { id: account.staff.id, token: await tokenFor(state.db, account) };
}

/** A teacher of that capacity with every seat taken on the date. */
async function fullTeacher(date: string, capacity = 1, names: Parameters<typeof teacherWith>[1] = {}) {
  const teacher = await teacherWith(capacity, names);
  const seated = [];
  for (let i = 0; i < capacity; i++) {
    const s = await pupil();
    await createPlan(state.db, { student_id: s.id, staff_id: teacher.id, block_id: focus.id, date });
    seated.push(s);
  }
  return { ...teacher, seated };
}

const join = (token: string, body: Record<string, unknown>) => call(joinRoute, { token, body });
const leave = (token: string, body: Record<string, unknown>) =>
  call(leaveRoute, { token, body, method: "DELETE" });
const choose = (token: string, date: string, staffId: number) =>
  call(schedulePlan, { token, body: { block_id: focus.id, date, staff_id: staffId } });

async function planOf(studentId: number, date: string) {
  const [row] = await state.db
    .select({ staff_id: plans.staff_id, source: plans.source })
    .from(plans)
    .where(and(eq(plans.student_id, studentId), eq(plans.block_id, focus.id), eq(plans.date, date)));
  return row;
}
const entriesOf = (studentId: number, date: string) =>
  state.db
    .select({ staff_id: waitlistEntries.staff_id, offered_until: waitlistEntries.offered_until })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.student_id, studentId), eq(waitlistEntries.date, date)));
const inboxOf = (studentId: number) =>
  state.db
    .select({ body: notifications.body })
    .from(notificationRecipients)
    .innerJoin(notifications, eq(notifications.id, notificationRecipients.notification_id))
    .where(eq(notificationRecipients.student_id, studentId))
    .orderBy(notifications.id);

describe("POST /api/students/waitlist", () => {
  it("puts the student in line (201 { position }), keeps the first place when joining twice, and lists it for the teacher in order", async () => {
    const date = freshDate();
    const teacher = await fullTeacher(date);
    const [a, b] = [
      await pupil({ first_name: "Ann", last_name: "First" }),
      await pupil({ first_name: "Ben", last_name: "Second" }),
    ];
    const body = { block_id: focus.id, date, staff_id: teacher.id };
    const first = await join(a.token, body);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      position: 1,
      student_id: a.id,
      staff_id: teacher.id,
      block_id: focus.id,
      date,
    });
    expect((await join(b.token, body)).body.position).toBe(2);
    const again = await join(a.token, body);
    expect([again.status, again.body.position]).toEqual([201, 1]);

    const list = await call<StaffWaitlistResponse>(staffWaitlistRoute, {
      token: teacher.token,
      params: { id: String(teacher.id), date },
    });
    expect(list.status).toBe(200);
    expect(list.body.blocks).toEqual([
      {
        block_id: focus.id,
        entries: [
          expect.objectContaining({
            position: 1,
            student: expect.objectContaining({ id: a.id, name: "Ann First" }),
            offered_until: null,
          }),
          expect.objectContaining({
            position: 2,
            student: expect.objectContaining({ id: b.id, name: "Ben Second" }),
          }),
        ],
      },
    ]);
    // The staff list shows the line and the caller's place in it.
    const rows = await call<StaffListResponse>(staffList, {
      token: b.token,
      body: { block_id: focus.id, date },
    });
    const row = rows.body.find((r) => r.staff.id === teacher.id)!;
    expect(row).toMatchObject({
      num_remaining: 0,
      seats: 1,
      waitlist: 2,
      waitlist_position: 2,
      offered_until: null,
    });
  });

  it("answers 409 seats_left when the teacher has a seat (choose instead)", async () => {
    const date = freshDate();
    const teacher = await teacherWith(2, { title: "Mr.", last_name: "Reyes" });
    const s = await pupil();
    const res = await join(s.token, { block_id: focus.id, date, staff_id: teacher.id });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("seats_left");
    expect(res.body.message).toMatch(/Mr\. Reyes has seats left/);
  });

  it("answers 409 already_planned for the student's own teacher, and has_appointment when booked in the block", async () => {
    const date = freshDate();
    const teacher = await fullTeacher(date);
    const seated = teacher.seated[0]!;
    expect((await join(seated.token, { block_id: focus.id, date, staff_id: teacher.id })).body.code).toBe(
      "already_planned",
    );
    const booked = await pupil();
    await call(createAppointmentRoute, {
      token: teacher.token,
      body: { student_id: booked.id, block_id: focus.id, date, memo: "Retake" },
    });
    expect((await join(booked.token, { block_id: focus.id, date, staff_id: teacher.id })).body.code).toBe(
      "has_appointment",
    );
  });

  it("allows at most waitlist-limit (3) waitlists per student per block: the 4th is 409 waitlist_limit", async () => {
    const date = freshDate();
    const s = await pupil();
    const teachers = [];
    for (let i = 0; i < 4; i++) teachers.push(await fullTeacher(date));
    for (const t of teachers.slice(0, 3))
      expect((await join(s.token, { block_id: focus.id, date, staff_id: t.id })).status).toBe(201);
    const fourth = await join(s.token, { block_id: focus.id, date, staff_id: teachers[3]!.id });
    expect(fourth.status).toBe(409);
    expect(fourth.body.code).toBe("waitlist_limit");
    // Leaving one makes room.
    expect((await leave(s.token, { block_id: focus.id, date, staff_id: teachers[0]!.id })).status).toBe(200);
    expect((await join(s.token, { block_id: focus.id, date, staff_id: teachers[3]!.id })).status).toBe(201);
  });

  it("answers 422 choice_closed after the choice deadline (the day's own), and staff may still add", async () => {
    const date = freshDate();
    const teacher = await fullTeacher(date);
    await state.db.insert(dayDeadlines).values({ date, choice_deadline: "336h" });
    const s = await pupil();
    const res = await join(s.token, { block_id: focus.id, date, staff_id: teacher.id });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("choice_closed");
    expect(res.body.errors.date[0]).toMatch(/Choosing for this Focus Block closed at/);
    expect(
      (await join(teacher.token, { block_id: focus.id, date, staff_id: teacher.id, student_id: s.id }))
        .status,
    ).toBe(201);
  });

  it("answers 400 for an unreadable body and 422 with field errors", async () => {
    const s = await pupil();
    expect((await call(joinRoute, { token: s.token, rawBody: "{nope" })).status).toBe(400);
    const res = await join(s.token, { block_id: "x", date: "soon", staff_id: -1 });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(["block_id", "date", "staff_id"]);
    const teacher = await teacherWith(1);
    const missing = await join(teacher.token, {
      block_id: focus.id,
      date: freshDate(),
      staff_id: teacher.id,
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.student_id).toBeDefined();
  });

  it("answers 403 for another student's waitlist and another teacher's; 401 without sign-in", async () => {
    const date = freshDate();
    const teacher = await fullTeacher(date);
    const other = await teacherWith(1);
    const [s, t] = [await pupil(), await pupil()];
    const body = { block_id: focus.id, date, staff_id: teacher.id };
    expect((await join(s.token, { ...body, student_id: t.id })).status).toBe(403);
    expect((await join(other.token, { ...body, student_id: s.id })).status).toBe(403);
    expect((await leave(other.token, { ...body, student_id: s.id })).status).toBe(403);
    expect((await call(joinRoute, { body })).status).toBe(401);
    // Staff put a student on their own waitlist; an administrator on anyone's.
    expect((await join(teacher.token, { ...body, student_id: s.id })).body.position).toBe(1);
    expect((await join(adminToken, { ...body, student_id: t.id })).body.position).toBe(2);
    const list = (token: string, id: number) =>
      call(staffWaitlistRoute, { token, params: { id: String(id), date } });
    expect((await list(other.token, teacher.id)).status).toBe(403);
    expect((await list(s.token, teacher.id)).status).toBe(403);
    expect((await list(adminToken, teacher.id)).body.blocks[0].entries).toHaveLength(2);
    expect((await call(staffWaitlistRoute, { token: teacher.token, params: { id: "x", date } })).status).toBe(
      422,
    );
  });
});

describe("DELETE /api/students/waitlist", () => {
  it("takes the student off (200), then 404 not_waitlisted; the next moves up", async () => {
    const date = freshDate();
    const teacher = await fullTeacher(date);
    const [a, b] = [await pupil(), await pupil()];
    const body = { block_id: focus.id, date, staff_id: teacher.id };
    await join(a.token, body);
    await join(b.token, body);
    const res = await leave(a.token, body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ student_id: a.id, staff_id: teacher.id, offer_released: false });
    expect((await leave(a.token, body)).body.code).toBe("not_waitlisted");
    expect((await join(b.token, body)).body.position).toBe(1);
    expect((await leave(teacher.token, { ...body, student_id: b.id })).status).toBe(200);
  });
});

describe("a seat that frees goes to the first in line, in the freeing request (waitlist-mode auto)", () => {
  it("a student changing teacher: the first waiting is placed (source waitlist, reason waitlist, told), off every line, and their old teacher's line moves on too", async () => {
    const date = freshDate();
    const reyes = await fullTeacher(date, 1, { title: "Mr.", first_name: "Daniel", last_name: "Reyes" });
    const ruiz = await fullTeacher(date, 1, { title: "Ms.", first_name: "Elena", last_name: "Ruiz" });
    const elsewhere = await teacherWith(5);
    // B is with Ruiz and waits for Reyes; C waits for Ruiz; D waits for Reyes after B.
    const b = ruiz.seated[0]!;
    const [c, d] = [await pupil(), await pupil()];
    await join(b.token, { block_id: focus.id, date, staff_id: reyes.id });
    await join(d.token, { block_id: focus.id, date, staff_id: reyes.id });
    await join(c.token, { block_id: focus.id, date, staff_id: ruiz.id });
    await join(c.token, { block_id: focus.id, date, staff_id: reyes.id });

    // Reyes's student leaves for another teacher: the seat frees.
    expect((await choose(reyes.seated[0]!.token, date, elsewhere.id)).status).toBe(200);
    expect(await planOf(b.id, date)).toEqual({ staff_id: reyes.id, source: "waitlist" });
    expect(await entriesOf(b.id, date)).toEqual([]);
    // B's seat with Ruiz went to C, who is then off Reyes's line too.
    expect(await planOf(c.id, date)).toEqual({ staff_id: ruiz.id, source: "waitlist" });
    expect(await entriesOf(c.id, date)).toEqual([]);
    // D is still waiting, now first.
    expect((await join(d.token, { block_id: focus.id, date, staff_id: reyes.id })).body.position).toBe(1);
    expect(
      await state.db.$count(
        plans,
        and(eq(plans.staff_id, reyes.id), eq(plans.date, date), eq(plans.block_id, focus.id)),
      ),
    ).toBe(1);

    const inbox = await inboxOf(b.id);
    expect(inbox.at(-1)!.body).toMatch(/A seat freed with Mr\. Reyes; you were first on the waitlist\./);
    const week = await call<StudentScheduleResponse>(studentScheduleOn, {
      token: b.token,
      params: { id: String(b.id), date },
    });
    const block = week.body.schedule
      .find((day) => day.date.iso === date)!
      .blocks.find((x) => x.id === focus.id)!;
    expect(block.reason).toMatchObject({ kind: "waitlist", teacher: { id: reyes.id } });
    expect(sentenceFor(block.reason!, { viewer: "self", timezone: TEST_TIMEZONE })).toBe(
      "A seat freed with Mr. Reyes; you were first on the waitlist.",
    );
    expect(sentenceFor(block.reason!, { viewer: "staff", studentName: "Sam", timezone: TEST_TIMEZONE })).toBe(
      "A seat freed with Mr. Reyes; Sam was first on the waitlist.",
    );
  });

  it("a raised capacity seats the first in line at once", async () => {
    const date = freshDate();
    const teacher = await fullTeacher(date, 1);
    const [a, b, c] = [await pupil(), await pupil(), await pupil()];
    for (const s of [a, b, c]) await join(s.token, { block_id: focus.id, date, staff_id: teacher.id });
    const res = await call(capacityRoute, { token: teacher.token, body: { capacity: 3 } });
    expect(res.status).toBe(200);
    expect((await planOf(a.id, date))?.source).toBe("waitlist");
    expect((await planOf(b.id, date))?.source).toBe("waitlist");
    expect(await planOf(c.id, date)).toBeUndefined();
    expect(await entriesOf(c.id, date)).toHaveLength(1);
  });

  it("a capacity lowered below the planned count drops nobody silently: the last placed go back to the front of the line, told", async () => {
    const date = freshDate();
    const teacher = await teacherWith(3, { title: "Ms.", last_name: "Ruiz" });
    const [a, b, c, d] = [await pupil(), await pupil(), await pupil(), await pupil()];
    for (const s of [a, b, c]) expect((await choose(s.token, date, teacher.id)).status).toBe(200);
    expect((await join(d.token, { block_id: focus.id, date, staff_id: teacher.id })).body.position).toBe(1);
    expect((await call(capacityRoute, { token: teacher.token, body: { capacity: 1 } })).status).toBe(200);
    expect(await planOf(a.id, date)).toEqual({ staff_id: teacher.id, source: "chosen" });
    expect(await planOf(b.id, date)).toBeUndefined();
    expect(await planOf(c.id, date)).toBeUndefined();
    const list = await call<StaffWaitlistResponse>(staffWaitlistRoute, {
      token: teacher.token,
      params: { id: String(teacher.id), date },
    });
    expect(list.body.blocks[0]!.entries.map((e) => e.student.id)).toEqual([b.id, c.id, d.id]);
    expect((await inboxOf(c.id)).at(-1)!.body).toMatch(
      /Ms\. Ruiz now takes fewer students .* You are back at the front of their waitlist/,
    );
    // Raised again: they are back, first in line first.
    expect((await call(capacityRoute, { token: teacher.token, body: { capacity: 2 } })).status).toBe(200);
    expect(await planOf(b.id, date)).toEqual({ staff_id: teacher.id, source: "waitlist" });
    expect(await planOf(c.id, date)).toBeUndefined();
    await call(capacityRoute, { token: teacher.token, body: { capacity: 30 } });
  });

  it("an administrator's capacity edit (PUT /api/staff/{id}) hands seats on in the same request, either way", async () => {
    const date = freshDate();
    const teacher = await fullTeacher(date, 1, { title: "Ms.", first_name: "Ana", last_name: "Ruiz" });
    const ruiz = { title: "Ms.", first_name: "Ana", last_name: "Ruiz", initials: "AR" };
    const [a, b] = [await pupil(), await pupil()];
    for (const s of [a, b]) await join(s.token, { block_id: focus.id, date, staff_id: teacher.id });
    const raised = await call(updateStaffRoute, {
      token: adminToken,
      params: { id: String(teacher.id) },
      body: { ...ruiz, capacity: 2 },
    });
    expect(raised.status).toBe(200);
    expect(await planOf(a.id, date)).toEqual({ staff_id: teacher.id, source: "waitlist" });
    expect(await entriesOf(b.id, date)).toHaveLength(1);
    const lowered = await call(updateStaffRoute, {
      token: adminToken,
      params: { id: String(teacher.id) },
      body: { ...ruiz, capacity: 1 },
    });
    expect(lowered.status).toBe(200);
    expect(await planOf(a.id, date)).toBeUndefined();
    const list = await call<StaffWaitlistResponse>(staffWaitlistRoute, {
      token: teacher.token,
      params: { id: String(teacher.id), date },
    });
    expect(list.body.blocks[0]!.entries.map((e) => e.student.id)).toEqual([a.id, b.id]);
    expect((await inboxOf(a.id)).at(-1)!.body).toMatch(/Ms\. Ruiz now takes fewer students/);
  });

  it("a bulk capacity edit (POST /api/staff/bulk) seats the first in line of every teacher it raises", async () => {
    const date = freshDate();
    const [one, two] = [await fullTeacher(date, 1), await fullTeacher(date, 1)];
    const [a, b] = [await pupil(), await pupil()];
    await join(a.token, { block_id: focus.id, date, staff_id: one.id });
    await join(b.token, { block_id: focus.id, date, staff_id: two.id });
    const res = await call(bulkStaffRoute, {
      token: adminToken,
      body: { ids: [two.id, one.id], capacity: 2 },
    });
    expect(res.status).toBe(200);
    expect(await planOf(a.id, date)).toEqual({ staff_id: one.id, source: "waitlist" });
    expect(await planOf(b.id, date)).toEqual({ staff_id: two.id, source: "waitlist" });
  });

  it("a topic's seat cap raised, the topic taken off the block, or deleted: the freed seats go to the line at once", async () => {
    const date = freshDate();
    const teacher = await teacherWith(5);
    const topic = await createTopic(state.db, { staff_id: teacher.id, memo: "Lab" });
    const scheduled = await scheduleTopic(state.db, topic, { block_id: focus.id, date });
    await state.db.execute(`update topics set seat_cap = 1 where id = ${Number(topic.id)}`);
    const [seated, a, b, c] = [await pupil(), await pupil(), await pupil(), await pupil()];
    expect((await choose(seated.token, date, teacher.id)).status).toBe(200);
    for (const s of [a, b, c])
      expect((await join(s.token, { block_id: focus.id, date, staff_id: teacher.id })).status).toBe(201);
    const patched = await call(updateTopicRoute, {
      token: teacher.token,
      params: { id: String(topic.id) },
      body: { seat_cap: 2 },
    });
    expect(patched.status).toBe(200);
    expect((await planOf(a.id, date))?.source).toBe("waitlist");
    expect(await planOf(b.id, date)).toBeUndefined();
    const off = await call(unscheduleTopicRoute, {
      token: teacher.token,
      params: { id: String(scheduled.id) },
      method: "DELETE",
    });
    expect(off.status).toBe(200);
    expect((await planOf(b.id, date))?.source).toBe("waitlist");
    expect((await planOf(c.id, date))?.source).toBe("waitlist");

    const date2 = freshDate();
    const capped = await createTopic(state.db, { staff_id: teacher.id, memo: "Quiet room" });
    await scheduleTopic(state.db, capped, { block_id: focus.id, date: date2 });
    await state.db.execute(`update topics set seat_cap = 1 where id = ${Number(capped.id)}`);
    const [first, waiting] = [await pupil(), await pupil()];
    expect((await choose(first.token, date2, teacher.id)).status).toBe(200);
    expect(
      (await join(waiting.token, { block_id: focus.id, date: date2, staff_id: teacher.id })).status,
    ).toBe(201);
    const deleted = await call(deleteTopicRoute, {
      token: teacher.token,
      params: { id: String(capped.id) },
      method: "DELETE",
    });
    expect(deleted.status).toBe(200);
    expect((await planOf(waiting.id, date2))?.source).toBe("waitlist");
  });

  it("an appointment that clears a plan frees its seat for the waitlist", async () => {
    const date = freshDate();
    const teacher = await fullTeacher(date, 1);
    const booker = await teacherWith(1);
    const waiting = await pupil();
    await join(waiting.token, { block_id: focus.id, date, staff_id: teacher.id });
    const booked = await call(createAppointmentRoute, {
      token: booker.token,
      body: {
        student_id: teacher.seated[0]!.id,
        block_id: focus.id,
        date,
        memo: "Retake",
        clear_schedule: true,
      },
    });
    expect(booked.status).toBe(201);
    expect(await planOf(waiting.id, date)).toEqual({ staff_id: teacher.id, source: "waitlist" });
  });

  it("a Power Scheduler batch that clears plans frees their seats for the waitlists, in its transaction", async () => {
    const date = freshDate();
    const teacher = await fullTeacher(date, 2);
    const [a, b, c] = [await pupil(), await pupil(), await pupil()];
    for (const s of [a, b, c]) await join(s.token, { block_id: focus.id, date, staff_id: teacher.id });
    const booker = await teacherWith(5);
    const batch = await call(powerSchedulerRoute, {
      token: adminToken,
      body: {
        student_type: "some",
        schedule_type: "appointment",
        staff_id: booker.id,
        memo: "Assembly",
        student_ids: teacher.seated.map((s) => s.id),
        date_time: date,
        block_ids: [focus.id],
      },
    });
    expect(batch.body).toMatchObject({ plans_cleared: 2 });
    expect((await planOf(a.id, date))?.source).toBe("waitlist");
    expect((await planOf(b.id, date))?.source).toBe("waitlist");
    expect(await entriesOf(c.id, date)).toHaveLength(1);
  });

  it("a teacher who leaves takes nobody: their waitlists go", async () => {
    const date = freshDate();
    const account = await createStaff(state.db, { capacity: 0 });
    const s = await pupil();
    await join(s.token, { block_id: focus.id, date, staff_id: account.staff.id });
    expect(await entriesOf(s.id, date)).toHaveLength(1);
    await state.db.update(users).set({ disabled_at: new Date() }).where(eq(users.id, account.user.id));
    await state.db.transaction((tx) =>
      releasePlansOfLeavers(
        tx,
        { userIds: [account.user.id], reason: "disabled", actorUserId: null },
        new Date(),
      ),
    );
    expect(await entriesOf(s.id, date)).toEqual([]);
  });

  it("counts a topic's seat cap below the capacity as the seats (choosing and the staff list)", async () => {
    const date = freshDate();
    const teacher = await teacherWith(5);
    const topic = await createTopic(state.db, { staff_id: teacher.id, memo: "Lab, 1 seat" });
    await scheduleTopic(state.db, topic, { block_id: focus.id, date });
    await state.db.execute(`update topics set seat_cap = 1 where id = ${Number(topic.id)}`);
    const [a, b] = [await pupil(), await pupil()];
    expect((await choose(a.token, date, teacher.id)).status).toBe(200);
    const full = await choose(b.token, date, teacher.id);
    expect([full.status, full.body.code]).toEqual([409, "teacher_full"]);
    const rows = await call<StaffListResponse>(staffList, {
      token: b.token,
      body: { block_id: focus.id, date },
    });
    expect(rows.body.find((r) => r.staff.id === teacher.id)).toMatchObject({ seats: 1, num_remaining: 0 });
    expect((await join(b.token, { block_id: focus.id, date, staff_id: teacher.id })).body.position).toBe(1);
  });
});

describe("waitlist-mode offer", () => {
  beforeAll(() => setSetting(state.db, "waitlist-mode", "offer"));
  afterAll(() => setSetting(state.db, "waitlist-mode", "auto"));

  it("holds the freed seat for the first in line, who accepts it; the next cannot; an offer that runs out goes to the next", async () => {
    const date = freshDate();
    const teacher = await fullTeacher(date, 1);
    const elsewhere = await teacherWith(5);
    const [a, b, c] = [await pupil(), await pupil(), await pupil()];
    for (const s of [a, b, c]) await join(s.token, { block_id: focus.id, date, staff_id: teacher.id });
    expect((await choose(teacher.seated[0]!.token, date, elsewhere.id)).status).toBe(200);
    const [offer] = await entriesOf(a.id, date);
    expect(offer!.offered_until).not.toBeNull();
    expect(await planOf(a.id, date)).toBeUndefined();
    // The held seat is taken for everyone else: choosing it is 409, and the staff list shows none left.
    const outsider = await pupil();
    expect((await choose(outsider.token, date, teacher.id)).body.code).toBe("teacher_full");
    const forA = await call<StaffListResponse>(staffList, {
      token: a.token,
      body: { block_id: focus.id, date },
    });
    expect(forA.body.find((r) => r.staff.id === teacher.id)).toMatchObject({
      num_remaining: 1,
      offered_until: expect.any(String),
    });
    const forB = await call<StaffListResponse>(staffList, {
      token: b.token,
      body: { block_id: focus.id, date },
    });
    expect(forB.body.find((r) => r.staff.id === teacher.id)).toMatchObject({
      num_remaining: 0,
      offered_until: null,
      waitlist_position: 2,
    });

    const accept = (token: string) =>
      call(acceptRoute, { token, body: { block_id: focus.id, date, staff_id: teacher.id } });
    expect((await accept(b.token)).body.code).toBe("no_offer");
    const taken = await accept(a.token);
    expect(taken.status).toBe(200);
    expect(await planOf(a.id, date)).toEqual({ staff_id: teacher.id, source: "waitlist" });
    expect(await entriesOf(a.id, date)).toEqual([]);

    // A seat frees again: offered to B; B lets it run out; the recurring check offers it to C.
    expect((await choose(a.token, date, elsewhere.id)).status).toBe(200);
    expect((await entriesOf(b.id, date))[0]!.offered_until).not.toBeNull();
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await handOnWaitlists(state.db, later)).toMatchObject({ expired: 1, moved: 1 });
    expect(await entriesOf(b.id, date)).toEqual([]);
    expect((await entriesOf(c.id, date))[0]!.offered_until).not.toBeNull();
    expect((await inboxOf(b.id)).at(-1)!.body).toMatch(/was not accepted in time/);
    expect((await accept(c.token)).status).toBe(200);
    expect(await planOf(c.id, date)).toEqual({ staff_id: teacher.id, source: "waitlist" });
  });

  it("answers 403 to staff accepting, and 422 for a bad body", async () => {
    const teacher = await teacherWith(1);
    expect(
      (
        await call(acceptRoute, {
          token: teacher.token,
          body: { block_id: focus.id, date: freshDate(), staff_id: teacher.id },
        })
      ).status,
    ).toBe(403);
    const s = await pupil();
    expect((await call(acceptRoute, { token: s.token, body: { block_id: 0 } })).status).toBe(422);
  });
});
