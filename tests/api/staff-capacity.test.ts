/** @jest-environment node */
import { and, eq, inArray } from "drizzle-orm";
import { GET as importRoute } from "@/app/api/imports/[id]/route";
import { POST as bulkRoute } from "@/app/api/staff/bulk/route";
import { PUT as updateStaffRoute } from "@/app/api/staff/[id]/route";
import { GET as staffProfileRoute } from "@/app/api/staff/profile/[id]/route";
import { GET as staffListRoute } from "@/app/api/staff/route";
import { PUT as updateStudentRoute } from "@/app/api/students/[id]/route";
import { POST as schedulePlanRoute } from "@/app/api/students/schedule-plan/route";
import { POST as studentStaffListRoute } from "@/app/api/students/staff-list/route";
import { auditLog, plans, staff } from "@/db/schema";
import { runPendingJobs } from "@/lib/jobs/runner.server";
import type { StaffListItem } from "@/lib/people/lists.server";
import { placeDay } from "@/lib/placement/service.server";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { csvFile, upload } from "../helpers/imports";
import { createWeekTimetable } from "../helpers/schedule-factories";
import { WED } from "../helpers/timetable-factories";

/**
 * Who takes Focus Block students (office staff take none): an administrator sets any staff member's capacity
 * and takes_students, one at a time (PUT /api/staff/{id}) or many at once (POST /api/staff/bulk); a
 * staff member who does not take students is not offered to students, not a default placement target,
 * and a student's plan with them is refused. The staff CSV may carry both columns.
 */

const state = useTestDb();
const tokens = {} as Record<"admin" | "teacher" | "sysadmin" | "student", string>;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let teacher: Awaited<ReturnType<typeof createStaff>>;
let office: Awaited<ReturnType<typeof createStaff>>;
let principal: Awaited<ReturnType<typeof createStaff>>;
let student: Awaited<ReturnType<typeof createStudent>>;
let focus: { id: number };

beforeAll(async () => {
  const db = state.db;
  ({ focus } = await createWeekTimetable(db));
  admin = await createAdmin(db, { first_name: "Alma", last_name: "Admin" });
  teacher = await createStaff(db, { title: "Ms.", first_name: "Ada", last_name: "Lovelace", capacity: 25 });
  office = await createStaff(db, { title: "Mrs.", first_name: "Olive", last_name: "Office" });
  principal = await createStaff(db, { title: "Dr.", first_name: "Pat", last_name: "Principal" });
  student = await createStudent(db, { first_name: "Jane", last_name: "Doe" });
  tokens.admin = await tokenFor(db, admin);
  tokens.teacher = await tokenFor(db, teacher);
  tokens.sysadmin = await tokenFor(db, await createSysadmin(db));
  tokens.student = await tokenFor(db, student);
});

const staffRow = async (id: number) => (await state.db.select().from(staff).where(eq(staff.id, id)))[0]!;
const namesOf = (member: Awaited<ReturnType<typeof createStaff>>) => ({
  first_name: member.staff.first_name,
  last_name: member.staff.last_name,
  title: member.staff.title,
  initials: member.staff.initials,
});
const put = (
  token: string,
  member: Awaited<ReturnType<typeof createStaff>>,
  extra: Record<string, unknown>,
) =>
  call(updateStaffRoute, {
    token,
    method: "PUT",
    params: { id: String(member.staff.id) },
    body: { ...namesOf(member), ...extra },
  });
const bulk = (token: string, body: unknown) => call(bulkRoute, { token, body });
const updatesOf = (staffId: number) =>
  state.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "staff.update")))
    .then((rows) => rows.filter((row) => (row.details as { staff_id?: number }).staff_id === staffId));

