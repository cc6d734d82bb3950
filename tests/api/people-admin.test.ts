/** @jest-environment node */
import { and, eq } from "drizzle-orm";
import { POST as checkInRoute } from "@/app/api/check-in/route";
import { POST as loginRoute } from "@/app/api/login/route";
import { GET as searchRoute } from "@/app/api/search/route";
import { PUT as updateStaffRoute } from "@/app/api/staff/[id]/route";
import { GET as staffListRoute, POST as createStaffRoute } from "@/app/api/staff/route";
import { POST as archiveRoute } from "@/app/api/students/[id]/archive/route";
import { POST as restoreRoute } from "@/app/api/students/[id]/restore/route";
import { PUT as updateStudentRoute } from "@/app/api/students/[id]/route";
import { GET as studentProfileRoute } from "@/app/api/students/profile/[id]/route";
import { GET as studentListRoute, POST as createStudentRoute } from "@/app/api/students/route";
import { auditLog, sessions, staff, students, users } from "@/db/schema";
import { useTestDb } from "../helpers/db";
import {
  createAdmin,
  createStaff,
  createStudent,
  createSysadmin,
  TEST_PASSWORD,
  tokenFor,
} from "../helpers/factories";
import { call } from "../helpers/http";
import { createFocusBlock, WED, WEEKDAYS } from "../helpers/timetable-factories";

const state = useTestDb();
const tokens: Record<"admin" | "teacher" | "sysadmin" | "student", string> = {} as never;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let sysadmin: Awaited<ReturnType<typeof createSysadmin>>;

beforeAll(async () => {
  admin = await createAdmin(state.db);
  sysadmin = await createSysadmin(state.db);
  tokens.admin = await tokenFor(state.db, admin);
  tokens.teacher = await tokenFor(state.db, await createStaff(state.db));
  tokens.sysadmin = await tokenFor(state.db, sysadmin);
  tokens.student = await tokenFor(state.db, await createStudent(state.db));
});

