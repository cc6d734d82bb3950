/** @jest-environment node */
import { eq, inArray } from "drizzle-orm";
import { GET as auditRoute } from "@/app/api/audit/route";
import { GET as mappingsRoute } from "@/app/api/imports/mappings/route";
import { GET as importRoute } from "@/app/api/imports/[id]/route";
import { PUT as settingsRoute } from "@/app/api/settings/route";
import { PUT as updateStaffRoute } from "@/app/api/staff/[id]/route";
import { POST as createStaffRoute } from "@/app/api/staff/route";
import { PUT as updateStudentRoute } from "@/app/api/students/[id]/route";
import { POST as createStudentRoute } from "@/app/api/students/route";
import { insertAudit } from "@/db/queries/audit";
import { updateSettingValue } from "@/db/queries/settings";
import { importMappings, staff, students } from "@/db/schema";
import { headersKey } from "@/lib/imports/fields";
import { runPendingJobs } from "@/lib/jobs/runner.server";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, TEST_PASSWORD, tokenFor } from "../helpers/factories";
import { call, callForm } from "../helpers/http";
import { POST as staffUpload } from "@/app/api/staff/upload/route";
import { POST as studentUpload } from "@/app/api/students/upload/route";
import { csvFile } from "../helpers/imports";

/**
 * A school information system's export imports as it is (columns ignored, more
 * fields mapped, the mapping remembered), titles include Mx. and none, and the school's grade range is
 * a setting.
 */

const state = useTestDb();
const tokens = {} as Record<"admin" | "teacher", string>;

beforeAll(async () => {
  tokens.admin = await tokenFor(state.db, await createAdmin(state.db));
  tokens.teacher = await tokenFor(state.db, await createStaff(state.db));
});

afterEach(async () => {
  await updateSettingValue(state.db, "grade_min", "8");
  await updateSettingValue(state.db, "grade_max", "12");
});

type Kind = "students" | "staff";

function send(
  kind: Kind,
  file: File,
  fields: { mapping?: unknown; headers?: string; headerRow?: boolean; dryRun?: boolean; update?: boolean },
  token = tokens.admin,
) {
  const form = new FormData();
  form.append("file", file);
  if (fields.mapping !== undefined)
    form.append(
      "mapping",
      typeof fields.mapping === "string" ? fields.mapping : JSON.stringify(fields.mapping),
    );
  if (fields.headers !== undefined) form.append("headers", fields.headers);
  if (fields.headerRow) form.append("header_row", "true");
  if (fields.dryRun) form.append("dry_run", "true");
  else form.append("password", TEST_PASSWORD);
  if (fields.update) form.append("update_existing", "true");
  return callForm(kind === "students" ? studentUpload : staffUpload, { token, form });
}

async function reportOf(importId: number) {
  await runPendingJobs(state.db);
  const report = await call(importRoute, { token: tokens.admin, params: { id: String(importId) } });
  expect(report.status).toBe(200);
  return report.body as {
    created: number;
    updated: number;
    skipped: number;
    report_rows: { row: number; outcome: string; reason: string | null; key: string }[];
  };
}

const remembered = (kind: Kind, key: string, token = tokens.admin) =>
  call(mappingsRoute, { token, query: { kind, headers_key: key } });

/** A 14-column student export as a school information system writes it. */
const STUDENT_HEADER = [
  "School ID",
  "Student ID",
  "Legal Last",
  "Legal First",
  "Middle",
  "Preferred",
  "Grade Level",
  "Gender",
  "Birthdate",
  "Homeroom",
  "Student Email",
  "Locker",
  "Bus",
  "Counselor",
];
const STUDENT_MAPPING = [
  null,
  "student_number",
  "last_name",
  "first_name",
  null,
  "preferred_first_name",
  "grade",
  null,
  null,
  "homeroom",
  "email",
  null,
  null,
  null,
];