describe("PUT /api/staff/{id} with capacity and takes_students", () => {
  it("lets an administrator set both, answers them, and audits the change", async () => {
    const res = await put(tokens.admin, office, { capacity: 0, takes_students: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: office.staff.id, capacity: 0, takes_students: false });
    expect(await staffRow(office.staff.id)).toMatchObject({ capacity: 0, takes_students: false });
    const audits = await updatesOf(office.staff.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actor_user_id: admin.user.id,
      target_user_id: office.user.id,
      details: { staff_id: office.staff.id, changes: { capacity: [30, 0], takes_students: [true, false] } },
    });
    // The same values again change nothing and write no audit entry.
    expect((await put(tokens.admin, office, { capacity: 0, takes_students: false })).status).toBe(200);
    expect(await updatesOf(office.staff.id)).toHaveLength(1);
  });

  it("lets a sysadmin set them too; without the fields each stays as it is", async () => {
    const res = await put(tokens.sysadmin, teacher, { capacity: 40 });
    expect(res.status).toBe(200);
    expect(await staffRow(teacher.staff.id)).toMatchObject({ capacity: 40, takes_students: true });
    expect((await put(tokens.sysadmin, teacher, {})).status).toBe(200);
    expect(await staffRow(teacher.staff.id)).toMatchObject({ capacity: 40, takes_students: true });
    await put(tokens.admin, teacher, { capacity: 25 });
  });

  it("answers 422 with field errors for a capacity out of 0..500, a fraction or text, and a non-boolean flag", async () => {
    for (const [extra, field, message] of [
      [{ capacity: -1 }, "capacity", "Capacity cannot be negative."],
      [{ capacity: 501 }, "capacity", "Capacity can be at most 500."],
      [{ capacity: 2.5 }, "capacity", "Capacity must be a whole number."],
      [{ capacity: "lots" }, "capacity", "Capacity must be a whole number."],
      [{ takes_students: "maybe" }, "takes_students", "Takes Focus Block students is true or false."],
    ] as const) {
      const res = await put(tokens.admin, principal, extra);
      expect(res.status).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
    }
    expect(await staffRow(principal.staff.id)).toMatchObject({ capacity: 30, takes_students: true });
  });

  it("is refused to a teacher (403), even for their own capacity, and to a student", async () => {
    expect((await put(tokens.teacher, teacher, { capacity: 99 })).status).toBe(403);
    expect((await put(tokens.teacher, office, { takes_students: true })).status).toBe(403);
    expect((await put(tokens.student, office, { takes_students: true })).status).toBe(403);
    expect(await staffRow(teacher.staff.id)).toMatchObject({ capacity: 25 });
    expect(await staffRow(office.staff.id)).toMatchObject({ takes_students: false });
  });
});

