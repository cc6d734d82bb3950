/** @jest-environment node */
import { sql } from "drizzle-orm";
import { format } from "date-fns";
import { GET as unscheduledRoute } from "@/app/api/placement/unscheduled/route";
import { GET as placementSelf } from "@/app/api/placement/self/route";
import { POST as bookRoute } from "@/app/api/appointments/create/route";
import { PUT as schoolDayPut } from "@/app/api/school-days/[date]/route";
import { GET as schoolDaysGet } from "@/app/api/school-days/route";
import { GET as scheduleRoute } from "@/app/api/students/[id]/schedule/[date]/route";
import { POST as schedulePlan } from "@/app/api/students/schedule-plan/route";
import { dayDeadlines } from "@/db/schema";
import { choiceDeadlineAt, choiceDeadlinePassed, requestDeadlinePassed } from "@/lib/choice/deadlines.server";
import { dueDates } from "@/lib/placement/service.server";
import { addDays, schoolInstant } from "@/lib/core/time";
import { setSchoolClock } from "../helpers/clock";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createWeekTimetable, setSetting } from "../helpers/schedule-factories";
import { FRI, TEST_TIMEZONE, THU, WED } from "../helpers/timetable-factories";

/**
 * The choice deadline closes students' choosing, the request deadline closes teachers'
 * bookings to all but administrators, a day may set its own, and default placement waits for the
 * choice deadline. The test Focus Block meets 09:26–10:06.
 */
const state = useTestDb();
const at = (date: string, time: string) => schoolInstant(date, time, TEST_TIMEZONE);
const day = (date: string) => format(new Date(`${date}T12:00:00`), "EEE, MMM d");

let focus: { id: number };
let teacher: Awaited<ReturnType<typeof createStaff>>;
let studentId: number;
const people: Record<string, Parameters<typeof tokenFor>[1]> = {};
/** A session made at the (faked) clock's time: sessions last 24 hours. */
const tokenOf = (who: "student" | "teacher" | "admin") => tokenFor(state.db, people[who]!);

beforeAll(async () => {
  ({ focus } = await createWeekTimetable(state.db));
  teacher = await createStaff(state.db, { title: "Ms.", last_name: "Ruiz", capacity: 30 });
  const student = await createStudent(state.db, { default_teacher_id: teacher.staff.id });
  studentId = student.student.id;
  people.student = student;
  people.teacher = teacher;
  people.admin = await createAdmin(state.db);
});

afterEach(async () => {
  jest.useRealTimers();
  await setSetting(state.db, "choice-deadline", "");
  await setSetting(state.db, "request-deadline", "");
  await setSetting(state.db, "placement_cutoff", "");
  await state.db.delete(dayDeadlines).where(sql`true`);
});

const choose = async (date: string) =>
  call(schedulePlan, {
    token: await tokenOf("student"),
    body: { block_id: focus.id, date, staff_id: teacher.staff.id },
  });

