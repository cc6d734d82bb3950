/** @jest-environment node */
import { GET as staffSchedule } from "@/app/api/staff/[id]/schedule/route";
import { GET as staffScheduleOn } from "@/app/api/staff/[id]/schedule/[date]/route";
import { GET as studentSchedule } from "@/app/api/students/[id]/schedule/route";
import { GET as studentScheduleOn } from "@/app/api/students/[id]/schedule/[date]/route";
import type { StaffScheduleResponse, StudentScheduleResponse } from "@/lib/core/schedule/types";
import { addDays, schoolInstant, weekRangeLabel, weekStart } from "@/lib/core/time";
import { createStudents } from "../helpers/bulk-factories";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { statementsOf } from "../helpers/statements";
import {
  createAmendment,
  createAppointment,
  createCourse,
  createEvent,
  createWeekTimetable,
  enroll,
  setSetting,
} from "../helpers/schedule-factories";
import type { Answer } from "../helpers/schedule-factories";
import {
  createBlock,
  createCheckIn,
  createPlan,
  createTopic,
  LAST_TUE,
  scheduleTopic,
  TEST_TIMEZONE,
  testToday,
  THU,
  WED,
  weekdayDate,
  WEEKDAYS,
} from "../helpers/timetable-factories";

const state = useTestDb();

let focus: Awaited<ReturnType<typeof createBlock>>;
let block1: Awaited<ReturnType<typeof createBlock>>;
let block2: Awaited<ReturnType<typeof createBlock>>;
let teacher: Awaited<ReturnType<typeof createStaff>>;
let colleague: Awaited<ReturnType<typeof createStaff>>;
let student: Awaited<ReturnType<typeof createStudent>>;
let other: Awaited<ReturnType<typeof createStudent>>;
let course1: Awaited<ReturnType<typeof createCourse>>;
const tokens: Record<string, string> = {};
let year: { start: string; end: string };

beforeAll(async () => {
  const db = state.db;
  ({ year, focus, course: block1 } = await createWeekTimetable(db));
  block2 = await createBlock(db, {
    label: "Block 2",
    meetings: WEEKDAYS.map((day) => ({ day, start: "10:15", end: "11:05" })),
  });
  teacher = await createStaff(db, {
    title: "Ms.",
    first_name: "Ada",
    last_name: "Lovelace",
    initials: "AL",
    color: "teal",
  });
  colleague = await createStaff(db, { title: "Mr.", first_name: "Alan", last_name: "Turing" });
  student = await createStudent(db, { first_name: "Jane", last_name: "Doe" });
  other = await createStudent(db, { first_name: "John", last_name: "Roe" });
  course1 = await createCourse(db, { block_id: block1.id, staff_id: teacher.staff.id, name: "Science 10" });
  const course2 = await createCourse(db, {
    block_id: block2.id,
    staff_id: colleague.staff.id,
    name: "Math 10",
  });
  await enroll(db, { student_id: student.student.id, course_id: course1.id });
  // Dropped long ago: Block 2 must not show for the student.
  await enroll(db, {
    student_id: student.student.id,
    course_id: course2.id,
    dropped_at: new Date(Date.now() - 100 * 86_400_000),
  });
  tokens.student = await tokenFor(db, student);
  tokens.other = await tokenFor(db, other);
  tokens.teacher = await tokenFor(db, teacher);
  tokens.colleague = await tokenFor(db, colleague);
  tokens.admin = await tokenFor(db, await createAdmin(db));
  tokens.sysadmin = await tokenFor(db, await createSysadmin(db));
});

const studentWeek = (id: string, date: string | undefined, token: string) =>
  date
    ? call<Answer<StudentScheduleResponse>>(studentScheduleOn, { token, params: { id, date } })
    : call<Answer<StudentScheduleResponse>>(studentSchedule, { token, params: { id } });
const staffWeek = (id: number | string, date: string | undefined, token: string) =>
  date
    ? call<Answer<StaffScheduleResponse>>(staffScheduleOn, { token, params: { id: String(id), date } })
    : call<Answer<StaffScheduleResponse>>(staffSchedule, { token, params: { id: String(id) } });

const dayOf = <T extends { date: { iso: string } }>(days: T[], date: string) =>
  days.find((d) => d.date.iso === date)!;

