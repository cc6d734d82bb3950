/** @jest-environment node */
import { GET as statusOn } from "@/app/api/check-in/status/[date]/route";
import { GET as powerSchedulerOptions } from "@/app/api/power-scheduler/options/route";
import { GET as sisRoute } from "@/app/api/reports/sis-export/route";
import { GET as search } from "@/app/api/search/route";
import { GET as staffScheduleOn } from "@/app/api/staff/[id]/schedule/[date]/route";
import { PUT as updateStudent } from "@/app/api/students/[id]/route";
import { GET as studentProfileRoute } from "@/app/api/students/profile/[id]/route";
import { GET as studentsRoute } from "@/app/api/students/route";
import type { StudentListItem } from "@/lib/people/lists.server";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { addDays } from "@/lib/core/time";
import { setSchoolYear, setSetting } from "../helpers/schedule-factories";
import { createCheckIn, createFocusBlock, createPlan, weekdayDate } from "../helpers/timetable-factories";

/** A student's preferred first name is shown wherever their name is; the profile shows both. */

const state = useTestDb();
const tokens: Record<string, string> = {};
let teacher: Awaited<ReturnType<typeof createStaff>>;
let jay: Awaited<ReturnType<typeof createStudent>>;
let plain: Awaited<ReturnType<typeof createStudent>>;

beforeAll(async () => {
  teacher = await createStaff(state.db, { first_name: "Ada", last_name: "Lovelace" });
  tokens.teacher = await tokenFor(state.db, teacher);
  tokens.admin = await tokenFor(state.db, await createAdmin(state.db));
  jay = await createStudent(state.db, {
    first_name: "Jonathan",
    preferred_first_name: "Jay",
    last_name: "Quimby",
    initials: "JQ",
  });
  plain = await createStudent(state.db, { first_name: "Abe", last_name: "Quimby", initials: "AQ" });
});

const profileOf = (id: number, token = tokens.teacher) =>
  call(studentProfileRoute, { token, params: { id: String(id) } });
const put = (id: number, body: unknown, token = tokens.admin) =>
  call(updateStudent, { token, method: "PUT", params: { id: String(id) }, body });
const baseBody = { first_name: "Jonathan", last_name: "Quimby", initials: "JQ", grade: 8 };