describe("the choice deadline", () => {
  it("closes a student's choosing at the setting's time, with the sentence", async () => {
    await setSetting(state.db, "choice-deadline", "08:00");
    setSchoolClock(WED, "07:59");
    expect((await choose(WED)).status).toBe(200);
    expect(await choiceDeadlinePassed(state.db, WED, focus.id, new Date())).toBe(false);
    setSchoolClock(WED, "08:00");
    const closed = await choose(WED);
    expect(closed.status).toBe(422);
    expect(closed.body).toMatchObject({
      code: "choice_closed",
      message: `Choosing closed at 08:00 on ${day(WED)}.`,
    });
    expect(await choiceDeadlinePassed(state.db, WED, focus.id, new Date())).toBe(true);
  });

  it("is, when empty, none of its own: a block in progress may still be chosen until it ends; hours count back from the start", async () => {
    expect(await choiceDeadlineAt(state.db, WED, focus.id)).toBeNull();
    setSchoolClock(WED, "09:30");
    expect((await choose(WED)).status).toBe(200);
    const week = await call(scheduleRoute, {
      token: await tokenOf("student"),
      params: { id: "self", date: WED },
    });
    const days = week.body.schedule as {
      date: { iso: string };
      blocks: { id: number; choose_until?: string }[];
    }[];
    const focusBlock = days.find((d) => d.date.iso === WED)!.blocks.find((b) => b.id === focus.id)!;
    expect(focusBlock.choose_until).toBe(at(WED, "10:06").toISOString());
    setSchoolClock(WED, "10:06");
    expect((await choose(WED)).status).not.toBe(200);
    await setSetting(state.db, "choice-deadline", "24h");
    expect((await choiceDeadlineAt(state.db, WED, focus.id))?.toISOString()).toBe(
      at(addDays(WED, -1), "09:26").toISOString(),
    );
    // A block that does not meet has no deadline.
    expect(await choiceDeadlineAt(state.db, "2000-01-01", focus.id)).toBeNull();
  });

  it("a day sets its own in the calendar's day dialog (PUT /api/school-days/{date}), and the student sees until when", async () => {
    await setSetting(state.db, "choice-deadline", "08:00");
    const put = await call(schoolDayPut, {
      token: await tokenOf("admin"),
      params: { date: WED },
      method: "PUT",
      body: { choice_deadline: "9:00", request_deadline: "1h" },
    });
    expect(put.status).toBe(200);
    expect(put.body.deadlines).toEqual({ choice_deadline: "09:00", request_deadline: "1h" });
    const days = await call(schoolDaysGet, { token: await tokenOf("admin"), query: { from: WED, to: THU } });
    expect(days.body.days[0].deadlines).toEqual({ choice_deadline: "09:00", request_deadline: "1h" });
    expect(days.body.days[1].deadlines).toBeUndefined();

    setSchoolClock(WED, "08:30");
    expect((await choose(WED)).status).toBe(200);
    expect((await choose(THU)).status).toBe(200); // 08:00 on Thursday is still ahead

    const week = await call(scheduleRoute, {
      token: await tokenOf("student"),
      params: { id: "self", date: WED },
    });
    const blocks = week.body.schedule.flatMap(
      (d: { date: { iso: string }; blocks: { id: number; choose_until?: string }[] }) =>
        d.blocks.filter((b) => b.id === focus.id).map((b) => [d.date.iso, b.choose_until]),
    );
    expect(blocks).toEqual(
      expect.arrayContaining([
        [WED, at(WED, "09:00").toISOString()],
        [THU, at(THU, "08:00").toISOString()],
      ]),
    );

    // Cleared with null: the setting again.
    const cleared = await call(schoolDayPut, {
      token: await tokenOf("admin"),
      params: { date: WED },
      method: "PUT",
      body: { choice_deadline: null, request_deadline: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.deadlines).toBeUndefined();
    expect((await choose(WED)).body.code).toBe("choice_closed");
  });

  it("refuses a deadline not in the form (422 on the field), a teacher (403)", async () => {
    const bad = await call(schoolDayPut, {
      token: await tokenOf("admin"),
      params: { date: WED },
      method: "PUT",
      body: { choice_deadline: "8am" },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(["choice_deadline"]);
    const hours = await call(schoolDayPut, {
      token: await tokenOf("admin"),
      params: { date: WED },
      method: "PUT",
      body: { request_deadline: "999h" },
    });
    expect(hours.status).toBe(422);
    expect(Object.keys(hours.body.errors)).toEqual(["request_deadline"]);
    const teacherPut = await call(schoolDayPut, {
      token: await tokenOf("teacher"),
      params: { date: WED },
      method: "PUT",
      body: { choice_deadline: "08:00" },
    });
    expect(teacherPut.status).toBe(403);
    expect(await state.db.select().from(dayDeadlines)).toEqual([]);
  });

  it("GET /api/placement/self gives choose_until for each open block", async () => {
    await setSetting(state.db, "choice-deadline", "07:30");
    setSchoolClock(WED, "06:00");
    const self = await call(placementSelf, { token: await tokenOf("student") });
    expect(self.status).toBe(200);
    const friday = self.body.open.find((o: { date: string }) => o.date === FRI);
    expect(friday.choose_until).toBe(at(FRI, "07:30").toISOString());
  });
});

describe("the request deadline", () => {
  it("after it only an administrator books a student into the Focus Block", async () => {
    await setSetting(state.db, "request-deadline", "2h");
    expect(await requestDeadlinePassed(state.db, WED, focus.id, at(WED, "07:25"))).toBe(false);
    setSchoolClock(WED, "07:26");
    const book = async (token: string) =>
      call(bookRoute, {
        token,
        body: { student_id: studentId, block_id: focus.id, date: WED, memo: "Retake" },
      });
    const refused = await book(await tokenOf("teacher"));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: "request_closed",
      message: `Booking students for this Focus Block closed at 07:26 on ${day(WED)}: ask an administrator to book them.`,
    });
    expect((await book(await tokenOf("admin"))).status).toBe(201);
  });
});

describe("default placement", () => {
  it("runs at the later of the placement cutoff and the choice deadline", async () => {
    await setSetting(state.db, "placement_cutoff", "08:00");
    await setSetting(state.db, "choice-deadline", "09:00");
    expect((await dueDates(state.db, at(WED, "08:30"))).map((d) => d.date)).not.toContain(WED);
    expect((await dueDates(state.db, at(WED, "09:00"))).map((d) => d.date)).toContain(WED);
    const list = await call(unscheduledRoute, { token: await tokenOf("admin"), query: { date: WED } });
    expect(list.body.cutoff_at).toBe(at(WED, "09:00").toISOString());
    // An earlier choice deadline leaves the cutoff as it was; an empty one holds nothing back.
    await setSetting(state.db, "choice-deadline", "07:00");
    expect(
      (await call(unscheduledRoute, { token: await tokenOf("admin"), query: { date: WED } })).body.cutoff_at,
    ).toBe(at(WED, "08:00").toISOString());
    await setSetting(state.db, "choice-deadline", "");
    expect(
      (await call(unscheduledRoute, { token: await tokenOf("admin"), query: { date: WED } })).body.cutoff_at,
    ).toBe(at(WED, "08:00").toISOString());
  });
});