describe("a 14-column student export", () => {
  let lovelace: Awaited<ReturnType<typeof createStaff>>;
  let turing: Awaited<ReturnType<typeof createStaff>>;

  beforeAll(async () => {
    lovelace = await createStaff(state.db, {
      email: "ada.lovelace@sis.school",
      title: "Mx.",
      first_name: "Ada",
      last_name: "Lovelace",
    });
    turing = await createStaff(state.db, {
      email: "alan.turing@sis.school",
      first_name: "Alan",
      last_name: "Turing",
    });
    // Two staff members with one name: a homeroom naming them must use an email.
    await createStaff(state.db, { email: "sam.lee1@sis.school", first_name: "Sam", last_name: "Lee" });
    await createStaff(state.db, { email: "sam.lee2@sis.school", first_name: "Sam", last_name: "Lee" });
    await createStudent(state.db, { student_number: "8800999", email: "taken@sis.school" });
  });

  const row = (cells: Record<number, string>) =>
    Array.from({ length: 14 }, (_, i) => {
      const cell = cells[i] ?? `x${i}`;
      return cell.includes(",") ? `"${cell}"` : cell;
    }).join(",");

  const file = () =>
    csvFile(
      [
        STUDENT_HEADER.join(","),
        row({
          1: "8800001",
          2: "Castellano",
          3: "Maya",
          5: "Mia",
          6: "9",
          9: "Lovelace, Ada",
          10: "Maya.C@SIS.school",
        }),
        row({ 1: "8800002", 2: "Okafor", 3: "Chidi", 5: "", 6: "12", 9: "alan.turing@sis.school", 10: "" }),
        row({ 1: "8800003", 2: "Ng", 3: "Bo", 5: "", 6: "10", 9: "Mx. Lovelace", 10: "bo@sis.school" }),
        row({ 1: "8800004", 2: "Park", 3: "Di", 5: "", 6: "11", 9: "Sam Lee", 10: "" }),
        row({ 1: "8800005", 2: "Oh", 3: "Cy", 5: "", 6: "10", 9: "Nobody Here", 10: "" }),
        row({ 1: "8800006", 2: "Roe", 3: "Jo", 5: "", 6: "7", 9: "", 10: "" }),
        row({ 1: "8800007", 2: "Poe", 3: "Ed", 5: "", 6: "10", 9: "", 10: "taken@sis.school" }),
        row({ 1: "8800008", 2: "Fox", 3: "Al", 5: "", 6: "10", 9: "", 10: "maya.c@sis.school" }),
        row({ 1: "8800009", 2: "Day", 3: "Vi", 5: "", 6: "9", 9: "", 10: "" }),
      ],
      "sis-students.csv",
    );

  it("imports with its other columns ignored, names the row of each problem, and remembers the mapping", async () => {
    const key = headersKey(STUDENT_HEADER);
    expect((await remembered("students", key)).body).toMatchObject({ mapping: null });

    const dry = await send("students", file(), { mapping: STUDENT_MAPPING, headerRow: true, dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ header_skipped: true, rows: 9, created: 4, skipped: 5 });
    expect(
      Object.fromEntries(dry.body.errors.map((e: { row: number; reason: string }) => [e.row, e.reason])),
    ).toEqual({
      5: "homeroom Sam Lee names more than one staff member: use their email",
      6: "homeroom Nobody Here is not a staff member's",
      7: "grade 7 is not 8–12",
      8: "email taken@sis.school belongs to another student",
      9: "duplicate email maya.c@sis.school (also on row 2)",
    });
    // A dry run remembers nothing.
    expect((await remembered("students", key)).body.mapping).toBeNull();

    const res = await send("students", file(), { mapping: STUDENT_MAPPING, headerRow: true });
    expect(res.status).toBe(202);
    const report = await reportOf(res.body.import_id);
    expect(report).toMatchObject({ created: 4, skipped: 5 });

    const rows = await state.db
      .select()
      .from(students)
      .where(inArray(students.student_number, ["8800001", "8800002", "8800003", "8800009"]));
    const byNumber = Object.fromEntries(rows.map((s) => [s.student_number, s]));
    expect(byNumber["8800001"]).toMatchObject({
      first_name: "Maya",
      last_name: "Castellano",
      preferred_first_name: "Mia",
      grade: 9,
      email: "maya.c@sis.school",
      default_teacher_id: lovelace.staff.id,
    });
    expect(byNumber["8800002"]).toMatchObject({
      preferred_first_name: null,
      email: null,
      default_teacher_id: turing.staff.id,
    });
    expect(byNumber["8800003"]).toMatchObject({
      default_teacher_id: lovelace.staff.id,
      email: "bo@sis.school",
    });
    expect(byNumber["8800009"]).toMatchObject({ default_teacher_id: null });

    const saved = await remembered("students", key);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ kind: "students", headers_key: key, mapping: STUDENT_MAPPING });
    // The key ignores case and spaces around the names, as the wizard computes it.
    expect(
      (await remembered("students", headersKey(STUDENT_HEADER.map((h) => ` ${h.toUpperCase()} `)))).body
        .mapping,
    ).toEqual(STUDENT_MAPPING);
    expect((await remembered("staff", key)).body.mapping).toBeNull();
  });

  it("updates email, preferred name and homeroom of existing students when asked, and not otherwise", async () => {
    const lines = [
      STUDENT_HEADER.join(","),
      row({
        1: "8800009",
        2: "Day",
        3: "Vi",
        5: "Violet",
        6: "10",
        9: "ada.lovelace@sis.school",
        10: "vi@sis.school",
      }),
    ];
    const unchanged = await send("students", csvFile(lines), {
      mapping: STUDENT_MAPPING,
      headerRow: true,
      dryRun: true,
    });
    expect(unchanged.body).toMatchObject({ updated: 0, unchanged: 1 });
    expect(unchanged.body.existing[0].reason).toMatch(
      /not updated \(grade 9 → 10, default teacher none → ada\.lovelace@sis\.school, email none → vi@sis\.school, preferred first name none → Violet\)/,
    );
    const res = await send("students", csvFile(lines), {
      mapping: STUDENT_MAPPING,
      headerRow: true,
      update: true,
    });
    expect((await reportOf(res.body.import_id)).updated).toBe(1);
    const [vi] = await state.db.select().from(students).where(eq(students.student_number, "8800009"));
    expect(vi).toMatchObject({
      grade: 10,
      preferred_first_name: "Violet",
      email: "vi@sis.school",
      default_teacher_id: lovelace.staff.id,
    });
  });

  it("takes grades from the school's range setting", async () => {
    await updateSettingValue(state.db, "grade_min", "7");
    const lines = [
      STUDENT_HEADER.join(","),
      row({ 1: "8800006", 2: "Roe", 3: "Jo", 5: "", 6: "7", 9: "", 10: "" }),
    ];
    const dry = await send("students", csvFile(lines), {
      mapping: STUDENT_MAPPING,
      headerRow: true,
      dryRun: true,
    });
    expect(dry.body).toMatchObject({ created: 1, skipped: 0 });
    await updateSettingValue(state.db, "grade_min", "0");
    await updateSettingValue(state.db, "grade_max", "6");
    const high = await send("students", csvFile(lines), {
      mapping: STUDENT_MAPPING,
      headerRow: true,
      dryRun: true,
    });
    expect(high.body.errors[0].reason).toBe("grade 7 is not 0–6");
  });

  it("refuses a header row whose column count is not the mapping's, and mappings that break the rules (422)", async () => {
    const short = await send("students", file(), {
      mapping: STUDENT_MAPPING.slice(0, 12),
      headerRow: true,
      dryRun: true,
    });
    expect(short.status).toBe(422);
    expect(short.body.message).toMatch(/has 14 columns, but 12 were matched/);
    for (const mapping of [
      STUDENT_MAPPING.map((f) => (f === "email" ? "student_number" : f)), // twice
      STUDENT_MAPPING.map((f) => (f === "grade" ? null : f)), // a required field missing
      STUDENT_MAPPING.map((f) => (f === "email" ? "locker" : f)), // unknown
      STUDENT_MAPPING.map((f, i) => (i === 0 ? "default_teacher_email" : f)), // homeroom both ways
      "not json",
      "{}",
      [],
    ]) {
      const res = await send("students", file(), { mapping, headerRow: true, dryRun: true });
      expect([res.status, Object.keys(res.body.errors ?? {})]).toEqual([422, ["mapping"]]);
    }
  });

  it("keeps the spec's request shape: headers with an empty field for an ignored column", async () => {
    const res = await send(
      "students",
      csvFile(["first_name,ignored,last_name,grade,student_number", "Lu,whatever,Wu,9,8800100"]),
      { headers: "first_name,,last_name,grade,student_number", dryRun: true },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ header_skipped: true, rows: 1, created: 1 });
  });

  it("GET /api/imports/mappings is for administrators, and checks its query", async () => {
    expect((await remembered("students", "x", tokens.teacher)).status).toBe(403);
    expect(
      (await call(mappingsRoute, { token: tokens.admin, query: { kind: "parents", headers_key: "x" } }))
        .status,
    ).toBe(422);
    expect((await call(mappingsRoute, { token: tokens.admin, query: { kind: "staff" } })).status).toBe(422);
  });
});

