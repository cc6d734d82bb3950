/** @jest-environment node */
import { eq } from "drizzle-orm";
import { GET as airCodeRoute } from "@/app/api/check-in/air-code/route";
import { POST as airRoute } from "@/app/api/check-in/air/route";
import { POST as checkInRoute } from "@/app/api/check-in/route";
import { GET as statusOn } from "@/app/api/check-in/status/[date]/route";
import { POST as kioskCheckInRoute } from "@/app/api/kiosk/check-in/route";
import { POST as createKioskRoute } from "@/app/api/kiosks/route";
import { GET as unscheduledRoute } from "@/app/api/placement/unscheduled/route";
import { POST as previewRoute } from "@/app/api/power-scheduler/preview/route";
import { GET as attendanceRoute } from "@/app/api/reports/attendance/route";
import { GET as studentScheduleOn } from "@/app/api/students/[id]/schedule/[date]/route";
import { POST as schedulePlanRoute } from "@/app/api/students/schedule-plan/route";
import { checkIns } from "@/db/schema";
import { dueDates } from "@/lib/placement/service.server";
import { schoolInstant } from "@/lib/core/time";
import { setSchoolClock } from "../helpers/clock";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createEvent, createWeekTimetable, setSetting } from "../helpers/schedule-factories";
import { FRI, MON, TEST_TIMEZONE, THU, TUE, weekdayDate } from "../helpers/timetable-factories";

/**
 * A day no block meets (a calendar event with `no_blocks`: the demo's Pro-D Monday) has no Focus Block
 * wherever the server decides it, by the one rule of lib/schedule/school-days.ts; and a date after the
 * school year has none either (the check-in status and POST /api/check-in agree).
 */
const state = useTestDb();
afterEach(() => jest.useRealTimers());

const PRO_D = MON; // next week's Monday; the Focus Block meets Monday to Friday
const LAST_FRI = weekdayDate(5, 0);
const AFTER_YEAR = weekdayDate(3, 10); // a Wednesday ten weeks ahead: the school year ends in 60 days

type Account = { user: { id: number } };
let focus: { id: number };
let teacher: Awaited<ReturnType<typeof createStaff>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let student: Awaited<ReturnType<typeof createStudent>>;

beforeAll(async () => {
  ({ focus } = await createWeekTimetable(state.db));
  teacher = await createStaff(state.db, { title: "Ms.", first_name: "Ada", last_name: "Lovelace" });
  admin = await createAdmin(state.db);
  student = await createStudent(state.db, { first_name: "Malik", last_name: "Patel", student_number: "424242" });
  await createEvent(state.db, { date: PRO_D, name: "Pro-D Day (no classes)", no_blocks: true });
  await createEvent(state.db, { date: THU, name: "Parent-Teacher Conferences (evening)" });
});

/** Sessions last a day, so each call signs in at the (possibly faked) time. */
const token = (who: Account) => tokenFor(state.db, who);
const status = async (date: string) =>
  call(statusOn, { token: await token(teacher), params: { date }, path: `/api/check-in/status/${date}` });
const checkIn = async (date: string) =>
  call(checkInRoute, {
    token: await token(teacher),
    body: { chips: [{ value: "424242" }], type: "student_number", date },
    path: "/api/check-in",
  });
const ledgerOn = async (date: string) =>
  (await state.db.select().from(checkIns).where(eq(checkIns.student_id, student.student.id))).filter((r) => r.date === date);

describe("check-in on a no-blocks day", () => {
  it("shows no Focus Block in the status, and the neighbours skip the day", async () => {
    const res = await status(PRO_D);
    expect(res.status).toBe(200);
    expect(res.body.blocks).toEqual([]);
    expect((await status(LAST_FRI)).body.next).toBe(TUE);
    expect((await status(TUE)).body.previous).toBe(LAST_FRI);
    // An event without no_blocks changes nothing.
    expect((await status(THU)).body.blocks.map((b: any) => b.block.id)).toEqual([focus.id]);
  });

  it("refuses POST /api/check-in with 422 no_focus_block and records nothing", async () => {
    const res = await checkIn(PRO_D);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("no_focus_block");
    expect(await ledgerOn(PRO_D)).toEqual([]);
    expect((await checkIn(THU)).status).toBe(200);
  });

  it("gives no air code and refuses air and kiosk check-ins during the block's usual time", async () => {
    const kiosk = await call(createKioskRoute, {
      token: await token(admin),
      body: { label: "Room 204 door", staff_id: teacher.staff.id },
      path: "/api/kiosks",
    });
    expect(kiosk.status).toBe(201);
    setSchoolClock(PRO_D, "09:30");
    const code = await call(airCodeRoute, { token: await token(teacher), path: "/api/check-in/air-code" });
    expect(code.status).toBe(422);
    expect(code.body.code).toBe("no_focus_block");
    const air = await call(airRoute, { token: await token(student), body: { code: "ACDEFG" }, path: "/api/check-in/air" });
    expect(air.status).toBe(422);
    expect(air.body.code).toBe("no_focus_block");
    const byKiosk = await call(kioskCheckInRoute, {
      headers: { authorization: `Kiosk ${kiosk.body.token}` },
      body: { student_number: "424242" },
      path: "/api/kiosk/check-in",
    });
    expect(byKiosk.status).toBe(422);
    expect(byKiosk.body.code).toBe("no_focus_block");
    expect(await ledgerOn(PRO_D)).toEqual([]);
    // The same calls the next day find the block.
    setSchoolClock(TUE, "09:30");
    expect((await call(airCodeRoute, { token: await token(teacher), path: "/api/check-in/air-code" })).status).toBe(200);
  });
});

