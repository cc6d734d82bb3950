/** @jest-environment node */
import { eq } from "drizzle-orm";
import { GET as profileRoute } from "@/app/api/students/profile/[id]/route";
import { PUT as updateStudentRoute } from "@/app/api/students/[id]/route";
import { POST as createStudentRoute } from "@/app/api/students/route";
import { students } from "@/db/schema";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, TEST_PASSWORD, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

/** The default (homeroom) teacher on the student form and profile (whom default placement gives the student). */
const state = useTestDb();
let admin: Awaited<ReturnType<typeof createAdmin>>;
let teacher: Awaited<ReturnType<typeof createStaff>>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  admin = await createAdmin(state.db);
  teacher = await createStaff(state.db, { title: "Ms.", first_name: "Amara", last_name: "Okafor" });
  tokens.admin = await tokenFor(state.db, admin);
  tokens.teacher = await tokenFor(state.db, teacher);
});

const newStudent = (over: Record<string, unknown> = {}) => ({
  first_name: "Ada",
  last_name: "Byron",
  initials: "AB",
  student_number: "0700123",
  grade: 9,
  password: TEST_PASSWORD,
  ...over,
});

describe("the default teacher", () => {
  it("is set when an administrator adds a student, and shown to staff on the profile", async () => {
    const res = await call(createStudentRoute, { token: tokens.admin, body: newStudent({ default_teacher_id: teacher.staff.id }) });
    expect(res.status).toBe(201);
    const [row] = await state.db.select().from(students).where(eq(students.student_number, "0700123"));
    expect(row!.default_teacher_id).toBe(teacher.staff.id);
    const profile = await call(profileRoute, { token: tokens.teacher, params: { id: String(row!.id) } });
    expect(profile.status).toBe(200);
    expect(profile.body.default_teacher).toEqual({ id: teacher.staff.id, name: "Ms. Okafor, Amara" });
  });

  it("is changed and cleared by an administrator, and left alone when absent", async () => {
    const kid = await createStudent(state.db, { first_name: "Kim", last_name: "Lee", initials: "KL", grade: 10 });
    const put = (body: Record<string, unknown>, token = tokens.admin!) =>
      call(updateStudentRoute, {
        token,
        method: "PUT",
        params: { id: String(kid.student.id) },
        body: { first_name: "Kim", last_name: "Lee", initials: "KL", grade: 10, ...body },
      });
    expect((await put({ default_teacher_id: teacher.staff.id })).status).toBe(200);
    const teacherOf = async () =>
      (await state.db.select().from(students).where(eq(students.id, kid.student.id)))[0]!.default_teacher_id;
    expect(await teacherOf()).toBe(teacher.staff.id);
    expect((await put({})).status).toBe(200);
    expect(await teacherOf()).toBe(teacher.staff.id);
    expect((await put({ default_teacher_id: null })).status).toBe(200);
    expect(await teacherOf()).toBeNull();
    expect((await put({ default_teacher_id: teacher.staff.id }, tokens.teacher)).status).toBe(403);
  });

  it("must be a staff member (422)", async () => {
    const res = await call(createStudentRoute, {
      token: tokens.admin,
      body: newStudent({ student_number: "0700999", default_teacher_id: 999999 }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.default_teacher_id).toEqual(["Choose a teacher from the list."]);
    expect((await call(createStudentRoute, { token: tokens.admin, body: newStudent({ student_number: "0700998", default_teacher_id: "x" }) })).status).toBe(422);
  });

  it("is not shown to the student", async () => {
    const kid = await createStudent(state.db, { default_teacher_id: teacher.staff.id });
    const token = await tokenFor(state.db, kid);
    const res = await call(profileRoute, { token, params: { id: "self" } });
    expect(res.status).toBe(200);
    expect(res.body.default_teacher).toBeUndefined();
  });
});
