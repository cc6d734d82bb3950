/** @jest-environment node */
import { eq, inArray } from "drizzle-orm";
import { GET as importRoute } from "@/app/api/imports/[id]/route";
import { POST as passwordsRoute } from "@/app/api/imports/[id]/passwords/route";
import { GET as importsRoute } from "@/app/api/imports/route";
import { GET as jobRoute } from "@/app/api/jobs/[id]/route";
import { POST as loginRoute } from "@/app/api/login/route";
import { GET as inboxRoute } from "@/app/api/notifications/inbox/route";
import { POST as studentUploadRoute } from "@/app/api/students/upload/route";
import { auditLog, importPasswords, imports, jobs, staff, students, uploads, users } from "@/db/schema";
import { runPendingJobs } from "@/lib/jobs/runner.server";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import {
  STUDENT_HEADERS as STUDENT_HEADERS_FOR_TEST,
  csvFile,
  studentRows,
  upload,
} from "../helpers/imports";

const state = useTestDb();
const tokens = {} as Record<"admin" | "otherAdmin" | "teacher" | "sysadmin", string>;
/** The accounts behind tokens.admin and tokens.sysadmin (the audit log names them). */
const userIds = { admin: 0, sysadmin: 0 };

beforeAll(async () => {
  const admin = await createAdmin(state.db);
  const sysadmin = await createSysadmin(state.db);
  userIds.admin = admin.user.id;
  userIds.sysadmin = sysadmin.user.id;
  tokens.admin = await tokenFor(state.db, admin);
  tokens.otherAdmin = await tokenFor(state.db, await createAdmin(state.db));
  tokens.teacher = await tokenFor(state.db, await createStaff(state.db));
  tokens.sysadmin = await tokenFor(state.db, sysadmin);
});

const studentsWith = (numbers: string[]) =>
  state.db.select().from(students).where(inArray(students.student_number, numbers));
const importCount = async () => (await state.db.select().from(imports)).length;

describe("the dry run", () => {
  it("says what would happen, row by row, and writes nothing", async () => {
    await createStudent(state.db, {
      student_number: "5000001",
      first_name: "Kim",
      last_name: "Old",
      grade: 9,
    });
    const file = csvFile([
      "first_name,last_name,grade,student_number",
      "Ann,New,8,5000100",
      "Kim,Old,10,5000001",
      "Bob,Bad,14,5000101",
      "Cy,Dup,9,5000100",
      "Too,Few,9",
      "Too,Many,9,5000102,extra",
      "Trailing,Comma,9,5000103,",
    ]);
    const before = await importCount();
    const res = await upload({ token: tokens.admin, file, dryRun: true, password: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      dry_run: true,
      header_skipped: true,
      rows: 7,
      created: 2,
      updated: 0,
      unchanged: 1,
      skipped: 4,
    });
    expect(res.body.errors).toEqual([
      { row: 4, name: "Bob Bad", key: "5000101", reason: "grade 14 is not 8–12" },
      { row: 5, name: "Cy Dup", key: "5000100", reason: "duplicate student number 5000100 (also on row 2)" },
      { row: 6, name: "", key: "", reason: "has 3 columns, expected 4" },
      { row: 7, name: "", key: "", reason: "has 5 columns, expected 4" },
    ]);
    expect(res.body.existing).toEqual([
      expect.objectContaining({ row: 3, reason: "already exists; not updated (grade 9 → 10)" }),
    ]);
    const withUpdate = await upload({ token: tokens.admin, file, dryRun: true, updateExisting: true });
    expect(withUpdate.body).toMatchObject({ created: 2, updated: 1, unchanged: 0 });
    expect(withUpdate.body.updates).toEqual([expect.objectContaining({ row: 3, reason: "grade 9 → 10" })]);
    expect(await importCount()).toBe(before);
    expect(await studentsWith(["5000100"])).toHaveLength(0);
  });
});

