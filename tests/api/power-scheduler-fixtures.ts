import { eq } from "drizzle-orm";
import { POST as runRoute } from "@/app/api/power-scheduler/route";
import { POST as previewRoute } from "@/app/api/power-scheduler/preview/route";
import { GET as studentScheduleOn } from "@/app/api/students/[id]/schedule/[date]/route";
import type { Db } from "@/db";
import { amendments, appointments } from "@/db/schema";
import type { StudentScheduleResponse } from "@/lib/core/schedule/types";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createWeekTimetable } from "../helpers/schedule-factories";
import { createFocusBlock } from "../helpers/timetable-factories";

/** The school every Power Scheduler test file arranges, and the calls they make. */

export async function arrangeSchool(db: Db) {
  const { focus, course } = await createWeekTimetable(db);
  // A second flex block on Mondays and Wednesdays only, after the Focus Block.
  const clubs = await createFocusBlock(db, { label: "Clubs", days: [1, 3], start: "14:00", end: "14:45" });
  const teacher = await createStaff(db, { title: "Ms.", first_name: "Ada", last_name: "Lovelace" });
  const admin = await createAdmin(db);
  const sysadmin = await createSysadmin(db);
  const student = await createStudent(db);
  const tokens = {
    admin: await tokenFor(db, admin),
    sysadmin: await tokenFor(db, sysadmin),
    teacher: await tokenFor(db, teacher),
    student: await tokenFor(db, student),
  };
  return { focus, course, clubs, teacher, admin, sysadmin, tokens };
}

export type School = Awaited<ReturnType<typeof arrangeSchool>>;

/** A test file's database and its arranged school (filled in before the file's tests run). */
export function useArrangedSchool() {
  const state = useTestDb();
  const school = {} as School;
  beforeAll(async () => {
    Object.assign(school, await arrangeSchool(state.db));
  });
  return { state, school };
}

export const bodyFor = (school: School, body: Record<string, unknown>) => ({
  student_type: "some",
  schedule_type: "appointment",
  staff_id: school.teacher.staff.id,
  memo: "Assembly",
  ...body,
});

export const run = (school: School, body: Record<string, unknown>, token = school.tokens.admin) =>
  call(runRoute, { token, body: bodyFor(school, body) });

export const preview = (school: School, body: Record<string, unknown>, token = school.tokens.admin) =>
  call(previewRoute, { token, body: bodyFor(school, body) });

export const batchAppointments = (db: Db, batchId: number) =>
  db.select().from(appointments).where(eq(appointments.power_schedule_id, batchId)).orderBy(appointments.id);

export const batchAmendments = (db: Db, batchId: number) =>
  db.select().from(amendments).where(eq(amendments.power_schedule_id, batchId)).orderBy(amendments.id);

/** A block of a student's calendar on a date, as the student's schedule call answers it. */
export async function calendarBlock(token: string, studentId: number, date: string, blockId: number) {
  const res = await call<StudentScheduleResponse>(studentScheduleOn, {
    token,
    params: { id: String(studentId), date },
  });
  expect(res.status).toBe(200);
  const day = res.body.schedule.find((d) => d.date.iso === date);
  return day?.blocks.find((b) => b.id === blockId);
}