describe("a 10-column staff export", () => {
  const HEADER = [
    "Staff ID",
    "Prefix",
    "First",
    "Last",
    "Middle",
    "Email Address",
    "Dept",
    "Room",
    "Phone",
    "Advisory",
  ];
  const MAPPING = [
    null,
    "title",
    "first_name",
    "last_name",
    null,
    "email",
    null,
    null,
    null,
    "takes_students",
  ];

  it("imports with a blank title left blank, Mx. kept, and the mapping remembered", async () => {
    const file = csvFile(
      [
        HEADER.join(","),
        "T1,Mx.,Ada,Lovelace,A,ada.l@staff.school,Math,101,555,yes",
        "T2,,Grace,Hopper,B,grace.h@staff.school,CS,102,555,no",
        "T3,Sir,Sam,Knight,,sam.k@staff.school,Art,103,555,yes",
      ],
      "sis-staff.csv",
    );
    const res = await send("staff", file, { mapping: MAPPING, headerRow: true });
    expect(res.status).toBe(202);
    const report = await reportOf(res.body.import_id);
    expect(report).toMatchObject({ created: 2, skipped: 1 });
    expect(report.report_rows.find((r) => r.row === 4)!.reason).toMatch(
      /^title Sir is not one of .*Mx\..* \(or blank\)$/,
    );
    const rows = await state.db
      .select({ email: staff.email, title: staff.title, takes: staff.takes_students })
      .from(staff)
      .where(inArray(staff.email, ["ada.l@staff.school", "grace.h@staff.school"]));
    expect(Object.fromEntries(rows.map((r) => [r.email, [r.title, r.takes]]))).toEqual({
      "ada.l@staff.school": ["Mx.", true],
      "grace.h@staff.school": ["", false],
    });
    const [saved] = await state.db
      .select()
      .from(importMappings)
      .where(eq(importMappings.headers_key, headersKey(HEADER)));
    expect(saved).toMatchObject({ kind: "staff", mapping: MAPPING });
  });

  it("imports without a title column: new staff get none, existing ones keep theirs", async () => {
    await createStaff(state.db, {
      email: "kept.title@staff.school",
      title: "Dr.",
      first_name: "Kay",
      last_name: "Old",
    });
    const mapping = MAPPING.map((f) => (f === "title" ? null : f));
    const file = csvFile([
      HEADER.join(","),
      "T4,Ms.,Kay,New,,kept.title@staff.school,Math,101,555,yes",
      "T5,Ms.,Lu,Wu,,lu.wu@staff.school,Math,101,555,yes",
    ]);
    const res = await send("staff", file, { mapping, headerRow: true, update: true });
    expect(await reportOf(res.body.import_id)).toMatchObject({ created: 1, updated: 1 });
    const rows = await state.db
      .select({ email: staff.email, title: staff.title, last: staff.last_name })
      .from(staff)
      .where(inArray(staff.email, ["kept.title@staff.school", "lu.wu@staff.school"]));
    expect(Object.fromEntries(rows.map((r) => [r.email, [r.title, r.last]]))).toEqual({
      "kept.title@staff.school": ["Dr.", "New"],
      "lu.wu@staff.school": ["", "Wu"],
    });
  });
});