describe("an upload", () => {
  let importId: number;
  let jobId: number;

  it("answers 202 with a job at once, and the job imports the rows and tells the uploader", async () => {
    const file = csvFile([
      "Zoë,Ωμέγα,9,6000001",
      '"Smith, Jr.",李,10,6000002',
      '=HYPERLINK("http://x"),Evil,11,6000003',
      "Ok,Row,12,6000004",
    ]);
    const res = await upload({ token: tokens.admin, file });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ filename: "students.csv", rows: 4, status: "queued" });
    ({ import_id: importId, job_id: jobId } = res.body);
    expect(res.body.report).toBe(`/imports/${importId}`);
    expect(await studentsWith(["6000001"])).toHaveLength(0); // nothing yet: the work is in the background

    expect(await runPendingJobs(state.db)).toBe(1);
    const created = await studentsWith(["6000001", "6000002", "6000003", "6000004"]);
    expect(created.map((s) => [s.first_name, s.last_name, s.initials]).sort()).toEqual([
      ['=HYPERLINK("http://x")', "Evil", "=E"],
      ["Ok", "Row", "OR"],
      ["Smith, Jr.", "李", "S李"],
      ["Zoë", "Ωμέγα", "ZΩ"],
    ]);
    const job = await call(jobRoute, { token: tokens.admin, params: { id: String(jobId) } });
    expect(job.body).toMatchObject({ status: "succeeded", done: 4, total: 4, kind: "import" });

    const inbox = await call(inboxRoute, { token: tokens.admin });
    expect(inbox.body[0].notification).toMatchObject({
      body: "Processed students.csv: 4 accounts created",
      link: `/imports/${importId}`,
      sender: expect.objectContaining({ name: "Flexblock" }),
    });
    const [audit] = await state.db.select().from(auditLog).where(eq(auditLog.action, "import.students"));
    expect(audit!.details).toMatchObject({ import_id: importId, created: 4 });
    // The roster itself is not kept once it has been imported; the report is.
    const [stored] = await state.db
      .select({ data: uploads.data, status: uploads.status })
      .from(uploads)
      .innerJoin(imports, eq(imports.upload_id, uploads.id))
      .where(eq(imports.id, importId));
    expect([stored!.data.byteLength, stored!.status]).toEqual([0, "processed"]);
  });

  it("shows every row's outcome in the report, and only the uploader hears of the passwords", async () => {
    const report = await call(importRoute, { token: tokens.admin, params: { id: String(importId) } });
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ status: "done", rows: 4, created: 4, skipped: 0, done: 4 });
    expect(report.body.report_rows.map((r: { row: number; outcome: string }) => [r.row, r.outcome])).toEqual([
      [1, "created"],
      [2, "created"],
      [3, "created"],
      [4, "created"],
    ]);
    expect(report.body.passwords).toMatchObject({ available: true, downloaded_at: null });
    const other = await call(importRoute, { token: tokens.otherAdmin, params: { id: String(importId) } });
    expect(other.body.passwords).toBeNull();
    expect(
      (await call(importRoute, { token: tokens.teacher, params: { id: String(importId) } })).status,
    ).toBe(403);
    const list = await call(importsRoute, { token: tokens.sysadmin });
    expect(list.body[0]).toMatchObject({
      id: importId,
      filename: "students.csv",
      status: "done",
      created: 4,
    });
  });

  it("gives the passwords once, to the uploader, escaped, and they sign the students in (expired)", async () => {
    expect(
      (await call(passwordsRoute, { token: tokens.otherAdmin, params: { id: String(importId) } })).status,
    ).toBe(403);
    const res = await call(passwordsRoute, { token: tokens.admin, params: { id: String(importId) } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = (res.body as string)
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Row,Name,Student number,Initial password");
    expect(lines).toHaveLength(5);
    // A formula stays text when the file is opened in a spreadsheet.
    expect(lines[3]).toMatch(/^3,"'=HYPERLINK\(""http:\/\/x""\) Evil",6000003,/);
    expect(lines[2]).toMatch(/^2,"Smith, Jr. 李",6000002,/);
    const password = lines[4]!.split(",")[3]!;
    const login = await call(loginRoute, { body: { username: "6000004", password } });
    expect(login.status).toBe(200);
    const [user] = await state.db.select().from(users).where(eq(users.username, "6000004"));
    expect(user!.password_expired).toBe(true);

    const [audit] = await state.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "import.passwords_download"));
    expect(audit).toMatchObject({
      actor_user_id: userIds.admin,
      details: { import_id: importId, accounts: 4 },
    });

    const again = await call(passwordsRoute, { token: tokens.admin, params: { id: String(importId) } });
    expect(again.status).toBe(410);
    expect(
      await state.db.select().from(importPasswords).where(eq(importPasswords.import_id, importId)),
    ).toHaveLength(0);
  });

  it("keeps passwords no longer than 24 hours", async () => {
    const res = await upload({ token: tokens.admin, file: csvFile(studentRows(2, 6100000)) });
    await runPendingJobs(state.db);
    const id = res.body.import_id as number;
    await state.db
      .update(imports)
      .set({ passwords_until: new Date(Date.now() - 1000) })
      .where(eq(imports.id, id));
    expect((await call(passwordsRoute, { token: tokens.admin, params: { id: String(id) } })).status).toBe(
      410,
    );
    await call(importRoute, { token: tokens.admin, params: { id: String(id) } }); // purges expired ones
    expect(
      await state.db.select().from(importPasswords).where(eq(importPasswords.import_id, id)),
    ).toHaveLength(0);
  });

  it("reports rows that exist rather than duplicating them, and updates them only when asked", async () => {
    const first = await upload({ token: tokens.admin, file: csvFile(studentRows(3, 6200000, 9)) });
    await runPendingJobs(state.db);
    expect(
      (await call(importRoute, { token: tokens.admin, params: { id: String(first.body.import_id) } })).body
        .created,
    ).toBe(3);

    const again = await upload({ token: tokens.admin, file: csvFile(studentRows(3, 6200000, 10)) });
    await runPendingJobs(state.db);
    const report = await call(importRoute, {
      token: tokens.admin,
      params: { id: String(again.body.import_id) },
    });
    expect(report.body).toMatchObject({ created: 0, unchanged: 3, updated: 0 });
    expect((await studentsWith(["6200000"]))[0]!.grade).toBe(9);

    const update = await upload({
      token: tokens.admin,
      file: csvFile(studentRows(3, 6200000, 10)),
      updateExisting: true,
    });
    await runPendingJobs(state.db);
    const updated = await call(importRoute, {
      token: tokens.admin,
      params: { id: String(update.body.import_id) },
    });
    expect(updated.body).toMatchObject({ created: 0, updated: 3 });
    expect(updated.body.report_rows[0].reason).toBe("grade 9 → 10");
    expect((await studentsWith(["6200000"]))[0]!.grade).toBe(10);
    expect(await studentsWith(["6200000", "6200001", "6200002"])).toHaveLength(3);
    expect(
      (await call(passwordsRoute, { token: tokens.admin, params: { id: String(update.body.import_id) } }))
        .status,
    ).toBe(410);
  });

  it("lists skipped rows with their reasons in the notification", async () => {
    const file = csvFile(["Ann,A,8,6300001", "Bob,B,14,6300002", "Cy,C,9,6300001", ",D,9,6300003"]);
    await upload({ token: tokens.admin, file });
    await runPendingJobs(state.db);
    const inbox = await call(inboxRoute, { token: tokens.admin });
    expect(inbox.body[0].notification.body).toBe(
      "Processed students.csv: 1 account created, 3 rows skipped (row 2: grade 14 is not 8–12; " +
        "row 3: duplicate student number 6300001 (also on row 1); row 4: first name is missing)",
    );
  });
});