describe("a preferred first name", () => {
  it("is the name GET /api/students shows (and sorts by); a student without one keeps their first name", async () => {
    const { status, body } = await call<StudentListItem[]>(studentsRoute, { token: tokens.teacher });
    expect(status).toBe(200);
    const mine = body.filter((s) => s.last_name === "Quimby");
    expect(mine.map((s) => [s.first_name, s.name])).toEqual([
      ["Abe", "Abe Quimby"],
      ["Jay", "Jay Quimby"],
    ]);
    expect(JSON.stringify(body)).not.toContain("Jonathan");
  });

  it("finds the student in search by either name, shown under the preferred one", async () => {
    for (const query of ["jay", "jonathan", "jay quim", "jonathan quim"]) {
      const res = await call(search, { token: tokens.teacher, query: { query } });
      expect(res.status).toBe(200);
      expect(res.body.results.students).toEqual([
        expect.objectContaining({ id: jay.student.id, first_name: "Jay", last_name: "Quimby" }),
      ]);
    }
  });

  it("is the name the check-in status shows for a planned student", async () => {
    const focus = await createFocusBlock(state.db, { days: [2, 3, 4, 5], start: "09:26", end: "10:06" });
    const date = weekdayDate(3);
    await createPlan(state.db, { student_id: jay.student.id, staff_id: teacher.staff.id, block_id: focus.id, date });
    const res = await call(statusOn, {
      token: tokens.teacher,
      params: { date },
      path: `/api/check-in/status/${date}`,
    });
    expect(res.status).toBe(200);
    const planned = res.body.blocks.flatMap((entry: { planned: { student: { id: number; name: string } }[] }) =>
      entry.planned.map((p) => p.student),
    );
    expect(planned).toEqual([expect.objectContaining({ id: jay.student.id, name: "Jay Quimby" })]);

    // The teacher's week calendar shows the planned student under the preferred name too.
    const week = await call(staffScheduleOn, {
      token: tokens.teacher,
      params: { id: String(teacher.staff.id), date },
    });
    expect(week.status).toBe(200);
    const names = week.body.schedule
      .flatMap((day: { blocks: { planned?: { student: { name: string } }[] }[] }) => day.blocks)
      .flatMap((block: { planned?: { student: { name: string } }[] }) => block.planned ?? [])
      .map((p: { student: { name: string } }) => p.student.name);
    expect(names).toEqual(["Jay Quimby"]);
  });

  it("is the name reports show (the SIS export)", async () => {
    const day = weekdayDate(2, -1);
    await setSchoolYear(state.db, 120, 60);
    await setSetting(state.db, "attendance_from", addDays(day, -7));
    const focus = await createFocusBlock(state.db, { days: [1, 2, 3, 4, 5], start: "11:00", end: "11:40" });
    const pat = await createStudent(state.db, {
      first_name: "Patricia",
      preferred_first_name: "Pat",
      last_name: "Report",
      student_number: "5550001",
      attends_from: day,
      // Enrolled the week before: attendance counts from the first Focus Block after the account existed.
      created_at: new Date(`${addDays(day, -7)}T12:00:00Z`),
    });
    await createCheckIn(state.db, { student_id: pat.student.id, block_id: focus.id, date: day, staff_id: teacher.staff.id });
    const res = await call(sisRoute, { token: tokens.admin, query: { from: day, to: day } });
    expect(res.status).toBe(200);
    const text = res.body as string;
    expect(text).toContain(`${day},5550001,Pat Report,`);
    expect(text).not.toContain("Patricia");
  });

  it("is the name the Power Scheduler's student choices show", async () => {
    const res = await call(powerSchedulerOptions, { token: tokens.admin });
    expect(res.status).toBe(200);
    const quimbys = res.body.students.filter((s: { last_name: string }) => s.last_name === "Quimby");
    expect(quimbys.map((s: { first_name: string }) => s.first_name)).toEqual(["Abe", "Jay"]);
  });

  it("the profile answers the legal first name, the preferred one and the display name", async () => {
    const res = await profileOf(jay.student.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      first_name: "Jonathan",
      preferred_first_name: "Jay",
      last_name: "Quimby",
      name: "Jay Quimby",
    });
    const other = await profileOf(plain.student.id);
    expect(other.body).toMatchObject({ first_name: "Abe", preferred_first_name: null, name: "Abe Quimby" });
  });

  it("PUT /api/students/{id} sets, keeps (absent) and clears (null or blank) it, with the first name's rules", async () => {
    const set = await put(plain.student.id, { ...baseBody, first_name: "Abraham", preferred_first_name: " Abe " });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ first_name: "Abe", name: "Abe Quimby" });
    expect((await profileOf(plain.student.id)).body).toMatchObject({
      first_name: "Abraham",
      preferred_first_name: "Abe",
      name: "Abe Quimby",
    });

    // Absent keeps it.
    expect((await put(plain.student.id, { ...baseBody, first_name: "Abraham", initials: "AB" })).status).toBe(200);
    expect((await profileOf(plain.student.id)).body.preferred_first_name).toBe("Abe");

    // Blank clears it, as null does.
    const cleared = await put(plain.student.id, { ...baseBody, first_name: "Abraham", preferred_first_name: "  " });
    expect(cleared.status).toBe(200);
    expect(cleared.body.name).toBe("Abraham Quimby");
    expect((await profileOf(plain.student.id)).body.preferred_first_name).toBeNull();
    await put(plain.student.id, { ...baseBody, first_name: "Abraham", preferred_first_name: "Abe" });
    await put(plain.student.id, { ...baseBody, first_name: "Abraham", preferred_first_name: null });
    expect((await profileOf(plain.student.id)).body.preferred_first_name).toBeNull();

    // The first name's rules: no invisible characters, at most 100 characters, text only.
    for (const bad of ["Ab\u202Ee", "x".repeat(101), 42]) {
      const res = await put(plain.student.id, { ...baseBody, preferred_first_name: bad });
      expect(res.status).toBe(422);
      expect(res.body.errors.preferred_first_name).toEqual([expect.stringContaining("preferred first name")]);
    }
    expect((await profileOf(plain.student.id)).body.preferred_first_name).toBeNull();
  });

  it("only administrators may set it", async () => {
    const res = await put(jay.student.id, { ...baseBody, preferred_first_name: "J" }, tokens.teacher);
    expect(res.status).toBe(403);
    expect((await profileOf(jay.student.id)).body.preferred_first_name).toBe("Jay");
  });
});
