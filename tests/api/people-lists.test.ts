/** @jest-environment node */
import { GET as staffRoute } from "@/app/api/staff/route";
import { GET as studentsRoute } from "@/app/api/students/route";
import type { StaffListItem, StudentListItem } from "@/lib/people/lists.server";
import { createStudents } from "../helpers/bulk-factories";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { setSetting } from "../helpers/schedule-factories";
import { statementsOf } from "../helpers/statements";

const state = useTestDb();
const tokens: Record<string, string> = {};
let ada: Awaited<ReturnType<typeof createStaff>>;
let jane: Awaited<ReturnType<typeof createStudent>>;

beforeAll(async () => {
  const db = state.db;
  // Created out of order, so the list's order comes from the query.
  await createStaff(db, { first_name: "Zoe", last_name: "Brown", initials: "ZB" });
  ada = await createStaff(db, {
    title: "Ms.",
    first_name: "Ada",
    last_name: "Lovelace",
    initials: "AL",
    color: "teal",
    email: "ada@test.school",
  });
  const admin = await createAdmin(db, { first_name: "Alan", last_name: "Brown", initials: "AB" });
  jane = await createStudent(db, {
    first_name: "Jane",
    last_name: "Doe",
    grade: 11,
    initials: "JD",
    color: "red",
  });
  await createStudent(db, { first_name: "Abe", last_name: "Doe", grade: 8, initials: "AD" });
  await createStudent(db, { first_name: "Carl", last_name: "Adams", grade: 12, initials: "CA" });
  tokens.teacher = await tokenFor(db, ada);
  tokens.admin = await tokenFor(db, admin);
  tokens.student = await tokenFor(db, jane);
  tokens.sysadmin = await tokenFor(db, await createSysadmin(db));
});

const staffList = (token?: string) => call<StaffListItem[]>(staffRoute, { token });
const studentList = (token?: string) => call<StudentListItem[]>(studentsRoute, { token });

describe("GET /api/staff", () => {
  it("lists every staff member by last, then first name, with the list fields", async () => {
    const { status, body } = await staffList(tokens.teacher);
    expect(status).toBe(200);
    expect(body.map((s) => `${s.last_name}, ${s.first_name}`)).toEqual([
      "Brown, Alan",
      "Brown, Zoe",
      "Lovelace, Ada",
    ]);
    expect(body.find((s) => s.id === ada.staff.id)).toEqual({
      id: ada.staff.id,
      first_name: "Ada",
      last_name: "Lovelace",
      name: "Ms. Lovelace, Ada",
      title: "Ms.",
      email: "ada@test.school",
      initials: "AL",
      color: "teal",
      administrator: false,
      // Her own capacity; whether she takes Focus Block students (office staff do not).
      capacity: 30,
      takes_students: true,
      // The SIS's job title and department, and the homeroom she teaches: none for a person made by hand.
      position: "",
      department: "",
      homeroom: null,
    });
    expect(body.find((s) => s.first_name === "Alan")?.administrator).toBe(true);
  });

  it("never includes passwords or users; a teacher sees no one's capacity but their own", async () => {
    const { body } = await staffList(tokens.admin);
    for (const item of body) {
      expect(Object.keys(item).sort()).toEqual(
        [
          "administrator",
          "capacity",
          "color",
          "email",
          "first_name",
          "id",
          "initials",
          "last_name",
          "name",
          "takes_students",
          "title",
          "position",
          "department",
          "homeroom",
        ].sort(),
      );
      expect(item.capacity).toBe(30);
    }
    expect(JSON.stringify(body)).not.toMatch(/password|user_id/);
    const asTeacher = await staffList(tokens.teacher);
    expect(asTeacher.body.filter((s) => s.capacity !== null).map((s) => s.id)).toEqual([ada.staff.id]);
  });

  it("is open to sysadmins", async () => {
    const { status, body } = await staffList(tokens.sysadmin);
    expect(status).toBe(200);
    expect(body).toHaveLength(3);
  });

  it("is closed to students (staff emails are for staff only) and to signed-out callers", async () => {
    const student = await staffList(tokens.student);
    expect(student.status).toBe(403);
    expect(JSON.stringify(student.body)).not.toContain("@test.school");
    expect((await staffList()).status).toBe(401);
    expect((await staffList("not-a-token")).status).toBe(401);
  });
});