describe("scheduling on a no-blocks day", () => {
  it("shows the event and no blocks in the week calendar; an evening event keeps its day's blocks", async () => {
    const res = await call(studentScheduleOn, {
      token: await token(admin),
      params: { id: String(student.student.id), date: PRO_D },
    });
    expect(res.status).toBe(200);
    const day = (date: string) => res.body.schedule.find((d: any) => d.date.iso === date);
    expect(day(PRO_D)).toMatchObject({ events: [{ name: "Pro-D Day (no classes)" }], blocks: [] });
    expect(day(TUE).blocks.length).toBeGreaterThan(0);
    expect(day(THU).events).toEqual([{ id: expect.any(Number), name: "Parent-Teacher Conferences (evening)" }]);
    expect(day(THU).blocks.map((b: any) => b.id)).toContain(focus.id);
  });

  it("refuses a plan for the day (422 not_meeting) and takes one the next day", async () => {
    const plan = async (date: string) =>
      call(schedulePlanRoute, { token: await token(student), body: { staff_id: teacher.staff.id, block_id: focus.id, date } });
    const res = await plan(PRO_D);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "not_meeting", errors: { date: ["No blocks meet on that date."] } });
    expect((await plan(TUE)).status).toBe(200);
  });

  it("never places on the day, and lists no one as unscheduled then", async () => {
    await setSetting(state.db, "placement_cutoff", "08:00");
    const due = (await dueDates(state.db, schoolInstant(PRO_D, "09:00", TEST_TIMEZONE))).map((d) => d.date);
    expect(due).not.toContain(PRO_D);
    expect(due).toContain(LAST_FRI);
    const unscheduled = async (date: string) =>
      call(unscheduledRoute, { token: await token(admin), query: { date } });
    expect((await unscheduled(PRO_D)).body).toMatchObject({ date: PRO_D, cutoff_at: null, students: [] });
    expect((await unscheduled(FRI)).body.students.map((s: any) => s.id)).toContain(student.student.id);
  });

  it("leaves the day out of a Power Scheduler batch and out of reports", async () => {
    const preview = await call(previewRoute, {
      token: await token(admin),
      body: {
        student_type: "some",
        student_ids: [student.student.id],
        schedule_type: "amendment",
        staff_id: teacher.staff.id,
        memo: "Assembly",
        date_time: PRO_D,
        end_date: FRI,
      },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.dates).toEqual([TUE, weekdayDate(3), THU, FRI]);
    const onlyProD = await call(previewRoute, {
      token: await token(admin),
      body: { student_type: "some", student_ids: [student.student.id], schedule_type: "amendment", staff_id: teacher.staff.id, memo: "x", date_time: PRO_D },
    });
    expect(onlyProD.status).toBe(422);
    expect(onlyProD.body.code).toBe("no_flex_block");
    const report = await call(attendanceRoute, {
      token: await token(admin),
      query: { from: PRO_D, to: FRI, group_by: "day" },
    });
    expect(report.status).toBe(200);
    expect(report.body.focus_blocks).toBe(4);
  });
});

describe("after the school year ends", () => {
  it("the status shows no Focus Block, as POST /api/check-in refuses the date", async () => {
    const res = await status(AFTER_YEAR);
    expect(res.status).toBe(200);
    expect(res.body.blocks).toEqual([]);
    const post = await checkIn(AFTER_YEAR);
    expect(post.status).toBe(422);
    expect(post.body.code).toBe("outside_school_year");
  });
});