describe("the optional default_teacher_email column", () => {
  const HEADERS = "first_name,last_name,grade,student_number,default_teacher_email";
  const teacherOf = async (number: string) => (await studentsWith([number]))[0]?.default_teacher_id;

  it("sets each student's default teacher from a staff email, and a blank cell means none", async () => {
    const homeroom = await createStaff(state.db, { email: "homeroom.one@test.school" });
    const file = csvFile([
      "First Name,Last Name,Grade,Student Number,Default Teacher Email",
      "Ann,Home,9,6810001,Homeroom.One@Test.School",
      "Bob,None,9,6810002,",
    ]);
    const dry = await upload({ token: tokens.admin, file, headers: HEADERS, dryRun: true, password: null });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ header_skipped: true, rows: 2, created: 2, skipped: 0 });

    const res = await upload({ token: tokens.admin, file, headers: HEADERS });
    expect(res.status).toBe(202);
    await runPendingJobs(state.db);
    expect(await teacherOf("6810001")).toBe(homeroom.staff.id);
    expect(await teacherOf("6810002")).toBeNull();
  });

  it("skips a row naming an email no staff member has, with its row number, and imports the rest", async () => {
    const homeroom = await createStaff(state.db, { email: "homeroom.two@test.school" });
    const file = csvFile([
      "6810011,Cy,Known,10,homeroom.two@test.school",
      "6810012,Di,Unknown,10,nobody@test.school",
      "6810013,Ed,Broken,10,not-an-email",
    ]);
    const headers = "student_number,first_name,last_name,grade,default_teacher_email";
    const dry = await upload({ token: tokens.admin, file, headers, dryRun: true, password: null });
    expect(dry.body).toMatchObject({ created: 1, skipped: 2 });
    expect(dry.body.errors).toEqual([
      {
        row: 2,
        name: "Di Unknown",
        key: "6810012",
        reason: "default teacher email nobody@test.school is not a staff member's",
      },
      {
        row: 3,
        name: "Ed Broken",
        key: "6810013",
        reason: "default teacher email not-an-email is not a valid email address",
      },
    ]);

    const res = await upload({ token: tokens.admin, file, headers });
    await runPendingJobs(state.db);
    const report = await call(importRoute, {
      token: tokens.admin,
      params: { id: String(res.body.import_id) },
    });
    expect(report.body).toMatchObject({ status: "done", created: 1, skipped: 2 });
    expect(report.body.report_rows[1]).toMatchObject({
      row: 2,
      outcome: "skipped",
      reason: "default teacher email nobody@test.school is not a staff member's",
    });
    expect(await teacherOf("6810011")).toBe(homeroom.staff.id);
    expect(await studentsWith(["6810012", "6810013"])).toHaveLength(0);
  });

  it("changes an existing student's default teacher only with update existing, and only when the file has the column", async () => {
    const first = await createStaff(state.db, { email: "homeroom.three@test.school" });
    const second = await createStaff(state.db, { email: "homeroom.four@test.school" });
    await createStudent(state.db, {
      student_number: "6810021",
      first_name: "Fay",
      last_name: "Moves",
      grade: 11,
      default_teacher_id: first.staff.id,
    });
    const moved = csvFile(["Fay,Moves,11,6810021,homeroom.four@test.school"]);
    const dry = await upload({
      token: tokens.admin,
      file: moved,
      headers: HEADERS,
      dryRun: true,
      password: null,
    });
    expect(dry.body.existing).toEqual([
      expect.objectContaining({
        row: 1,
        reason:
          "already exists; not updated (default teacher homeroom.three@test.school → homeroom.four@test.school)",
      }),
    ]);
    await upload({ token: tokens.admin, file: moved, headers: HEADERS, updateExisting: true });
    await runPendingJobs(state.db);
    expect(await teacherOf("6810021")).toBe(second.staff.id);

    // The four spec columns leave the default teacher alone, even when updating.
    await upload({ token: tokens.admin, file: csvFile(["Fay,Moves,12,6810021"]), updateExisting: true });
    await runPendingJobs(state.db);
    const [after] = await studentsWith(["6810021"]);
    expect([after!.grade, after!.default_teacher_id]).toEqual([12, second.staff.id]);

    // A blank cell clears it.
    await upload({
      token: tokens.admin,
      file: csvFile(["Fay,Moves,12,6810021,"]),
      headers: HEADERS,
      updateExisting: true,
    });
    await runPendingJobs(state.db);
    expect(await teacherOf("6810021")).toBeNull();
  });

  it("refuses a field list naming the column twice or an unknown column (422)", async () => {
    for (const headers of [`${HEADERS},default_teacher_email`, `${STUDENT_HEADERS_FOR_TEST},locker`, `${HEADERS},homeroom`]) {
      const res = await upload({ token: tokens.admin, file: csvFile(["Ann,A,9,1"]), headers, dryRun: true });
      expect(res.status).toBe(422);
      expect(res.body.errors.headers[0]).toMatch(/optionally default_teacher_email/);
    }
  });
});