describe("the week", () => {
  it("runs Monday to Friday by default, with the range label, navigation and year bounds", async () => {
    const res = await studentWeek("self", WED, tokens.student!);
    expect(res.status).toBe(200);
    const sunday = weekStart(WED);
    expect(res.body.range).toBe(weekRangeLabel(WED));
    expect(res.body.schedule.map((d) => d.date.iso)).toEqual([1, 2, 3, 4, 5].map((i) => addDays(sunday, i)));
    expect(res.body.schedule[2]!.date).toMatchObject({ day: "Wed", iso: WED, is_today: false });
    expect(res.body.schedule[2]!.date.date).toBe(String(Number(WED.slice(8))));
    expect(res.body.next).toBe(addDays(WED, 7));
    expect(res.body.previous).toBe(addDays(WED, -7));
    expect(res.body.min_date).toBe(year.start);
    expect(res.body.max_date).toBe(year.end);
  });

  it("includes Saturday and Sunday when the weekends setting is on", async () => {
    await setSetting(state.db, "weekends", "true");
    try {
      const res = await studentWeek("self", WED, tokens.student!);
      expect(res.body.schedule).toHaveLength(7);
      expect(res.body.schedule[0]!.date.day).toBe("Sun");
      expect(res.body.schedule[6]!.date.day).toBe("Sat");
    } finally {
      await setSetting(state.db, "weekends", "false");
    }
  });

  it("defaults to this week and marks today", async () => {
    const res = await studentWeek("self", undefined, tokens.student!);
    expect(res.status).toBe(200);
    expect(res.body.range).toBe(weekRangeLabel(testToday()));
  });

  it("accepts ISO instants and display dates for the anchor", async () => {
    const iso = schoolInstant(WED, "12:00", TEST_TIMEZONE).toISOString();
    expect((await studentWeek("self", iso, tokens.student!)).body.range).toBe(weekRangeLabel(WED));
    const [y, m, d] = WED.split("-").map(Number) as [number, number, number];
    const display = `${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][m - 1]} ${d}, ${y}`;
    expect((await studentWeek("self", display, tokens.student!)).body.range).toBe(weekRangeLabel(WED));
  });

  it("answers 422 for a date it cannot read", async () => {
    const res = await studentWeek("self", "not-a-date", tokens.student!);
    expect(res.status).toBe(422);
    expect(res.body.errors.date).toBeDefined();
  });

  it("leaves out blocks outside the school year and stops navigation at its ends", async () => {
    await setSetting(state.db, "end_datetime", WED);
    try {
      const res = await studentWeek("self", WED, tokens.student!);
      expect(res.body.next).toBeNull();
      expect(dayOf(res.body.schedule, WED).blocks.length).toBeGreaterThan(0);
      expect(dayOf(res.body.schedule, THU).blocks).toEqual([]);
      expect(res.body.max_date).toBe(WED);
    } finally {
      await setSetting(state.db, "end_datetime", year.end);
    }
    await setSetting(state.db, "start_datetime", WED);
    try {
      const res = await studentWeek("self", WED, tokens.student!);
      expect(res.body.previous).toBeNull();
      expect(dayOf(res.body.schedule, addDays(WED, -1)).blocks).toEqual([]);
    } finally {
      await setSetting(state.db, "start_datetime", year.start);
    }
  });

  it("lists the day's events", async () => {
    await createEvent(state.db, { date: THU, name: "Pro-D Day" });
    const res = await studentWeek("self", WED, tokens.student!);
    expect(dayOf(res.body.schedule, THU).events).toEqual([{ id: expect.any(Number), name: "Pro-D Day" }]);
    expect(dayOf(res.body.schedule, WED).events).toEqual([]);
  });
});