describe("titles and grades in the person dialogs' API", () => {
  const newStaff = (over: Record<string, unknown>) => ({
    email: `p${Math.random().toString(36).slice(2, 8)}@test.school`,
    first_name: "Ada",
    last_name: "Lovelace",
    title: "Mx.",
    initials: "AL",
    administrator: false,
    password: TEST_PASSWORD,
    ...over,
  });

  it("accepts Mx. and no title, and refuses a title outside the list", async () => {
    const mx = await call(createStaffRoute, { token: tokens.admin, body: newStaff({}) });
    expect(mx.status).toBe(201);
    const none = await call(createStaffRoute, { token: tokens.admin, body: newStaff({ title: "" }) });
    expect(none.status).toBe(201);
    // A blank title prints nicely: "Lovelace, Ada", not " Lovelace, Ada".
    expect([mx.body.title, mx.body.name]).toEqual(["Mx.", "Mx. Lovelace, Ada"]);
    expect([none.body.title, none.body.name]).toEqual(["", "Lovelace, Ada"]);
    const [row] = await state.db.select().from(staff).where(eq(staff.id, none.body.id));
    expect(row!.title).toBe("");
    const sir = await call(createStaffRoute, { token: tokens.admin, body: newStaff({ title: "Sir" }) });
    expect([sir.status, Object.keys(sir.body.errors)]).toEqual([422, ["title"]]);
    const edit = await call(updateStaffRoute, {
      token: tokens.admin,
      params: { id: String(row!.id) },
      body: { first_name: "Ada", last_name: "Lovelace", title: "Mx.", initials: "AL" },
    });
    expect(edit.status).toBe(200);
  });

  it("checks a student's grade against the school's range, answering 422 naming it", async () => {
    const body = (grade: number, number: string) => ({
      first_name: "Kim",
      last_name: "Range",
      initials: "KR",
      student_number: number,
      grade,
      password: TEST_PASSWORD,
    });
    const outside = await call(createStudentRoute, { token: tokens.admin, body: body(7, "8810001") });
    expect(outside.status).toBe(422);
    expect(outside.body.errors.grade).toEqual(["Choose a grade from 8 to 12."]);

    await updateSettingValue(state.db, "grade_min", "0");
    const kinder = await call(createStudentRoute, { token: tokens.admin, body: body(0, "8810002") });
    expect(kinder.status).toBe(201);
    const thirteen = await call(createStudentRoute, { token: tokens.admin, body: body(13, "8810003") });
    expect(thirteen.body.errors.grade).toEqual(["Choose a grade from K to 12."]);

    // Editing: a grade outside the range is refused; one left as it is stays, even when the range moved.
    await updateSettingValue(state.db, "grade_min", "8");
    const [kim] = await state.db.select().from(students).where(eq(students.student_number, "8810002"));
    const put = (grade: number) =>
      call(updateStudentRoute, {
        token: tokens.admin,
        params: { id: String(kim!.id) },
        body: { first_name: "Kimberly", last_name: "Range", initials: "KR", grade },
      });
    expect((await put(0)).status).toBe(200);
    const moved = await put(5);
    expect(moved.status).toBe(422);
    expect(moved.body.errors.grade).toEqual(["Choose a grade from 8 to 12."]);
    expect((await put(9)).status).toBe(200);
  });

  it("offers the range and Seniors' first grade as settings, numbers from -1 to 13", async () => {
    const ok = await call(settingsRoute, {
      token: tokens.admin,
      body: { values: { seniors_from_grade: 12, grade_min: -1 } },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.values).toMatchObject({
      seniors_from_grade: { value: 12 },
      grade_min: { value: -1 },
      grade_max: { value: 12 },
    });
    const bad = await call(settingsRoute, { token: tokens.admin, body: { values: { grade_max: 14 } } });
    expect(bad.status).toBe(422);
    await call(settingsRoute, { token: tokens.admin, body: { values: { seniors_from_grade: 11 } } });
  });
});

it('names a staff member without a title as "Lovelace, Ada" in the audit log too', async () => {
  const member = await createAdmin(state.db, { title: "", first_name: "Ada", last_name: "Lovelace" });
  await insertAudit(state.db, { actor_user_id: member.user.id, action: "settings.update", details: {} });
  const res = await call(auditRoute, { token: tokens.admin, query: { actor: String(member.user.id) } });
  expect(res.status).toBe(200);
  expect(res.body.entries[0].actor.name).toBe("Lovelace, Ada");
});
