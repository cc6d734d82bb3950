/** @jest-environment node */
import { eq, inArray } from "drizzle-orm";
import { GET as attendanceRoute } from "@/app/api/reports/attendance/route";
import { plans, staff, students, users } from "@/db/schema";
import { schoolInstant } from "@/lib/core/time";
import { createStudents } from "../helpers/bulk-factories";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createAmendment, createWeekTimetable, setSetting } from "../helpers/schedule-factories";
import { createTopic, scheduleTopic, TEST_TIMEZONE, weekdayDate } from "../helpers/timetable-factories";

/**
 * "Capacity used" is the teacher's planned students over the seats they offered: capacity × the ended
 * Focus Blocks on which they took students. The walkthrough's teacher had 27 of 30 seats planned and
 * read 45 %: the range held a Focus Block that ended before the teacher was imported, counted as 30
 * seats more. Blocks before the account existed, after it was locked, voided for every student or
 * marked unavailable by the teacher offer no seats.
 */
const state = useTestDb();
const TUE = weekdayDate(2, -1);
const WED = weekdayDate(3, -1);
let admin = "";
let focusId = 0;
const teacherIds: Record<string, number> = {};

beforeAll(async () => {
  const db = state.db;
  const { year, focus } = await createWeekTimetable(db);
  await setSetting(db, "attendance_from", year.start);
  focusId = focus.id;
  admin = await tokenFor(db, await createAdmin(db));
  const yearStart = schoolInstant(year.start, "07:00", TEST_TIMEZONE);
  const pupils = await createStudents(db, 27 * 5);
  await db.update(students).set({ created_at: yearStart }).where(inArray(students.id, pupils.map((p) => p.id)));
  const cases = ["imported", "assembly", "unavailable", "left", "plain"] as const;
  for (const [i, name] of cases.entries()) {
    const teacher = await createStaff(db, { first_name: name, last_name: `Teacher${i}`, capacity: 30 });
    teacherIds[name] = teacher.staff.id;
    // Imported on Tuesday afternoon, after Tuesday's Focus Block; the others were there all year.
    const createdAt = name === "imported" ? schoolInstant(TUE, "13:00", TEST_TIMEZONE) : yearStart;
    await db.update(staff).set({ created_at: createdAt }).where(eq(staff.id, teacher.staff.id));
    // 27 students planned with each teacher on Wednesday.
    await db.insert(plans).values(
      pupils.slice(i * 27, (i + 1) * 27).map((p) => ({ student_id: p.id, staff_id: teacher.staff.id, block_id: focus.id, date: WED })),
    );
    if (name === "unavailable") {
      const topic = await createTopic(db, { staff_id: teacher.staff.id, memo: "Marking", unavailable: true });
      await scheduleTopic(db, topic, { block_id: focus.id, date: TUE });
    }
    if (name === "left") {
      // Locked on Thursday morning: Wednesday and Tuesday count, Thursday does not.
      await db.update(users).set({ disabled_at: schoolInstant(weekdayDate(4, -1), "07:00", TEST_TIMEZONE) }).where(eq(users.id, teacher.user.id));
    }
  }
});

async function rowOf(name: string, from: string, to: string) {
  const res = await call(attendanceRoute, { token: admin, query: { from, to, group_by: "teacher" } });
  expect(res.status).toBe(200);
  return res.body.rows.find((r: { teacher: { id: number } }) => r.teacher.id === teacherIds[name]);
}

describe("capacity used in the by-teacher report", () => {
  it("leaves out a Focus Block that ended before the teacher's account existed: 27 of 30 seats is 90 %", async () => {
    const row = await rowOf("imported", TUE, WED);
    expect(row).toMatchObject({ blocks: 2, planned: 27, capacity: 30, seats: 30 });
    expect(row.capacity_used).toBeCloseTo(0.9);
  });

  it("counts both blocks for a teacher who was there both days", async () => {
    const row = await rowOf("plain", TUE, WED);
    expect(row).toMatchObject({ blocks: 2, planned: 27, seats: 60 });
    expect(row.capacity_used).toBeCloseTo(0.45);
  });

  it("leaves out a block the teacher marked unavailable", async () => {
    const row = await rowOf("unavailable", TUE, WED);
    expect(row).toMatchObject({ planned: 27, seats: 30 });
    expect(row.capacity_used).toBeCloseTo(0.9);
  });

  it("leaves out the blocks after the teacher's account was locked", async () => {
    const row = await rowOf("left", TUE, weekdayDate(4, -1));
    expect(row).toMatchObject({ blocks: 3, planned: 27, seats: 60 });
    expect(row.capacity_used).toBeCloseTo(0.45);
  });

  it("leaves out a block voided for every student", async () => {
    const assemblyBy = await createStaff(state.db);
    await createAmendment(state.db, { student_id: null, staff_id: assemblyBy.staff.id, block_id: focusId, date: TUE, memo: "Assembly" });
    const row = await rowOf("assembly", TUE, WED);
    expect(row).toMatchObject({ blocks: 2, planned: 27, seats: 30 });
    expect(row.capacity_used).toBeCloseTo(0.9);
  });

  it("answers null (no seats) for a range before the teacher existed", async () => {
    const row = await rowOf("imported", TUE, TUE);
    expect(row).toMatchObject({ blocks: 1, planned: 0, seats: 0, capacity_used: null });
  });
});