describe("a student's schedule", () => {
  let topicId: number;

  beforeAll(async () => {
    const db = state.db;
    const topic = await createTopic(db, { staff_id: teacher.staff.id, memo: "Lab catch-up", color: "red" });
    topicId = topic.id;
    await scheduleTopic(db, topic, { block_id: focus.id, date: WED });
    await createPlan(db, {
      student_id: student.student.id,
      staff_id: teacher.staff.id,
      block_id: focus.id,
      date: WED,
    });
    await createPlan(db, {
      student_id: student.student.id,
      staff_id: colleague.staff.id,
      block_id: focus.id,
      date: THU,
    });
    await createAppointment(db, {
      student_id: student.student.id,
      staff_id: colleague.staff.id,
      block_id: focus.id,
      date: WED,
      memo: "Quiz rewrite",
    });
    await createAppointment(db, {
      student_id: other.student.id,
      staff_id: colleague.staff.id,
      block_id: focus.id,
      date: WED,
    });
    await createAmendment(db, {
      student_id: student.student.id,
      staff_id: colleague.staff.id,
      block_id: block1.id,
      date: WED,
      memo: "Field trip",
    });
    await createAmendment(db, {
      student_id: null,
      staff_id: colleague.staff.id,
      block_id: focus.id,
      date: THU,
      memo: "Assembly",
    });
    await createAmendment(db, {
      student_id: other.student.id,
      staff_id: colleague.staff.id,
      block_id: focus.id,
      date: THU,
      memo: "Not mine",
    });
    await createCheckIn(db, {
      student_id: student.student.id,
      block_id: focus.id,
      date: LAST_TUE,
      staff_id: teacher.staff.id,
      method: "manual",
      checked_in_at: schoolInstant(LAST_TUE, "09:41", TEST_TIMEZONE),
      topic_id: topic.id,
    });
  });

  it("shows the enrolled course blocks and every flex block, ordered by start", async () => {
    const res = await studentWeek("self", WED, tokens.student!);
    const wed = dayOf(res.body.schedule, WED);
    expect(wed.blocks.map((b) => b.label)).toEqual(["Block 1", "Focus Block"]);
    const [b1, fb] = wed.blocks;
    expect(b1).toMatchObject({ id: block1.id, start: "8:30 AM", end: "9:20 AM", flex: false, pending: true });
    expect(b1!.scheduled).toEqual({ id: course1.id, name: "Science 10", short_name: course1.short_name });
    expect(fb).toMatchObject({ id: focus.id, start: "9:26 AM", end: "10:06 AM", flex: true, pending: true });
    expect(fb).not.toHaveProperty("planned");
  });

  it("shows the planned teacher with their topic on a flex block", async () => {
    const res = await studentWeek("self", WED, tokens.student!);
    const fb = dayOf(res.body.schedule, WED).blocks.find((b) => b.flex)!;
    expect(fb.scheduled).toEqual({
      id: teacher.staff.id,
      name: "Ms. Lovelace, Ada",
      initials: "AL",
      color: "teal",
      topic: {
        id: topicId,
        memo: "Lab catch-up",
        color: "red",
        unavailable: false,
        deleted: false,
        staff: { id: teacher.staff.id, name: "Ms. Lovelace, Ada" },
      },
    });
    const thu = dayOf(res.body.schedule, THU).blocks.find((b) => b.flex)!;
    expect(thu.scheduled).toMatchObject({ id: colleague.staff.id, topic: null });
    const fri = dayOf(res.body.schedule, weekdayDate(5)).blocks.find((b) => b.flex)!;
    expect(fri.scheduled).toBeNull();
  });

  it("lists the student's own appointments and their own and global amendments", async () => {
    const res = await studentWeek("self", WED, tokens.student!);
    const wed = dayOf(res.body.schedule, WED);
    const fb = wed.blocks.find((b) => b.flex)!;
    expect(fb.appointments).toEqual([
      {
        id: expect.any(Number),
        memo: "Quiz rewrite",
        date: WED,
        block_id: focus.id,
        staff: { id: colleague.staff.id, name: "Mr. Turing, Alan" },
        student: { id: student.student.id, name: "Jane Doe" },
        locked: true,
        series_id: null,
      },
    ]);
    expect(wed.blocks.find((b) => !b.flex)!.amendments.map((a) => a.memo)).toEqual(["Field trip"]);
    const thu = dayOf(res.body.schedule, THU).blocks.find((b) => b.flex)!;
    expect(thu.amendments).toEqual([
      expect.objectContaining({
        memo: "Assembly",
        student: null,
        staff: { id: colleague.staff.id, name: "Mr. Turing, Alan" },
      }),
    ]);
  });

  it("shows logs with time, method, staff and topic, and past blocks as not pending", async () => {
    const res = await studentWeek("self", LAST_TUE, tokens.student!);
    const fb = dayOf(res.body.schedule, LAST_TUE).blocks.find((b) => b.flex)!;
    expect(fb.pending).toBe(false);
    expect(fb.logs).toEqual([
      {
        id: expect.any(Number),
        time: "9:41 AM",
        method: "manual",
        staff: { id: teacher.staff.id, name: "Ms. Lovelace, Ada" },
        student: { id: student.student.id, name: "Jane Doe" },
        topic: expect.objectContaining({ id: topicId, memo: "Lab catch-up" }),
      },
    ]);
  });

  it("hides a deleted topic", async () => {
    const db = state.db;
    const gone = await createTopic(db, { staff_id: colleague.staff.id, memo: "Gone", deleted: true });
    await scheduleTopic(db, gone, { block_id: focus.id, date: THU });
    const res = await studentWeek("self", WED, tokens.student!);
    const thu = dayOf(res.body.schedule, THU).blocks.find((b) => b.flex)!;
    expect(thu.scheduled).toMatchObject({ id: colleague.staff.id, topic: null });
  });

  it("is the same through the student's numeric id", async () => {
    const bySelf = await studentWeek("self", WED, tokens.student!);
    const byId = await studentWeek(String(student.student.id), WED, tokens.student!);
    expect(byId.body).toEqual(bySelf.body);
  });
});

