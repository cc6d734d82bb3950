/** @jest-environment node */
import { parse } from "csv-parse/sync";
import { POST as createApiToken } from "@/app/api/api-tokens/route";
import { GET as unscheduledRoute } from "@/app/api/placement/unscheduled/route";
import { GET as attendanceRoute } from "@/app/api/reports/attendance/route";
import { GET as sisRoute } from "@/app/api/reports/sis-export/route";
import { GET as profileRoute } from "@/app/api/students/profile/[id]/route";
import { GET as studentsRoute } from "@/app/api/students/route";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, TEST_PASSWORD, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createWeekTimetable, setSetting } from "../helpers/schedule-factories";
import { createCheckIn, createPlan, weekdayDate } from "../helpers/timetable-factories";

/**
 * The show-student-numbers setting, one rule everywhere a student number is shown or
 * exported to staff (lib/people/lists.server.ts studentNumbersFor). A teacher sees none while it is off and
 * every one while it is on; administrators, sysadmins and API tokens always see them; a student never
 * sees their own on the profile. Each view is read by every viewer with the setting off, then on.
 */
const state = useTestDb();

const NUMBER = "4815162342";
const LAST_WEEK = { from: weekdayDate(1, -1), to: weekdayDate(5, -1) };
const FUTURE_THURSDAY = weekdayDate(4, 3);
const tokens: Record<string, string> = {};
let studentId: number;

beforeAll(async () => {
  const db = state.db;
  const { focus } = await createWeekTimetable(db);
  const teacher = await createStaff(db, { first_name: "Tess", last_name: "Teacher" });
  const admin = await createAdmin(db);
  const student = await createStudent(db, {
    first_name: "Nora",
    last_name: "Number",
    student_number: NUMBER,
    default_teacher_id: teacher.staff.id,
    created_at: new Date(`${weekdayDate(1, -3)}T12:00:00Z`),
  });
  studentId = student.student.id;
  // Last week: planned with the teacher on Tuesday and checked in by them (so the teacher's reports hold her).
  await createPlan(db, { student_id: studentId, staff_id: teacher.staff.id, block_id: focus.id, date: weekdayDate(2, -1) });
  await createCheckIn(db, { student_id: studentId, staff_id: teacher.staff.id, block_id: focus.id, date: weekdayDate(2, -1) });
  await setSetting(db, "placement_cutoff", "08:00");
  await setSetting(db, "attendance_from", weekdayDate(1, -3));
  tokens.teacher = await tokenFor(db, teacher);
  tokens.admin = await tokenFor(db, admin);
  tokens.sysadmin = await tokenFor(db, await createSysadmin(db));
  tokens.student = await tokenFor(db, student);
  const made = await call(createApiToken, {
    token: tokens.admin,
    body: { name: "SIS", scopes: ["reports:read"], password: TEST_PASSWORD },
  });
  expect(made.status).toBe(201);
  tokens.apiToken = made.body.token;
});

/** Every view that can carry a student number, as the text of its answer (JSON or CSV). */
const VIEWS: Record<string, (token: string) => Promise<{ status: number; text: string; number: unknown }>> = {
  "the student list": async (token) => {
    const res = await call(studentsRoute, { token });
    return { status: res.status, text: JSON.stringify(res.body), number: res.body.find?.((s: { id: number }) => s.id === studentId)?.student_number };
  },
  "the profile": async (token) => {
    const res = await call(profileRoute, { token, params: { id: String(studentId) } });
    return { status: res.status, text: JSON.stringify(res.body), number: res.body.student_number };
  },
  "the Unscheduled list": async (token) => {
    const res = await call(unscheduledRoute, { token, query: { date: FUTURE_THURSDAY } });
    return { status: res.status, text: JSON.stringify(res.body), number: res.body.students?.[0]?.student_number };
  },
  "the report by student": async (token) => {
    const res = await call(attendanceRoute, { token, query: { ...LAST_WEEK, group_by: "student" } });
    return { status: res.status, text: JSON.stringify(res.body), number: res.body.rows?.[0]?.student.student_number };
  },
  "a student's drill-down": async (token) => {
    const res = await call(attendanceRoute, {
      token,
      query: { ...LAST_WEEK, group_by: "student", student_id: String(studentId) },
    });
    return { status: res.status, text: JSON.stringify(res.body), number: res.body.rows?.[0]?.student.student_number };
  },
  "the report by student as CSV": async (token) => {
    const res = await call(attendanceRoute, { token, query: { ...LAST_WEEK, group_by: "student", format: "csv" } });
    const rows = parse(String(res.body).replace(/^\ufeff/, ""), { columns: true }) as Record<string, string>[];
    return { status: res.status, text: String(res.body), number: rows[0]?.student_number || null };
  },
  "the SIS export": async (token) => {
    const res = await call(sisRoute, { token, query: LAST_WEEK });
    const rows = parse(String(res.body).replace(/^\ufeff/, ""), { columns: true }) as Record<string, string>[];
    expect(rows.length).toBeGreaterThan(0);
    return { status: res.status, text: String(res.body), number: rows[0]?.student_number || null };
  },
};

describe.each(Object.keys(VIEWS))("%s", (name) => {
  const view = VIEWS[name]!;

  it("shows a teacher no student number while show-student-numbers is off, and every one once it is on", async () => {
    await setSetting(state.db, "show-student-numbers", "false");
    const off = await view(tokens.teacher!);
    expect(off.status).toBe(200);
    expect(off.number).toBeNull();
    expect(off.text).not.toContain(NUMBER);
    await setSetting(state.db, "show-student-numbers", "true");
    const on = await view(tokens.teacher!);
    expect(on.status).toBe(200);
    expect(on.number).toBe(NUMBER);
    await setSetting(state.db, "show-student-numbers", "false");
  });

  it("always shows administrators and sysadmins the number", async () => {
    await setSetting(state.db, "show-student-numbers", "false");
    for (const token of [tokens.admin!, tokens.sysadmin!]) {
      const res = await view(token);
      expect(res.status).toBe(200);
      expect(res.number).toBe(NUMBER);
    }
  });
});

describe("API tokens and students", () => {
  it("an API token (made by an administrator, for the school's systems) gets the numbers in reports and the SIS export", async () => {
    await setSetting(state.db, "show-student-numbers", "false");
    for (const name of ["the report by student", "the report by student as CSV", "the SIS export"]) {
      const res = await VIEWS[name]!(tokens.apiToken!);
      expect([name, res.status, res.number]).toEqual([name, 200, NUMBER]);
    }
  });

  it("a student never sees a number on their own profile, whatever the setting", async () => {
    for (const value of ["false", "true"]) {
      await setSetting(state.db, "show-student-numbers", value);
      const res = await call(profileRoute, { token: tokens.student, params: { id: "self" } });
      expect(res.status).toBe(200);
      expect(res.body.student_number).toBeNull();
    }
    await setSetting(state.db, "show-student-numbers", "false");
  });
});