describe("GET /api/students", () => {
  it("lists every student by last, then first name, with the list fields", async () => {
    const { status, body } = await studentList(tokens.teacher);
    expect(status).toBe(200);
    expect(body.map((s) => s.name)).toEqual(["Carl Adams", "Abe Doe", "Jane Doe"]);
    expect(body.find((s) => s.id === jane.student.id)).toEqual({
      id: jane.student.id,
      first_name: "Jane",
      last_name: "Doe",
      name: "Jane Doe",
      grade: 11,
      initials: "JD",
      color: "red",
      // show-student-numbers is off (the default): a teacher sees none.
      student_number: null,
    });
  });

  it("never includes passwords or users; a teacher sees no student numbers while show-student-numbers is off", async () => {
    const { body } = await studentList(tokens.teacher);
    for (const item of body) {
      expect(Object.keys(item).sort()).toEqual(
        ["color", "first_name", "grade", "id", "initials", "last_name", "name", "student_number"].sort(),
      );
      expect(item.student_number).toBeNull();
    }
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/password|username|user_id/);
    expect(text).not.toContain(jane.student.student_number);
  });

  it("includes student numbers for administrators and sysadmins always, and for teachers when show-student-numbers is on", async () => {
    const numberOf = (body: StudentListItem[]) => body.find((s) => s.id === jane.student.id)?.student_number;
    expect(numberOf((await studentList(tokens.admin)).body)).toBe(jane.student.student_number);
    expect(numberOf((await studentList(tokens.sysadmin)).body)).toBe(jane.student.student_number);
    expect(numberOf((await studentList(tokens.teacher)).body)).toBeNull();
    await setSetting(state.db, "show-student-numbers", "true");
    try {
      const { body } = await studentList(tokens.teacher);
      expect(numberOf(body)).toBe(jane.student.student_number);
      expect(body.every((s) => typeof s.student_number === "string" && s.student_number !== "")).toBe(true);
    } finally {
      await setSetting(state.db, "show-student-numbers", "false");
    }
    expect(numberOf((await studentList(tokens.teacher)).body)).toBeNull();
  });

  it("is open to sysadmins and closed to students and signed-out callers", async () => {
    expect((await studentList(tokens.sysadmin)).status).toBe(200);
    expect((await studentList(tokens.student)).status).toBe(403);
    expect((await studentList()).status).toBe(401);
  });
});

describe("statement count", () => {
  const statements = async (request: () => Promise<unknown>) =>
    (await statementsOf(tokens.teacher, request)).statements;

  it("stays the same with 3 or 53 students, and with more staff", async () => {
    const staffFew = await statements(() => staffList(tokens.teacher));
    const studentsFew = await statements(() => studentList(tokens.teacher));
    await createStudents(state.db, 50);
    for (let i = 0; i < 5; i += 1) await createStaff(state.db);
    const studentsMany = await statements(() => studentList(tokens.teacher));
    const staffMany = await statements(() => staffList(tokens.teacher));
    expect(studentsMany).toBe(studentsFew);
    expect(staffMany).toBe(staffFew);
    expect((await studentList(tokens.teacher)).body).toHaveLength(53);
  });

  it("is the same with show-student-numbers on or off, and for an administrator", async () => {
    const off = await statements(() => studentList(tokens.teacher));
    await setSetting(state.db, "show-student-numbers", "true");
    try {
      expect(await statements(() => studentList(tokens.teacher))).toBe(off);
    } finally {
      await setSetting(state.db, "show-student-numbers", "false");
    }
    expect((await statementsOf(tokens.admin, () => studentList(tokens.admin))).statements).toBe(off);
  });
});