describe("a teacher's schedule", () => {
  beforeAll(async () => {
    const db = state.db;
    const topic = await createTopic(db, {
      staff_id: colleague.staff.id,
      memo: "Quiz rewrites",
      color: "amber",
    });
    await scheduleTopic(db, topic, { block_id: focus.id, date: WED });
    await createPlan(db, {
      student_id: other.student.id,
      staff_id: colleague.staff.id,
      block_id: focus.id,
      date: WED,
    });
    await createAmendment(db, {
      student_id: other.student.id,
      staff_id: teacher.staff.id,
      block_id: focus.id,
      date: WED,
      memo: "By teacher",
    });
  });

  it("shows taught course blocks, every flex block, the own topic and the plans", async () => {
    const res = await staffWeek(colleague.staff.id, WED, tokens.colleague!);
    expect(res.status).toBe(200);
    const wed = dayOf(res.body.schedule, WED);
    expect(wed.blocks.map((b) => b.label)).toEqual(["Focus Block", "Block 2"]);
    const [fb, b2] = wed.blocks;
    expect(b2!.scheduled).toMatchObject({ name: "Math 10" });
    expect(b2!.planned).toEqual([]);
    expect(fb!.scheduled).toEqual({
      id: expect.any(Number),
      date: WED,
      block_id: focus.id,
      topic: expect.objectContaining({
        memo: "Quiz rewrites",
        color: "amber",
        staff: { id: colleague.staff.id, name: "Mr. Turing, Alan" },
      }),
    });
    expect(fb!.planned).toEqual([
      {
        id: expect.any(Number),
        date: WED,
        block_id: focus.id,
        student: { id: other.student.id, name: "John Roe" },
        staff: { id: colleague.staff.id, name: "Mr. Turing, Alan" },
        // Beyond the original payload: why the student is there.
        reason: {
          kind: "chosen",
          rung: "chosen",
          teacher: { id: colleague.staff.id, name: "Mr. Turing, Alan" },
          at: expect.any(String),
        },
      },
    ]);
    // Appointments with this teacher (two students), amendments they recorded (not others').
    expect(fb!.appointments.map((a) => a.student.name).sort()).toEqual(["Jane Doe", "John Roe"]);
    expect(fb!.amendments).toEqual([]);
    const thu = dayOf(res.body.schedule, THU).blocks.find((b) => b.flex)!;
    expect(thu.amendments.map((a) => a.memo).sort()).toEqual(["Assembly", "Not mine"]);
    expect(thu.scheduled).toBeNull();
  });

  it("shows the logs the teacher recorded and the amendments they made", async () => {
    const past = await staffWeek(teacher.staff.id, LAST_TUE, tokens.teacher!);
    const fb = dayOf(past.body.schedule, LAST_TUE).blocks.find((b) => b.flex)!;
    expect(fb.logs).toHaveLength(1);
    expect(fb.pending).toBe(false);
    const week = await staffWeek(teacher.staff.id, WED, tokens.teacher!);
    const wed = dayOf(week.body.schedule, WED);
    expect(wed.blocks.map((b) => b.label)).toEqual(["Block 1", "Focus Block"]);
    expect(wed.blocks[1]!.amendments.map((a) => a.memo)).toEqual(["By teacher"]);
    expect(wed.blocks[1]!.planned.map((p) => p.student.name)).toEqual(["Jane Doe"]);
  });
});