describe("staff files", () => {
  it("lower-cases emails, keeps a blank title blank (never Mr.), and refuses unknown titles and taken emails", async () => {
    const sysadmin = await createSysadmin(state.db);
    const file = csvFile(
      [
        "email,last_name,first_name,title",
        "Mary.Major@Test.School,Major,Mary,mrs",
        "nick@test.school,Null,Nick,",
        "sir@test.school,Knight,Sam,Sir",
        `${sysadmin.user.username},Admin,Sys,Dr.`,
        "not-an-email,X,Y,Dr.",
        "MARY.major@test.school,Major,Mary,Mrs.",
      ],
      "staff.csv",
    );
    const res = await upload({ token: tokens.sysadmin, kind: "staff", file });
    expect(res.status).toBe(202);
    await runPendingJobs(state.db);
    const report = await call(importRoute, {
      token: tokens.sysadmin,
      params: { id: String(res.body.import_id) },
    });
    expect(report.body).toMatchObject({ created: 2, skipped: 4 });
    expect(report.body.report_rows.map((r: { reason: string | null }) => r.reason)).toEqual([
      null,
      null,
      "title Sir is not one of Dr., Miss, Ms., Mlle., Mme., Mr., Mrs., Mx., Prof. (or blank)",
      `email ${sysadmin.user.username} belongs to another account`,
      "email not-an-email is not a valid email address",
      "duplicate email mary.major@test.school (also on row 2)",
    ]);
    const [mary] = await state.db.select().from(users).where(eq(users.username, "mary.major@test.school"));
    expect(mary).toBeDefined();
    const titles = await state.db
      .select({ email: staff.email, title: staff.title })
      .from(staff)
      .where(inArray(staff.email, ["mary.major@test.school", "nick@test.school"]));
    expect(Object.fromEntries(titles.map((t) => [t.email, t.title]))).toEqual({
      "mary.major@test.school": "Mrs.",
      "nick@test.school": "",
    });
    const [audit] = await state.db.select().from(auditLog).where(eq(auditLog.action, "import.staff"));
    expect(audit).toMatchObject({
      actor_user_id: userIds.sysadmin,
      details: { import_id: res.body.import_id, created: 2, skipped: 4 },
    });
    // A sysadmin uploader gets the notification too.
    const inbox = await call(inboxRoute, { token: tokens.sysadmin });
    expect(inbox.body[0].notification.body).toMatch(
      /^Processed staff\.csv: 2 accounts created, 4 rows skipped/,
    );
  });
});

