/** @jest-environment node */
import { eq } from "drizzle-orm";
import { PUT as updateStudentRoute } from "@/app/api/students/[id]/route";
import { GET as profileRoute } from "@/app/api/students/profile/[id]/route";
import { POST as createStudentRoute } from "@/app/api/students/route";
import { students } from "@/db/schema";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, TEST_PASSWORD, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

/** A student's optional email (single sign-on matches on it): set, cleared, lower-cased, unique among students. */

const state = useTestDb();
let adminToken: string;

beforeAll(async () => {
  adminToken = await tokenFor(state.db, await createAdmin(state.db));
});

type Student = Awaited<ReturnType<typeof createStudent>>;
const put = (token: string, student: Student, extra: Record<string, unknown>) =>
  call(updateStudentRoute, {
    token,
    method: "PUT",
    params: { id: String(student.student.id) },
    body: {
      first_name: student.student.first_name,
      last_name: student.student.last_name,
      initials: student.student.initials,
      grade: student.student.grade,
      ...extra,
    },
  });
const emailOf = async (student: Student) =>
  (await state.db.select().from(students).where(eq(students.id, student.student.id)))[0]!.email;

describe("PUT /api/students/{id} with email", () => {
  it("sets it lower-cased, leaves it when absent, and clears it with null or blank", async () => {
    const student = await createStudent(state.db);
    expect((await put(adminToken, student, { email: " Jane.Doe@Students.Test " })).status).toBe(200);
    expect(await emailOf(student)).toBe("jane.doe@students.test");
    expect((await put(adminToken, student, {})).status).toBe(200);
    expect(await emailOf(student)).toBe("jane.doe@students.test");
    expect((await put(adminToken, student, { email: null })).status).toBe(200);
    expect(await emailOf(student)).toBeNull();
    await put(adminToken, student, { email: "again@students.test" });
    expect((await put(adminToken, student, { email: "  " })).status).toBe(200);
    expect(await emailOf(student)).toBeNull();
  });

  it("refuses another student's email, in any case, with 422 and changes nothing", async () => {
    const owner = await createStudent(state.db);
    const other = await createStudent(state.db);
    await put(adminToken, owner, { email: "owner@students.test" });
    await put(adminToken, other, { email: "mine@students.test" });
    for (const email of ["owner@students.test", "OWNER@Students.Test"]) {
      const res = await put(adminToken, other, { email });
      expect(res.status).toBe(422);
      expect(res.body.errors.email).toEqual(["That email is already used by another student."]);
    }
    expect(await emailOf(other)).toBe("mine@students.test");
  });

  it("refuses a malformed email (422) and a teacher (403)", async () => {
    const student = await createStudent(state.db);
    const bad = await put(adminToken, student, { email: "not an email" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.email).toBeDefined();
    const teacherToken = await tokenFor(state.db, await createStaff(state.db));
    expect((await put(teacherToken, student, { email: "t@students.test" })).status).toBe(403);
    expect(await emailOf(student)).toBeNull();
  });
});

describe("POST /api/students with email (the Add Student dialog)", () => {
  const create = (student_number: string, extra: Record<string, unknown>) =>
    call(createStudentRoute, {
      token: adminToken,
      body: {
        first_name: "Ama",
        last_name: "Mensah",
        initials: "AM",
        grade: 9,
        student_number,
        password: TEST_PASSWORD,
        ...extra,
      },
    });
  const byNumber = async (number: string) =>
    (await state.db.select().from(students).where(eq(students.student_number, number)))[0];

  it("creates the student with the email lower-cased, or none when blank or absent", async () => {
    expect((await create("7700001", { email: " Ama.Mensah@Students.Test " })).status).toBe(201);
    expect((await byNumber("7700001"))!.email).toBe("ama.mensah@students.test");
    expect((await create("7700002", { email: "" })).status).toBe(201);
    expect((await byNumber("7700002"))!.email).toBeNull();
    expect((await create("7700003", {})).status).toBe(201);
    expect((await byNumber("7700003"))!.email).toBeNull();
  });

  it("refuses another student's email (any case) and a malformed one with 422 on email, creating nobody", async () => {
    const taken = await create("7700011", { email: "OWNER.New@students.test" });
    expect(taken.status).toBe(201);
    const again = await create("7700012", { email: "owner.new@Students.Test" });
    expect(again.status).toBe(422);
    expect(again.body.errors.email).toEqual(["That email is already used by another student."]);
    expect(await byNumber("7700012")).toBeUndefined();
    const bad = await create("7700013", { email: "not an email" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.email).toBeDefined();
    expect(await byNumber("7700013")).toBeUndefined();
  });

  it("the profile answers the email to staff (for the Edit dialog), not to the student", async () => {
    const student = await createStudent(state.db);
    await put(adminToken, student, { email: "profile@students.test" });
    const asAdmin = await call(profileRoute, {
      token: adminToken,
      params: { id: String(student.student.id) },
    });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.email).toBe("profile@students.test");
    const other = await createStudent(state.db);
    const none = await call(profileRoute, { token: adminToken, params: { id: String(other.student.id) } });
    expect(none.body.email).toBeNull();
    const own = await call(profileRoute, {
      token: await tokenFor(state.db, student),
      params: { id: "self" },
    });
    expect(own.status).toBe(200);
    expect(own.body).not.toHaveProperty("email");
  });
});