describe("POST /api/staff/bulk", () => {
  it("sets both for many staff members in one go, auditing each one that changed", async () => {
    const a = await createStaff(state.db, { capacity: 30 });
    const b = await createStaff(state.db, { capacity: 12, takes_students: false });
    const c = await createStaff(state.db, { capacity: 12 });
    const res = await bulk(tokens.admin, {
      ids: [a.staff.id, b.staff.id, c.staff.id, a.staff.id],
      capacity: 12,
      takes_students: false,
    });
    expect(res.status).toBe(200);
    // b already had both values: two of the three changed.
    expect(res.body.updated).toBe(2);
    expect(res.body.staff.map((s: StaffListItem) => [s.id, s.capacity, s.takes_students])).toEqual([
      [a.staff.id, 12, false],
      [b.staff.id, 12, false],
      [c.staff.id, 12, false],
    ]);
    for (const member of [a, b, c]) {
      expect(await staffRow(member.staff.id)).toMatchObject({ capacity: 12, takes_students: false });
    }
    expect((await updatesOf(a.staff.id))[0]).toMatchObject({
      actor_user_id: admin.user.id,
      target_user_id: a.user.id,
      details: { changes: { capacity: [30, 12], takes_students: [true, false] }, bulk: true },
    });
    expect(await updatesOf(b.staff.id)).toEqual([]);
    expect((await updatesOf(c.staff.id))[0]!.details).toMatchObject({
      changes: { takes_students: [true, false] },
    });

    // Only one of the two: the other stays.
    const only = await bulk(tokens.sysadmin, { ids: [a.staff.id, c.staff.id], takes_students: true });
    expect(only.status).toBe(200);
    expect(await staffRow(a.staff.id)).toMatchObject({ capacity: 12, takes_students: true });
  });

  it("answers 422 naming ids that are no staff member's, and writes nothing", async () => {
    const a = await createStaff(state.db, { capacity: 30 });
    const before = (await state.db.select().from(auditLog)).length;
    const res = await bulk(tokens.admin, { ids: [a.staff.id, 987654, 987655], capacity: 5 });
    expect(res.status).toBe(422);
    expect(res.body.errors.ids).toEqual(["These ids are not a staff member's: 987654, 987655."]);
    expect(await staffRow(a.staff.id)).toMatchObject({ capacity: 30 });
    expect(await state.db.select().from(auditLog)).toHaveLength(before);
  });

  it("answers 422 for no ids, no values, or bad values; 400 for an unreadable body", async () => {
    const a = await createStaff(state.db);
    const cases: [unknown, string][] = [
      [{ ids: [], capacity: 5 }, "ids"],
      [{ capacity: 5 }, "ids"],
      [{ ids: [a.staff.id] }, "body"],
      [{ ids: [a.staff.id], capacity: 501 }, "capacity"],
      [{ ids: [a.staff.id], takes_students: "no" }, "takes_students"],
      [{ ids: ["x"], capacity: 5 }, "ids.0"],
    ];
    for (const [body, field] of cases) {
      const res = await bulk(tokens.admin, body);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    expect((await call(bulkRoute, { token: tokens.admin, rawBody: "{" })).status).toBe(400);
  });

  it("is refused to teachers and students (403) and signed-out callers (401)", async () => {
    const a = await createStaff(state.db, { capacity: 30 });
    expect((await bulk(tokens.teacher, { ids: [a.staff.id], capacity: 1 })).status).toBe(403);
    expect((await bulk(tokens.student, { ids: [a.staff.id], capacity: 1 })).status).toBe(403);
    expect((await call(bulkRoute, { body: { ids: [a.staff.id], capacity: 1 } })).status).toBe(401);
    expect(await staffRow(a.staff.id)).toMatchObject({ capacity: 30 });
  });
});

describe("GET /api/staff and the profile", () => {
  it("carry takes_students for everyone, and capacity for administrators, sysadmins and the member themself", async () => {
    const asAdmin = await call<StaffListItem[]>(staffListRoute, { token: tokens.admin });
    const asSysadmin = await call<StaffListItem[]>(staffListRoute, { token: tokens.sysadmin });
    const asTeacher = await call<StaffListItem[]>(staffListRoute, { token: tokens.teacher });
    const find = (list: StaffListItem[], id: number) => list.find((s) => s.id === id)!;
    expect(find(asAdmin.body, office.staff.id)).toMatchObject({ capacity: 0, takes_students: false });
    expect(find(asSysadmin.body, teacher.staff.id)).toMatchObject({ capacity: 25, takes_students: true });
    expect(find(asTeacher.body, office.staff.id)).toMatchObject({ capacity: null, takes_students: false });
    expect(find(asTeacher.body, teacher.staff.id)).toMatchObject({ capacity: 25, takes_students: true });

    const profile = await call(staffProfileRoute, {
      token: tokens.teacher,
      params: { id: String(office.staff.id) },
    });
    expect(profile.body).toMatchObject({ takes_students: false, capacity: null });
    const own = await call(staffProfileRoute, {
      token: tokens.admin,
      params: { id: String(office.staff.id) },
    });
    expect(own.body).toMatchObject({ takes_students: false, capacity: 0 });
  });
});

describe("a staff member who does not take Focus Block students", () => {
  it("is not in the plan picker's list", async () => {
    const res = await call(studentStaffListRoute, {
      token: tokens.student,
      body: { block_id: focus.id, date: WED },
    });
    expect(res.status).toBe(200);
    const ids = res.body.map((row: { staff: { id: number } }) => row.staff.id);
    expect(ids).toContain(teacher.staff.id);
    expect(ids).toContain(principal.staff.id);
    expect(ids).not.toContain(office.staff.id);
  });

  it("cannot be chosen by a student: 422 with a clear message, and no plan", async () => {
    const res = await call(schedulePlanRoute, {
      token: tokens.student,
      body: { staff_id: office.staff.id, block_id: focus.id, date: WED },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      "This staff member does not take Focus Block students. Choose a teacher from the list.",
    );
    expect(res.body.errors.staff_id).toEqual([res.body.message]);
    const rows = await state.db.select().from(plans).where(eq(plans.student_id, student.student.id));
    expect(rows).toEqual([]);
    // A teacher who takes students still can be.
    const ok = await call(schedulePlanRoute, {
      token: tokens.student,
      body: { staff_id: teacher.staff.id, block_id: focus.id, date: WED },
    });
    expect(ok.status).toBe(200);
  });

  it("is not a default placement target: their students are left unplaced and counted as skipped", async () => {
    const homeroomOff = await createStaff(state.db, { takes_students: false });
    const homeroomOn = await createStaff(state.db);
    const left = await createStudent(state.db, { default_teacher_id: homeroomOff.staff.id });
    const placed = await createStudent(state.db, { default_teacher_id: homeroomOn.staff.id });
    const result = await placeDay(state.db, {
      date: WED,
      blockIds: [focus.id],
      start: "09:26",
      startsAt: new Date(Date.now() + 60_000), // after both students were made
      cutoffAt: new Date(),
    });
    expect(result).not.toBeNull();
    const made = await state.db
      .select({ student_id: plans.student_id, staff_id: plans.staff_id })
      .from(plans)
      .where(
        and(
          eq(plans.date, WED),
          eq(plans.block_id, focus.id),
          inArray(plans.student_id, [left.student.id, placed.student.id]),
        ),
      );
    expect(made).toEqual([{ student_id: placed.student.id, staff_id: homeroomOn.staff.id }]);
    // Jane chose a teacher above: the one placed, and the one whose default teacher takes no students.
    expect(result).toEqual({ date: WED, placed: 1, skipped: 1 });
  });

  it("cannot be made a student's default teacher (422); a default teacher the student already has may stay", async () => {
    const kid = await createStudent(state.db, { default_teacher_id: office.staff.id, grade: 9 });
    const body = (default_teacher_id: number | null) => ({
      first_name: kid.student.first_name,
      last_name: kid.student.last_name,
      initials: kid.student.initials,
      grade: 10,
      default_teacher_id,
    });
    const keep = await call(updateStudentRoute, {
      token: tokens.admin,
      method: "PUT",
      params: { id: String(kid.student.id) },
      body: body(office.staff.id),
    });
    expect(keep.status).toBe(200);
    const other = await createStudent(state.db);
    const refused = await call(updateStudentRoute, {
      token: tokens.admin,
      method: "PUT",
      params: { id: String(other.student.id) },
      body: { ...body(office.staff.id), first_name: "Other" },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.default_teacher_id).toEqual([
      "This staff member does not take Focus Block students: choose another default teacher.",
    ]);
  });
});

describe("the staff CSV", () => {
  it("may carry takes_students (yes/no/true/false/1/0) and capacity, and refuses other values by row", async () => {
    await createStaff(state.db, {
      email: "known@test.school",
      title: "Mr.",
      first_name: "Kay",
      last_name: "Known",
      capacity: 30,
    });
    const file = csvFile(
      [
        "email,last_name,first_name,title,takes_students,capacity",
        "front.desk@test.school,Desk,Fran,Ms.,no,0",
        "ea@test.school,Assist,Eli,Mr.,FALSE,",
        "coach@test.school,Coach,Cory,Mr.,Yes,45",
        "plain@test.school,Plain,Pia,Ms.,,",
        "one@test.school,One,Oona,Ms.,1,12",
        "bad@test.school,Bad,Bo,Mr.,maybe,20",
        "big@test.school,Big,Bea,Ms.,yes,501",
        "known@test.school,Known,Kay,Mr.,0,8",
      ],
      "staff.csv",
    );
    const res = await upload({
      token: tokens.admin,
      kind: "staff",
      file,
      headers: "email,last_name,first_name,title,takes_students,capacity",
      updateExisting: true,
    });
    expect(res.status).toBe(202);
    await runPendingJobs(state.db);
    const report = await call(importRoute, {
      token: tokens.admin,
      params: { id: String(res.body.import_id) },
    });
    expect(report.body).toMatchObject({ created: 5, updated: 1, skipped: 2 });
    const reasons = report.body.report_rows.map((r: { reason: string | null }) => r.reason);
    expect(reasons).toContain("takes Focus Block students maybe is not yes or no");
    expect(reasons).toContain("capacity 501 is not a whole number from 0 to 500");
    expect(reasons).toContain("takes Focus Block students yes → no, capacity 30 → 8");
    const rows = await state.db
      .select({ email: staff.email, capacity: staff.capacity, takes_students: staff.takes_students })
      .from(staff)
      .where(
        inArray(staff.email, [
          "front.desk@test.school",
          "ea@test.school",
          "coach@test.school",
          "plain@test.school",
          "one@test.school",
          "known@test.school",
        ]),
      );
    expect(Object.fromEntries(rows.map((r) => [r.email, [r.takes_students, r.capacity]]))).toEqual({
      "front.desk@test.school": [false, 0],
      "ea@test.school": [false, 30],
      "coach@test.school": [true, 45],
      "plain@test.school": [true, 30],
      "one@test.school": [true, 12],
      "known@test.school": [false, 8],
    });
  });
});