const newStaff = (over: Record<string, unknown> = {}) => ({
  email: "Grace.Hopper@Test.School",
  first_name: "Grace",
  last_name: "Hopper",
  title: "Dr.",
  initials: "gh",
  administrator: false,
  password: TEST_PASSWORD,
  ...over,
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
const auditOf = (action: string) => state.db.select().from(auditLog).where(eq(auditLog.action, action));

describe("POST /api/staff", () => {
  it("creates the account and the staff member, answering the list item and an initial password once", async () => {
    const res = await call(createStaffRoute, { token: tokens.admin, body: newStaff() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      first_name: "Grace",
      last_name: "Hopper",
      name: "Dr. Hopper, Grace",
      title: "Dr.",
      email: "grace.hopper@test.school",
      initials: "GH",
      administrator: false,
    });
    expect(res.body.initial_password).toMatch(/^[A-Za-z0-9]{14}$/);
    const [user] = await state.db.select().from(users).where(eq(users.username, "grace.hopper@test.school"));
    expect(user!.password_expired).toBe(true);
    expect(user!.password_hash).not.toContain(res.body.initial_password);
    expect(await auditOf("staff.create")).toEqual([
      expect.objectContaining({ actor_user_id: admin.user.id, target_user_id: user!.id }),
    ]);

    // The new teacher signs in with it, and must change it first.
    const login = await call(loginRoute, {
      body: { username: "grace.hopper@test.school", password: res.body.initial_password },
    });
    expect(login.status).toBe(200);
  });

  it("answers 409 in the email field for an email already taken, and creates nothing", async () => {
    const before = await state.db.select().from(staff);
    const res = await call(createStaffRoute, {
      token: tokens.admin,
      body: newStaff({ email: "GRACE.hopper@test.school" }),
    });
    expect(res.status).toBe(409);
    expect(res.body.errors.email).toEqual(["A staff member with this email address already exists."]);
    expect(await state.db.select().from(staff)).toHaveLength(before.length);
  });

  it("answers 401 for a wrong password, 422 for bad fields, 403 for teachers and students", async () => {
    const wrong = await call(createStaffRoute, {
      token: tokens.admin,
      body: newStaff({ email: "x@test.school", password: "nope" }),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe("bad_credentials");
    const bad = await call(createStaffRoute, {
      token: tokens.admin,
      body: newStaff({ email: "not-an-email", first_name: "", title: "Sir", initials: "ABC" }),
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["email", "first_name", "initials", "title"]);
    expect((await call(createStaffRoute, { token: tokens.admin, rawBody: "{" })).status).toBe(400);
    expect(
      (await call(createStaffRoute, { token: tokens.teacher, body: newStaff({ email: "t@test.school" }) }))
        .status,
    ).toBe(403);
    expect(
      (await call(createStaffRoute, { token: tokens.student, body: newStaff({ email: "s@test.school" }) }))
        .status,
    ).toBe(403);
    expect(await state.db.select().from(users).where(eq(users.username, "x@test.school"))).toHaveLength(0);
  });

  it("lets a sysadmin create an administrator, with the title defaulting only in the form", async () => {
    const res = await call(createStaffRoute, {
      token: tokens.sysadmin,
      body: newStaff({ email: "boss@test.school", administrator: true, title: "Mr." }),
    });
    expect(res.status).toBe(201);
    expect(res.body.administrator).toBe(true);
  });
});

describe("POST /api/students", () => {
  it("creates a student with their number kept as text (leading zeros) and an expired initial password", async () => {
    const res = await call(createStudentRoute, { token: tokens.admin, body: newStudent() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      first_name: "Ada",
      last_name: "Byron",
      name: "Ada Byron",
      grade: 9,
      initials: "AB",
      archived: false,
    });
    expect(res.body).not.toHaveProperty("student_number");
    const [row] = await state.db.select().from(students).where(eq(students.student_number, "0700123"));
    expect(row!.id).toBe(res.body.id);
    const [user] = await state.db.select().from(users).where(eq(users.id, row!.user_id));
    expect(user).toMatchObject({ username: "0700123", password_expired: true, account_type: "student" });
    expect(await auditOf("student.create")).toHaveLength(1);
  });

  it("takes the spec's payload without a password (the spec's original client sends none): the student fields alone, the initial password shown once", async () => {
    const { password: _none, ...spec } = newStudent({ student_number: "0700999", first_name: "Grace" });
    const res = await call(createStudentRoute, { token: tokens.admin, body: spec });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ first_name: "Grace", last_name: "Byron", initial_password: expect.any(String) });
    expect(res.body.initial_password.length).toBeGreaterThanOrEqual(8);
    const [row] = await state.db.select().from(students).where(eq(students.student_number, "0700999"));
    const [user] = await state.db.select().from(users).where(eq(users.id, row!.user_id));
    expect(user).toMatchObject({ username: "0700999", password_expired: true });
    // A password that is sent is still checked.
    const wrong = await call(createStudentRoute, {
      token: tokens.admin,
      body: newStudent({ student_number: "0700998", password: "not-my-password" }),
    });
    expect(wrong.status).toBe(401);
  });

  it("lets a teacher add a student, as the spec's client does, but not set the school email single sign-on signs in with", async () => {
    const { password: _none, ...spec } = newStudent({ student_number: "0700997", first_name: "Hedy" });
    const res = await call(createStudentRoute, { token: tokens.teacher, body: spec });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ first_name: "Hedy", initial_password: expect.any(String) });
    expect(await auditOf("student.create")).toEqual(expect.arrayContaining([expect.objectContaining({ details: expect.objectContaining({ student_number: "0700997" }) })]));
    // With their password confirming, as the Add Student dialog sends it.
    expect((await call(createStudentRoute, { token: tokens.teacher, body: newStudent({ student_number: "0700996" }) })).status).toBe(201);
    const withEmail = await call(createStudentRoute, {
      token: tokens.teacher,
      body: { ...spec, student_number: "0700995", email: "hedy@students.test.school" },
    });
    expect(withEmail.status).toBe(403);
    expect(withEmail.body.errors.email).toEqual(["Only an administrator sets a student's school email: single sign-on signs the student in with it."]);
    expect(await state.db.select().from(students).where(eq(students.student_number, "0700995"))).toEqual([]);
    // Students still may not.
    expect((await call(createStudentRoute, { token: tokens.student, body: { ...spec, student_number: "0700994" } })).status).toBe(403);
  });

  it("answers 409 in the student number field for a number already used", async () => {
    const res = await call(createStudentRoute, {
      token: tokens.admin,
      body: newStudent({ first_name: "Other" }),
    });
    expect(res.status).toBe(409);
    expect(res.body.errors.student_number).toEqual(["A student with this student number already exists."]);
  });

  it("refuses grades outside what a school can have (-1 to 13), numbers that are not digits and a missing password", async () => {
    const res = await call(createStudentRoute, {
      token: tokens.admin,
      body: newStudent({ student_number: "12a", grade: 14, password: "" }),
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(["grade", "password", "student_number"]);
    expect(
      (await call(createStudentRoute, { token: tokens.student, body: newStudent({ student_number: "5" }) }))
        .status,
    ).toBe(403);
  });
});

describe("PUT /api/staff/{id} and /api/students/{id}", () => {
  it("edits a staff member and records what changed", async () => {
    const member = await createStaff(state.db, { first_name: "Alan", last_name: "Turing", title: "Mr." });
    const res = await call(updateStaffRoute, {
      token: tokens.admin,
      params: { id: String(member.staff.id) },
      body: { first_name: "Alan", last_name: "Turing", title: "Prof.", initials: "at", administrator: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: "Prof.",
      initials: "AT",
      administrator: true,
      name: "Prof. Turing, Alan",
    });
    const [entry] = await auditOf("staff.update");
    expect(entry!.details).toEqual({
      staff_id: member.staff.id,
      changes: { title: ["Mr.", "Prof."], initials: ["TT", "AT"], administrator: [false, true] },
    });
  });

  it("keeps the administrator flag when it is left out, and never lets admins remove their own", async () => {
    const res = await call(updateStaffRoute, {
      token: tokens.admin,
      params: { id: String(admin.staff.id) },
      body: { first_name: "Ann", last_name: "Admin", title: "Ms.", initials: "AA" },
    });
    expect(res.body.administrator).toBe(true);
    const own = await call(updateStaffRoute, {
      token: tokens.admin,
      params: { id: String(admin.staff.id) },
      body: { first_name: "Ann", last_name: "Admin", title: "Ms.", initials: "AA", administrator: false },
    });
    expect(own.status).toBe(409);
    expect(own.body.errors.administrator).toBeDefined();
  });

  it("lets only a sysadmin remove another administrator's flag, and audits it", async () => {
    const other = await createAdmin(state.db, { first_name: "Omar", last_name: "Other", title: "Mr." });
    const demote = (token: string) =>
      call(updateStaffRoute, {
        token,
        params: { id: String(other.staff.id) },
        body: { first_name: "Omar", last_name: "Other", title: "Mr.", initials: "OO", administrator: false },
      });
    const refused = await demote(tokens.admin);
    expect(refused.status).toBe(403);
    expect(refused.body.errors.administrator).toEqual(["Only a system administrator can remove an administrator's role."]);
    const [row] = await state.db.select().from(staff).where(eq(staff.id, other.staff.id));
    expect(row!.administrator).toBe(true);

    const done = await demote(tokens.sysadmin);
    expect(done.status).toBe(200);
    expect(done.body.administrator).toBe(false);
    const entries = await auditOf("staff.update");
    expect(entries.find((e) => e.target_user_id === other.user.id)).toMatchObject({
      actor_user_id: sysadmin.user.id,
      details: { staff_id: other.staff.id, changes: expect.objectContaining({ administrator: [true, false] }) },
    });
  });

  it("edits a student's names and grade; 404 unknown, 422 bad id, 403 teacher", async () => {
    const { student } = await createStudent(state.db, { first_name: "Sam", last_name: "Lee", grade: 10 });
    const res = await call(updateStudentRoute, {
      token: tokens.sysadmin,
      params: { id: String(student.id) },
      body: { first_name: "Samantha", last_name: "Lee", initials: "SL", grade: "11" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ first_name: "Samantha", grade: 11 });
    const [entry] = await auditOf("student.update");
    expect(entry).toMatchObject({
      actor_user_id: sysadmin.user.id,
      target_user_id: student.user_id,
      details: {
        student_id: student.id,
        changes: expect.objectContaining({ first_name: ["Sam", "Samantha"] }),
      },
    });
    const body = { first_name: "A", last_name: "B", initials: "AB", grade: 9 };
    expect(
      (await call(updateStudentRoute, { token: tokens.admin, params: { id: "999999" }, body })).status,
    ).toBe(404);
    expect((await call(updateStudentRoute, { token: tokens.admin, params: { id: "x" }, body })).status).toBe(
      422,
    );
    expect(
      (await call(updateStudentRoute, { token: tokens.teacher, params: { id: String(student.id) }, body }))
        .status,
    ).toBe(403);
  });
});

describe("archiving a student", () => {
  it("hides them from the list, search and check-in, locks sign-in, and restores all of it", async () => {
    await createFocusBlock(state.db, { days: WEEKDAYS, start: "09:26", end: "10:06" });
    const leaver = await createStudent(state.db, {
      first_name: "Quincy",
      last_name: "Leaver",
      student_number: "4455667",
    });
    const leaverToken = await tokenFor(state.db, leaver);
    const id = { id: String(leaver.student.id) };

    const archived = await call(archiveRoute, { token: tokens.admin, params: id });
    expect(archived.status).toBe(200);
    expect(archived.body.archived).toBe(true);

    const list = await call(studentListRoute, { token: tokens.admin });
    expect(list.body.map((s: { id: number }) => s.id)).not.toContain(leaver.student.id);
    const search = await call(searchRoute, { token: tokens.admin, query: { query: "Leaver" } });
    expect(search.body.results.students).toEqual([]);
    const checkIn = await call(checkInRoute, {
      token: tokens.admin,
      body: { chips: [{ value: "4455667" }], type: "student_number", date: WED },
    });
    expect(checkIn.body.success).toEqual([]);
    expect(checkIn.body.errors).toEqual(["4455667"]);
    // The profile (history) is still there for staff, marked archived.
    const profile = await call(studentProfileRoute, { token: tokens.admin, params: id });
    expect(profile.body.archived).toBe(true);
    // Sign-in is locked and the sessions are gone.
    expect(await state.db.select().from(sessions).where(eq(sessions.user_id, leaver.user.id))).toHaveLength(
      0,
    );
    expect((await call(studentProfileRoute, { token: leaverToken, params: { id: "self" } })).status).toBe(
      401,
    );
    expect((await call(loginRoute, { body: { username: "4455667", password: TEST_PASSWORD } })).status).toBe(
      423,
    );
    // Twice changes nothing more.
    await call(archiveRoute, { token: tokens.admin, params: id });
    expect(await auditOf("student.archive")).toHaveLength(1);

    const restored = await call(restoreRoute, { token: tokens.admin, params: id });
    expect(restored.body.archived).toBe(false);
    expect(
      (await call(studentListRoute, { token: tokens.admin })).body.map((s: { id: number }) => s.id),
    ).toContain(leaver.student.id);
    expect((await call(loginRoute, { body: { username: "4455667", password: TEST_PASSWORD } })).status).toBe(
      200,
    );
    expect(await auditOf("student.restore")).toHaveLength(1);
  });

  it("keeps an administrator's own lock on the account when restoring", async () => {
    const locked = await createStudent(state.db, { disabled_at: new Date(Date.now() - 60_000) });
    const id = { id: String(locked.student.id) };
    await call(archiveRoute, { token: tokens.admin, params: id });
    await call(restoreRoute, { token: tokens.admin, params: id });
    const [user] = await state.db
      .select()
      .from(users)
      .where(and(eq(users.id, locked.user.id)));
    expect(user!.disabled_at).not.toBeNull();
  });

  it("is for administrators and sysadmins only", async () => {
    const { student } = await createStudent(state.db);
    expect(
      (await call(archiveRoute, { token: tokens.teacher, params: { id: String(student.id) } })).status,
    ).toBe(403);
    expect((await call(archiveRoute, { token: tokens.admin, params: { id: "999999" } })).status).toBe(404);
    expect(
      (await call(restoreRoute, { token: tokens.sysadmin, params: { id: String(student.id) } })).status,
    ).toBe(200);
  });
});

it("lists the new staff member in GET /api/staff", async () => {
  const res = await call(staffListRoute, { token: tokens.teacher });
  expect(res.body.map((s: { email: string }) => s.email)).toContain("grace.hopper@test.school");
});

describe("names", () => {
  it("keeps every script and accent in names, and refuses invisible characters that could disguise one", async () => {
    const real = [
      ["Élodie", "Bélanger-Nguyễn"],
      ["محمد\u200Cرضا", "Karimi"], // a zero-width non-joiner is part of Persian spelling
      ["Zoë", "O'Brien"],
    ];
    for (const [i, [first_name, last_name]] of real.entries()) {
      const res = await call(createStudentRoute, {
        token: tokens.admin,
        body: newStudent({ first_name, last_name, student_number: `88100${i}` }),
      });
      expect({ name: first_name, status: res.status }).toEqual({ name: first_name, status: 201 });
      expect(res.body.first_name).toBe(first_name);
    }
    for (const [i, disguised] of ["\u202Enrub", "Ann\u200Be", "\u2066Bob\u2069", "Eve\u200F", "Ma\uFEFFx"].entries()) {
      const res = await call(createStudentRoute, {
        token: tokens.admin,
        body: newStudent({ last_name: disguised, student_number: `88200${i}` }),
      });
      expect({ name: JSON.stringify(disguised), status: res.status }).toEqual({ name: JSON.stringify(disguised), status: 422 });
      expect(res.body.errors.last_name).toEqual(["The last name contains invisible characters that are not allowed in a name."]);
    }
    const staffRes = await call(createStaffRoute, { token: tokens.admin, body: newStaff({ first_name: "Gr\u202Eace" }) });
    expect(staffRes.status).toBe(422);
    expect(staffRes.body.errors.first_name).toBeDefined();
  });
});
