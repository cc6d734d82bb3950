/** @jest-environment node */
import { eq } from "drizzle-orm";
import { POST as capacityRoute } from "@/app/api/staff/capacity/route";
import { GET as staffProfileRoute } from "@/app/api/staff/profile/[id]/route";
import { GET as studentProfileRoute } from "@/app/api/students/profile/[id]/route";
import { failingAddresses, staff } from "@/db/schema";
import type { StaffProfile, StudentProfile } from "@/lib/core/schedule/types";
import { createStudents } from "../helpers/bulk-factories";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { createCluster, star } from "../helpers/schedule-factories";
import type { Answer } from "../helpers/schedule-factories";

const state = useTestDb();

let teacher: Awaited<ReturnType<typeof createStaff>>;
let colleague: Awaited<ReturnType<typeof createStaff>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let student: Awaited<ReturnType<typeof createStudent>>;
let other: Awaited<ReturnType<typeof createStudent>>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  const db = state.db;
  teacher = await createStaff(db, {
    title: "Ms.",
    first_name: "Ada",
    last_name: "Lovelace",
    initials: "AL",
    color: "teal",
    capacity: 25,
  });
  colleague = await createStaff(db);
  admin = await createAdmin(db);
  await createStudents(db, 10);
  student = await createStudent(db, {
    first_name: "Jane",
    last_name: "Doe",
    grade: 11,
    initials: "JD",
    color: "red",
  });
  other = await createStudent(db);
  tokens.teacher = await tokenFor(db, teacher);
  tokens.colleague = await tokenFor(db, colleague);
  tokens.admin = await tokenFor(db, admin);
  tokens.student = await tokenFor(db, student);
  tokens.sysadmin = await tokenFor(db, await createSysadmin(db));
  await createCluster(db, { name: "Robotics", student_ids: [student.student.id] });
  await createCluster(db, { name: "Band", student_ids: [student.student.id] });
  await createCluster(db, { name: "Watch list", student_ids: [student.student.id], hidden: true });
  await star(db, { staff_id: colleague.staff.id, item_type: "staff", item_id: teacher.staff.id });
  await star(db, { staff_id: colleague.staff.id, item_type: "student", item_id: student.student.id });
  // A star of another type with the student's id must not count (the original's bug). Student ids
  // were pushed past the staff ids above, so no staff member has this id.
  await star(db, { staff_id: admin.staff.id, item_type: "staff", item_id: student.student.id });
});

const staffProfile = (id: number | string, token?: string) =>
  call<Answer<StaffProfile>>(staffProfileRoute, { token, params: { id: String(id) } });
const studentProfile = (id: number | string, token?: string) =>
  call<Answer<StudentProfile>>(studentProfileRoute, { token, params: { id: String(id) } });

describe("GET /api/staff/profile/{id}", () => {
  it("shows the owner their profile with capacity", async () => {
    const res = await staffProfile(teacher.staff.id, tokens.teacher);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: teacher.staff.id,
      first_name: "Ada",
      last_name: "Lovelace",
      name: "Ms. Lovelace, Ada",
      title: "Ms.",
      initials: "AL",
      color: "teal",
      administrator: false,
      email: teacher.staff.email,
      capacity: 25,
      takes_students: true,
      starred: false,
      email_refused: null,
    });
  });

  it("shows the owner and administrators an address the mail server refused for good, and other staff nothing of it", async () => {
    await state.db.insert(failingAddresses).values({ address: teacher.staff.email, error: "550 5.1.1 No such user here" });
    try {
      const own = await staffProfile(teacher.staff.id, tokens.teacher);
      expect(own.body.email_refused).toEqual({ error: "550 5.1.1 No such user here", since: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
      expect((await staffProfile(teacher.staff.id, tokens.admin)).body.email_refused).toMatchObject({ error: "550 5.1.1 No such user here" });
      expect((await staffProfile(teacher.staff.id, tokens.colleague)).body).not.toHaveProperty("email_refused");
    } finally {
      await state.db.delete(failingAddresses).where(eq(failingAddresses.address, teacher.staff.email));
    }
  });

  it("shows other staff the star and hides the capacity; admins and sysadmins see the capacity", async () => {
    const res = await staffProfile(teacher.staff.id, tokens.colleague);
    expect(res.body).toMatchObject({ starred: true, capacity: null });
    expect((await staffProfile(teacher.staff.id, tokens.admin)).body).toMatchObject({
      capacity: 25,
      starred: false,
    });
    const sys = await staffProfile(teacher.staff.id, tokens.sysadmin);
    expect(sys.status).toBe(200);
    expect(sys.body).toMatchObject({ capacity: 25, starred: false });
    expect((await staffProfile(admin.staff.id, tokens.teacher)).body.administrator).toBe(true);
  });

  it("answers 404, 422, 403 for students and 401 signed out", async () => {
    expect((await staffProfile(999999, tokens.teacher)).status).toBe(404);
    expect((await staffProfile("abc", tokens.teacher)).status).toBe(422);
    expect((await staffProfile(teacher.staff.id, tokens.student)).status).toBe(403);
    expect((await staffProfile(teacher.staff.id)).status).toBe(401);
  });
});

