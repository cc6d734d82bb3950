/** @jest-environment node */
import { GET as statusToday } from "@/app/api/check-in/status/route";
import { GET as statusOn } from "@/app/api/check-in/status/[date]/route";
import { addDays, schoolInstant } from "@/lib/core/time";
import { createStudents } from "../helpers/bulk-factories";
import { useTestDb } from "../helpers/db";
import { createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { statementsOf } from "../helpers/statements";
import {
  createCheckIn,
  createFocusBlock,
  createPlan,
  TEST_TIMEZONE,
  testToday,
  weekdayDate,
} from "../helpers/timetable-factories";

const state = useTestDb();

const WED = weekdayDate(3);
const at = (date: string, time: string) => schoolInstant(date, time, TEST_TIMEZONE);

let focus: Awaited<ReturnType<typeof createFocusBlock>>;
let teacher: Awaited<ReturnType<typeof createStaff>>;
let colleague: Awaited<ReturnType<typeof createStaff>>;
let token: string;

beforeAll(async () => {
  focus = await createFocusBlock(state.db, { days: [2, 3, 4, 5], start: "09:26", end: "10:06" });
  teacher = await createStaff(state.db, { title: "Ms.", first_name: "Ada", last_name: "Lovelace" });
  colleague = await createStaff(state.db, { title: "Mr.", first_name: "Alan", last_name: "Turing" });
  token = await tokenFor(state.db, teacher);
});

const statusFor = (date: string, as = token) =>
  call(statusOn, { token: as, params: { date }, path: `/api/check-in/status/${date}` });

describe("GET /api/check-in/status/{date}", () => {
  it("gives the day, the Focus Block, the caller's planned students and the caller's check-ins", async () => {
    const [planned, checkedIn, walkIn] = await createStudents(state.db, 3);
    for (const s of [planned!, checkedIn!]) {
      await createPlan(state.db, {
        student_id: s.id,
        staff_id: teacher.staff.id,
        block_id: focus.id,
        date: WED,
      });
    }
    await createCheckIn(state.db, {
      student_id: checkedIn!.id,
      block_id: focus.id,
      date: WED,
      staff_id: teacher.staff.id,
      checked_in_by: teacher.user.id,
      checked_in_at: at(WED, "09:31"),
    });
    await createCheckIn(state.db, {
      student_id: walkIn!.id,
      block_id: focus.id,
      date: WED,
      staff_id: teacher.staff.id,
      method: "roll-call",
      checked_in_at: at(WED, "09:41"),
    });

    const res = await statusFor(WED);
    expect(res.status).toBe(200);
    const [y, m, d] = WED.split("-").map(Number) as [number, number, number];
    const full = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(res.body.date).toMatchObject({ day: "Wed", date: String(d), full_date: full, is_today: false });
    expect(res.body.today).toBe(testToday());
    expect(res.body.blocks).toHaveLength(1);
    const [entry] = res.body.blocks;
    expect(entry.block).toEqual({
      id: focus.id,
      flex: true,
      label: "Focus Block",
      start: "9:26 AM",
      end: "10:06 AM",
    });
    expect(entry.planned).toEqual([
      {
        id: expect.any(Number),
        student: { id: planned!.id, name: `Bulk ${planned!.last_name}`, initials: "BS", color: "teal" },
      },
    ]);
    expect(entry.ledger_entries.map((e: any) => [e.student.id, e.time, e.method, e.by_other_staff])).toEqual([
      [walkIn!.id, "9:41 AM", "roll-call", false],
      [checkedIn!.id, "9:31 AM", "manual", false],
    ]);
    expect(entry.ledger_entries[0].student).toEqual({
      id: walkIn!.id,
      name: expect.any(String),
      initials: "BS",
      color: "teal",
    });
    expect(JSON.stringify(res.body)).not.toContain(planned!.student_number);
  });

  it("moves a planned student someone else checked in out of Scheduled, marked with who did it", async () => {
    const date = weekdayDate(4);
    const [mine, elsewhere, theirs] = await createStudents(state.db, 3);
    await createPlan(state.db, {
      student_id: mine!.id,
      staff_id: teacher.staff.id,
      block_id: focus.id,
      date,
    });
    await createPlan(state.db, {
      student_id: elsewhere!.id,
      staff_id: teacher.staff.id,
      block_id: focus.id,
      date,
    });
    await createPlan(state.db, {
      student_id: theirs!.id,
      staff_id: colleague.staff.id,
      block_id: focus.id,
      date,
    });
    await createCheckIn(state.db, {
      student_id: elsewhere!.id,
      block_id: focus.id,
      date,
      staff_id: colleague.staff.id,
      checked_in_at: at(date, "09:28"),
    });
    await createCheckIn(state.db, {
      student_id: theirs!.id,
      block_id: focus.id,
      date,
      staff_id: colleague.staff.id,
    });

    const [entry] = (await statusFor(date)).body.blocks;
    expect(entry.planned.map((p: any) => p.student.id)).toEqual([mine!.id]);
    expect(entry.ledger_entries).toHaveLength(1);
    expect(entry.ledger_entries[0]).toMatchObject({
      student: { id: elsewhere!.id },
      time: "9:28 AM",
      by_other_staff: true,
      staff: { id: colleague.staff.id, name: "Mr. Turing, Alan" },
    });
  });

  it("shows no plans or check-ins of other dates", async () => {
    const date = weekdayDate(5);
    const [s] = await createStudents(state.db, 1);
    await createPlan(state.db, {
      student_id: s!.id,
      staff_id: teacher.staff.id,
      block_id: focus.id,
      date: addDays(date, 7),
    });
    await createCheckIn(state.db, {
      student_id: s!.id,
      block_id: focus.id,
      date: addDays(date, -7),
      staff_id: teacher.staff.id,
    });
    const [entry] = (await statusFor(date)).body.blocks;
    expect(entry.planned).toEqual([]);
    expect(entry.ledger_entries).toEqual([]);
  });

  it("answers an empty block list on a day without a Focus Block, with next and previous on Focus Block days", async () => {
    const saturday = weekdayDate(6);
    const res = await statusFor(saturday);
    expect(res.status).toBe(200);
    expect(res.body.blocks).toEqual([]);
    expect(res.body.date.day).toBe("Sat");
    expect(res.body.next).toBe(addDays(saturday, 3)); // Tuesday
    expect(res.body.previous).toBe(addDays(saturday, -1)); // Friday
  });

  it("steps one day at a time between Focus Block days", async () => {
    const res = await statusFor(WED);
    expect(res.body.next).toBe(addDays(WED, 1));
    expect(res.body.previous).toBe(addDays(WED, -1));
  });

  it("reads display dates and ISO instants", async () => {
    const display = new Date(`${WED}T12:00:00Z`).toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    expect((await statusFor(display)).body.date.iso).toBe(WED);
    expect((await statusFor(`${WED}T17:00:00.000Z`)).body.date.iso).toBe(WED);
  });

  it("answers 422 for a date it cannot read", async () => {
    const res = await statusFor("2026-13-01");
    expect(res.status).toBe(422);
    expect(res.body.errors.date).toBeDefined();
  });

  it("answers 401 when signed out and 403 to a student", async () => {
    expect((await statusFor(WED, "")).status).toBe(401);
    const student = await createStudent(state.db);
    expect((await statusFor(WED, await tokenFor(state.db, student))).status).toBe(403);
  });

  it("gives a sysadmin their own check-ins and no planned students", async () => {
    const sysadmin = await createSysadmin(state.db);
    const date = weekdayDate(2, 2);
    const [s, other] = await createStudents(state.db, 2);
    await createCheckIn(state.db, {
      student_id: s!.id,
      block_id: focus.id,
      date,
      staff_id: null,
      checked_in_by: sysadmin.user.id,
    });
    await createCheckIn(state.db, {
      student_id: other!.id,
      block_id: focus.id,
      date,
      staff_id: teacher.staff.id,
      checked_in_by: teacher.user.id,
    });
    const res = await statusFor(date, await tokenFor(state.db, sysadmin));
    expect(res.status).toBe(200);
    expect(res.body.blocks[0].planned).toEqual([]);
    expect(res.body.blocks[0].ledger_entries.map((e: any) => [e.student.id, e.staff])).toEqual([
      [s!.id, null],
    ]);
  });
});

describe("GET /api/check-in/status", () => {
  it("answers for today in the school's zone", async () => {
    const res = await call(statusToday, { token, path: "/api/check-in/status" });
    expect(res.status).toBe(200);
    expect(res.body.today).toBe(testToday());
    expect(res.body.date.iso).toBe(testToday());
    expect(res.body.date.is_today).toBe(true);
    const weekday = new Date(`${testToday()}T12:00:00Z`).getUTCDay();
    expect(res.body.blocks).toHaveLength([2, 3, 4, 5].includes(weekday) ? 1 : 0);
  });

  it("answers 401 when signed out", async () => {
    expect((await call(statusToday, {})).status).toBe(401);
  });
});

describe("GET /api/check-in/status statement count", () => {
  it("runs the same number of statements for 1 and for 100 planned and checked-in students", async () => {
    const measure = async (count: number, date: string) => {
      const list = await createStudents(state.db, count * 2);
      for (const [i, s] of list.entries()) {
        await createPlan(state.db, {
          student_id: s.id,
          staff_id: teacher.staff.id,
          block_id: focus.id,
          date,
        });
        if (i % 2 === 1) {
          const staffId = i % 4 === 1 ? teacher.staff.id : colleague.staff.id;
          await createCheckIn(state.db, { student_id: s.id, block_id: focus.id, date, staff_id: staffId });
        }
      }
      const { statements, result } = await statementsOf(token, () => statusFor(date));
      expect(result.body.blocks[0].planned).toHaveLength(count);
      return statements;
    };
    const one = await measure(1, weekdayDate(3, 3));
    const hundred = await measure(100, weekdayDate(4, 3));
    expect(hundred).toBe(one);
    expect(one).toBeLessThanOrEqual(3); // the session, the committed data version (the ETag's state), the status statement
  });
});