describe("access", () => {
  it("lets staff, admins and sysadmins read any student", async () => {
    for (const token of [tokens.teacher!, tokens.admin!, tokens.sysadmin!]) {
      const res = await studentWeek(String(student.student.id), WED, token);
      expect(res.status).toBe(200);
    }
  });

  it("refuses a student another student's schedule (403) and answers 404 for unknown ids", async () => {
    // The same 403 for an id that exists and one that does not: a student cannot probe ids.
    const existing = await studentWeek(String(other.student.id), WED, tokens.student!);
    const missing = await studentWeek("999999", WED, tokens.student!);
    expect(existing.status).toBe(403);
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual(existing.body);
    expect((await studentWeek("999999", WED, tokens.teacher!)).status).toBe(404);
    expect((await studentWeek("self", WED, tokens.teacher!)).status).toBe(404);
  });

  it("validates the id", async () => {
    const res = await studentWeek("abc", WED, tokens.teacher!);
    expect(res.status).toBe(422);
    expect((await staffWeek("-1", WED, tokens.teacher!)).status).toBe(422);
  });

  it("opens staff schedules to the shell roles only", async () => {
    expect((await staffWeek(teacher.staff.id, WED, tokens.student!)).status).toBe(403);
    expect((await staffWeek(teacher.staff.id, WED, tokens.sysadmin!)).status).toBe(200);
    expect((await staffWeek(teacher.staff.id, WED, tokens.admin!)).status).toBe(200);
    expect((await staffWeek(teacher.staff.id, undefined, tokens.colleague!)).status).toBe(200);
    expect((await staffWeek(999999, WED, tokens.teacher!)).status).toBe(404);
  });

  it("answers 401 when signed out", async () => {
    expect((await call(studentSchedule, { params: { id: "self" } })).status).toBe(401);
    expect((await call(staffSchedule, { params: { id: String(teacher.staff.id) } })).status).toBe(401);
  });
});

describe("statements per request", () => {
  it("stay the same with 1 and with 100 planned students, logs and appointments", async () => {
    const db = state.db;
    const busy = await createStaff(db);
    const token = await tokenFor(db, busy);
    const [first, ...rest] = await createStudents(db, 100);
    const add = async (s: { id: number }, i: number) => {
      await createPlan(db, { student_id: s.id, staff_id: busy.staff.id, block_id: focus.id, date: THU });
      await createAppointment(db, {
        student_id: s.id,
        staff_id: busy.staff.id,
        block_id: focus.id,
        date: WED,
      });
      await createCheckIn(db, {
        student_id: s.id,
        block_id: focus.id,
        date: addDays(WED, i % 2 ? 0 : -1),
        staff_id: busy.staff.id,
      });
    };
    await add(first!, 0);
    await staffWeek(busy.staff.id, WED, token); // warm up (modules, prepared statements)
    const once = await statementsOf(token, () => staffWeek(busy.staff.id, WED, token));
    expect(once.result.status).toBe(200);
    const one = once.statements;

    for (const [i, s] of rest.entries()) await add(s, i + 1);
    const { statements: hundred, result: res } = await statementsOf(token, () => staffWeek(busy.staff.id, WED, token));
    expect(dayOf(res.body.schedule, THU).blocks.find((b) => b.flex)!.planned).toHaveLength(100);
    expect(hundred).toBe(one);
    // Sign-in check, the committed data version (the ETag's state, lib/api/conditional.server.ts),
    // settings, the week: four statements.
    expect(one).toBeLessThanOrEqual(4);

    // The student view too: one student with nothing, one with a plan, a log, an appointment and an amendment.
    const bare = await createStudent(db);
    const bareToken = await tokenFor(db, bare);
    await studentWeek("self", WED, bareToken);
    const empty = await statementsOf(bareToken, () => studentWeek("self", WED, bareToken));
    const full = await statementsOf(tokens.student!, () => studentWeek("self", WED, tokens.student!));
    expect(full.statements).toBe(empty.statements);
  });
});