describe("bad input", () => {
  const expectNothingWritten = async (before: number) => expect(await importCount()).toBe(before);

  it("refuses files that are not CSV text, empty, too long or too big, with a reason and nothing written", async () => {
    const before = await importCount();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
    const cases: [File, number, RegExp][] = [
      [new File([png], "photo.png", { type: "image/png" }), 415, /photo\.png is not a CSV file/],
      [new File([png], "roster.csv", { type: "text/csv" }), 422, /roster\.csv is not a CSV text file/],
      [csvFile("", "empty.csv"), 422, /empty\.csv is empty/],
      [csvFile("first_name,last_name,grade,student_number\n\n", "header.csv"), 422, /has no rows to import/],
      [csvFile(studentRows(50_000, 1_000_000), "huge.csv"), 422, /has more than 10,000 rows/],
      [csvFile('Ann,"Unclosed,8,1\nBob,B,9,2\n', "quotes.csv"), 422, /could not be read as CSV near line \d/],
      [new File([new Uint8Array([0xff, 0xfe, 0x41, 0])], "utf16.csv", { type: "text/csv" }), 422, /UTF-16/],
    ];
    for (const [file, status, message] of cases) {
      const res = await upload({ token: tokens.admin, file });
      expect([file.name, res.status]).toEqual([file.name, status]);
      expect(res.body.message).toMatch(message);
    }
    const big = await upload({ token: tokens.admin, file: csvFile("x".repeat(20 * 1024 * 1024), "big.csv") });
    expect(big.status).toBe(413);
    await expectNothingWritten(before);
  });

  it("reads mixed line endings, a BOM, quoted commas and line breaks, with rows numbered as written", async () => {
    const text =
      '\uFEFFfirst_name,last_name,grade,student_number\r\nAnn,"Lee, Jr.",8,6400001\n"Two\nLines",X,9,6400002\r\n\r\nCy,Z,10,6400003\r';
    const res = await upload({ token: tokens.admin, file: csvFile(text, "mixed.csv"), dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ header_skipped: true, rows: 3, created: 2, skipped: 1 });
    expect(res.body.errors).toEqual([
      expect.objectContaining({ row: 3, reason: "first name must be on one line" }),
    ]);
  });

  it("reads Windows-1252 files (Excel's plain CSV) without losing accents", async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode("Ren"),
      0xe9,
      ...new TextEncoder().encode(",Dub,9,6500001\n"),
    ]);
    const res = await upload({
      token: tokens.admin,
      file: new File([bytes], "ansi.csv", { type: "text/csv" }),
      dryRun: true,
    });
    expect(res.body.created).toBe(1);
    const real = await upload({
      token: tokens.admin,
      file: new File([bytes], "ansi.csv", { type: "text/csv" }),
    });
    expect(real.status).toBe(202);
    await runPendingJobs(state.db);
    expect((await studentsWith(["6500001"]))[0]!.first_name).toBe("René");
  });

  it("checks the form: password, field order, one file, and a header row in another order", async () => {
    const file = csvFile(studentRows(1, 6600000));
    const before = await importCount();
    expect((await upload({ token: tokens.admin, file, password: "wrong-password" })).status).toBe(401);
    const missing = await upload({ token: tokens.admin, file, password: null });
    expect([missing.status, Object.keys(missing.body.errors)]).toEqual([422, ["password"]]);
    const order = await upload({ token: tokens.admin, file, headers: "first_name,last_name,grade,grade" });
    expect([order.status, Object.keys(order.body.errors)]).toEqual([422, ["headers"]]);
    expect((await upload({ token: tokens.admin, file: null })).status).toBe(422);
    const swapped = csvFile(["last_name,first_name,grade,student_number", "Lee,Ann,9,6600001"]);
    const wrongOrder = await upload({ token: tokens.admin, file: swapped });
    expect(wrongOrder.status).toBe(422);
    expect(wrongOrder.body.message).toMatch(/names the columns last_name, first_name, grade, student_number/);
    const json = await call(studentUploadRoute, { token: tokens.admin, body: { file: "x" } });
    expect(json.status).toBe(415);
    expect((await upload({ token: tokens.teacher, file })).status).toBe(403);
    await expectNothingWritten(before);
  });

  it("takes at most 5 files per upload and 5 waiting files per person", async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        (await upload({ token: tokens.otherAdmin, file: csvFile(studentRows(1, 6700000 + i)), batch: "b1" }))
          .status,
      ).toBe(202);
    }
    const sixth = await upload({
      token: tokens.otherAdmin,
      file: csvFile(studentRows(1, 6700010)),
      batch: "b1",
    });
    expect([sixth.status, sixth.body.code]).toEqual([409, "too_many_files"]);
    const waiting = await upload({
      token: tokens.otherAdmin,
      file: csvFile(studentRows(1, 6700011)),
      batch: "b2",
    });
    expect([waiting.status, waiting.body.code]).toEqual([409, "too_many_imports"]);
    await runPendingJobs(state.db);
    expect(
      (await upload({ token: tokens.otherAdmin, file: csvFile(studentRows(1, 6700012)), batch: "b2" }))
        .status,
    ).toBe(202);
    await runPendingJobs(state.db);
  });

  it("never lets a job or report be read by someone else", async () => {
    const [job] = await state.db.select().from(jobs).limit(1);
    expect((await call(jobRoute, { token: tokens.teacher, params: { id: String(job!.id) } })).status).toBe(
      404,
    );
    expect((await call(importRoute, { token: tokens.admin, params: { id: "999999" } })).status).toBe(404);
    expect((await call(importRoute, { token: tokens.admin, params: { id: "abc" } })).status).toBe(422);
  });
});