describe("GET /api/students/profile/{id|self}", () => {
  it("shows a student their own profile without the student number", async () => {
    const res = await studentProfile("self", tokens.student);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: student.student.id,
      first_name: "Jane",
      last_name: "Doe",
      name: "Jane Doe",
      // The preferred first name (none here); name shows it when there is one.
      preferred_first_name: null,
      grade: 11,
      initials: "JD",
      color: "red",
      clusters: [
        { id: expect.any(Number), name: "Band" },
        { id: expect.any(Number), name: "Robotics" },
      ],
      student_number: null,
      starred: false,
    });
    expect((await studentProfile(student.student.id, tokens.student)).body).toEqual(res.body);
  });

  it("shows staff every cluster and their own star; the student number to administrators and sysadmins, to teachers under show-student-numbers", async () => {
    const res = await studentProfile(student.student.id, tokens.colleague);
    // show-student-numbers is off (the default): a teacher sees no number (privacy; tests/api/student-numbers.test.ts).
    expect(res.body).toMatchObject({ student_number: null, starred: true });
    expect((await studentProfile(student.student.id, tokens.admin)).body.student_number).toBe(student.student.student_number);
    expect(res.body.clusters.map((c) => c.name)).toEqual(["Band", "Robotics", "Watch list"]);
    expect((await studentProfile(student.student.id, tokens.teacher)).body.starred).toBe(false);
    expect((await studentProfile(student.student.id, tokens.admin)).body.starred).toBe(false);
    const sys = await studentProfile(student.student.id, tokens.sysadmin);
    expect(sys.status).toBe(200);
    expect(sys.body).toMatchObject({ starred: false, student_number: student.student.student_number });
  });

  it("refuses a student someone else's profile (403), and answers 404 / 422 / 401", async () => {
    // The same 403 for an id that exists and one that does not: a student cannot probe ids.
    const existing = await studentProfile(other.student.id, tokens.student);
    const missing = await studentProfile(999999, tokens.student);
    expect(existing.status).toBe(403);
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual(existing.body);
    expect((await studentProfile(999999, tokens.teacher)).status).toBe(404);
    expect((await studentProfile("self", tokens.teacher)).status).toBe(404);
    expect((await studentProfile("me", tokens.teacher)).status).toBe(422);
    expect((await studentProfile("self")).status).toBe(401);
  });
});

describe("POST /api/staff/capacity", () => {
  const set = (capacity: unknown, token = tokens.teacher) =>
    call<Answer<StaffProfile>>(capacityRoute, { token, body: { capacity } });

  it("sets the caller's own capacity", async () => {
    const res = await set(12);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: teacher.staff.id, capacity: 12 });
    const [row] = await state.db.select().from(staff).where(eq(staff.id, teacher.staff.id));
    expect(row!.capacity).toBe(12);
    expect((await set(0)).body.capacity).toBe(0);
    expect((await set(500)).body.capacity).toBe(500);
    expect((await set("30")).body.capacity).toBe(30);
  });

  it("accepts whole numbers from 0 to 500 only (422)", async () => {
    for (const bad of [-1, 501, 2.5, "ten", null, true]) {
      const res = await set(bad);
      expect(res.status).toBe(422);
      expect(res.body.errors.capacity).toBeDefined();
    }
    expect((await call(capacityRoute, { token: tokens.teacher, rawBody: "{" })).status).toBe(400);
  });

  it("is for staff: 403 for students and sysadmins, 401 signed out", async () => {
    expect((await set(10, tokens.student)).status).toBe(403);
    expect((await set(10, tokens.sysadmin)).status).toBe(403);
    expect((await call(capacityRoute, { body: { capacity: 10 } })).status).toBe(401);
  });
});
