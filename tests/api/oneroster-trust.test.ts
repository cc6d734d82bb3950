/** @jest-environment node */
import { sql } from "drizzle-orm";
import { POST as createToken } from "@/app/api/api-tokens/route";
import { GET as importRoute } from "@/app/api/imports/[id]/route";
import { GET as importsRoute } from "@/app/api/imports/route";
import { GET as jobRoute } from "@/app/api/jobs/[id]/route";
import { POST as onerosterRoute } from "@/app/api/rostering/oneroster/route";
import { PUT as settingsRoute } from "@/app/api/settings/route";
import { PUT as updateStaffRoute } from "@/app/api/staff/[id]/route";
import { GET as staffListRoute } from "@/app/api/staff/route";
import { resultRows } from "@/db/queries/checkin";
import { updateSettingValue } from "@/db/queries/settings";
import { runPendingJobs } from "@/lib/jobs/runner.server";
import { useTestDb } from "../helpers/db";
import {
  createAdmin,
  createStaff,
  createStudent,
  createSysadmin,
  TEST_PASSWORD,
  tokenFor,
} from "../helpers/factories";
import { call, callForm } from "../helpers/http";
import { csvFile, upload } from "../helpers/imports";
import { buildBundle, type BundleSpec, type UserSpec } from "../helpers/oneroster-bundle";

/**
 * Trust in the OneRoster import: a SIS role never makes an administrator (only the sysadmin's setting
 * does, and never again once the school took the flag away), no row changes an administrator's or a
 * sysadmin's account, every role the import sets is audited per person; the school's own fields survive
 * the nightly sync; terms are matched, homerooms read, titles and departments kept; and each import is
 * one entry of the Imports history with its report.
 */

const state = useTestDb();
const tokens = {} as Record<"admin" | "teacher" | "sysadmin", string>;
let adminUserId = 0;

beforeAll(async () => {
  const admin = await createAdmin(state.db);
  adminUserId = admin.user.id;
  tokens.admin = await tokenFor(state.db, admin);
  tokens.teacher = await tokenFor(state.db, await createStaff(state.db));
  tokens.sysadmin = await tokenFor(state.db, await createSysadmin(state.db));
});

afterEach(() => updateSettingValue(state.db, "sis-administrators-are-administrators", "false"));

const q = async (text: string) => resultRows(await state.db.execute(sql.raw(text)));

function form(bundle: Uint8Array, fields: Record<string, string>, name = "roster.zip") {
  const data = new FormData();
  data.set("file", new File([bundle as Uint8Array<ArrayBuffer>], name, { type: "application/zip" }));
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}
const send = (bundle: Uint8Array, fields: Record<string, string> = {}, token = tokens.admin, name?: string) =>
  callForm(onerosterRoute, { token, form: form(bundle, { dry_run: "false", ...fields }, name) });
const dryRun = async (bundle: Uint8Array) => {
  const res = await send(bundle, { dry_run: "true" });
  expect(res.status).toBe(200);
  return res.body;
};
async function apply(bundle: Uint8Array, token = tokens.admin, name?: string) {
  const res = await send(bundle, {}, token, name);
  expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 202, errors: undefined });
  await runPendingJobs(state.db);
  const job = await call(jobRoute, { token, params: { id: String(res.body.job.id) } });
  expect(job.body.status).toBe("succeeded");
  return { job: res.body.job.id as number, import: res.body.import?.id as number, result: job.body.result };
}

/** A delta bundle of these users only (nothing else is archived or dropped). */
const people = (users: UserSpec[], more: Partial<BundleSpec> = {}): Uint8Array =>
  buildBundle({
    users,
    modes: {
      users: "delta",
      academicSessions: "absent",
      courses: "absent",
      classes: "absent",
      enrollments: "absent",
      ...more.modes,
    },
    ...more,
  });

const staffRow = async (sourced: string) =>
  (
    await q(`select s.id, s.email, s.first_name, s.last_name, s.administrator, s.takes_students, s.position, s.department,
    s.sis_role, s.homeroom, u.username, u.disabled_at from staff s join users u on u.id = s.user_id where s.sourced_id = '${sourced}'`)
  )[0];

describe("a OneRoster role never grants the administrator flag", () => {
  const office: UserSpec[] = [
    {
      sourcedId: "r-sec",
      role: "administrator",
      givenName: "Sam",
      familyName: "Secretary",
      email: "sam.sec@sis.example",
    },
    {
      sourcedId: "r-pri",
      role: "principal",
      givenName: "Pat",
      familyName: "Principal",
      email: "pat.pri@sis.example",
    },
    { sourcedId: "r-aide", role: "aide", givenName: "Al", familyName: "Aide", email: "al.aide@sis.example" },
    {
      sourcedId: "r-tch",
      role: "teacher",
      givenName: "Tia",
      familyName: "Teacher",
      email: "tia.tch@sis.example",
    },
  ];

  it("administrators and aides become staff, off Focus Block students; the dry run lists the SIS's administrators", async () => {
    const plan = await dryRun(people(office));
    expect(plan.sis_administrators).toEqual([
      expect.objectContaining({
        sourced_id: "r-sec",
        name: "Sam Secretary",
        role: "administrator",
        staff_id: null,
        administrator: false,
        granted: false,
      }),
      expect.objectContaining({
        sourced_id: "r-pri",
        name: "Pat Principal",
        role: "principal",
        staff_id: null,
        administrator: false,
        granted: false,
      }),
    ]);
    const { job, result } = await apply(people(office));
    expect(result.created).toBe(4);
    expect(await staffRow("r-sec")).toMatchObject({
      administrator: false,
      takes_students: false,
      sis_role: "administrator",
    });
    expect(await staffRow("r-pri")).toMatchObject({
      administrator: false,
      takes_students: false,
      sis_role: "principal",
    });
    expect(await staffRow("r-aide")).toMatchObject({
      administrator: false,
      takes_students: false,
      sis_role: "aide",
    });
    expect(await staffRow("r-tch")).toMatchObject({
      administrator: false,
      takes_students: true,
      sis_role: "teacher",
    });
    // Each role the import set, audited per person: who, from what to what, which import.
    const audits = await q(`select a.actor_user_id, a.target_user_id, a.details from audit_log a
      where a.action = 'roster.role_change' and (a.details->>'job_id')::int = ${job} order by a.details->>'sourced_id'`);
    expect(audits).toHaveLength(4);
    const sec = await q("select user_id from staff where sourced_id = 'r-sec'");
    expect(audits.find((a) => (a.details as { sourced_id: string }).sourced_id === "r-sec")).toEqual({
      actor_user_id: adminUserId,
      target_user_id: sec[0]!.user_id,
      details: expect.objectContaining({
        from: null,
        to: "staff",
        sis_role: "administrator",
        job_id: job,
        api_token_id: null,
        name: "Sam Secretary",
      }),
    });
  });

  it("an existing teacher the SIS now calls an administrator stays a teacher; an administrator gives the flag with one click", async () => {
    const promoted = [{ ...office[3]!, role: "administrator" }];
    const plan = await dryRun(people(promoted));
    const tia = await staffRow("r-tch");
    expect(plan.sis_administrators).toEqual([
      expect.objectContaining({
        sourced_id: "r-tch",
        staff_id: tia!.id,
        administrator: false,
        granted: false,
      }),
    ]);
    const { import: entry } = await apply(people(promoted));
    expect(await staffRow("r-tch")).toMatchObject({ administrator: false, sis_role: "administrator" });
    // The report lists them with their staff record: the one click is PUT /api/staff/{id} with its rules.
    const report = await call(importRoute, { token: tokens.admin, params: { id: String(entry) } });
    const listed = report.body.oneroster.sis_administrators[0];
    expect(listed).toMatchObject({
      sourced_id: "r-tch",
      staff: { id: tia!.id, first_name: "Tia", last_name: "Teacher", title: "" },
    });
    const teacherTries = await call(updateStaffRoute, {
      token: tokens.teacher,
      params: { id: String(listed.staff.id) },
      body: { ...listed.staff, administrator: true },
    });
    expect(teacherTries.status).toBe(403);
    const { id: _id, ...fields } = listed.staff;
    const granted = await call(updateStaffRoute, {
      token: tokens.admin,
      params: { id: String(listed.staff.id) },
      body: { ...fields, administrator: true },
    });
    expect(granted.status).toBe(200);
    expect(await staffRow("r-tch")).toMatchObject({ administrator: true });
  });

  it("only a sysadmin turns on 'the SIS's administrators are Flexblock administrators'; then the SIS grants it, once", async () => {
    const change = (token: string, value: boolean) =>
      call(settingsRoute, { token, body: { values: { "sis-administrators-are-administrators": value } } });
    const byAdmin = await change(tokens.admin, true);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.errors).toEqual({
      "sis-administrators-are-administrators": ["Only a system administrator can change this setting."],
    });
    expect((await change(tokens.sysadmin, true)).status).toBe(200);

    const sam = await staffRow("r-sec");
    const plan = await dryRun(people([office[0]!]));
    expect(plan.sis_administrators).toEqual([
      expect.objectContaining({ sourced_id: "r-sec", staff_id: sam!.id, administrator: true, granted: true }),
    ]);
    const { job } = await apply(people([office[0]!]));
    expect(await staffRow("r-sec")).toMatchObject({ administrator: true });
    const [audit] = await q(
      `select details from audit_log where action = 'roster.role_change' and (details->>'job_id')::int = ${job}`,
    );
    expect(audit!.details).toMatchObject({ sourced_id: "r-sec", from: "staff", to: "administrator" });

    // The school takes the flag away (a sysadmin may): the nightly sync never puts it back.
    await q(`update staff set administrator = false where sourced_id = 'r-sec'`);
    const again = await dryRun(people([office[0]!]));
    expect(again.sis_administrators).toEqual([
      expect.objectContaining({
        sourced_id: "r-sec",
        administrator: false,
        granted: false,
        removed_by_school: true,
      }),
    ]);
    expect(again.kept).toEqual([
      expect.objectContaining({ kind: "staff", field: "administrator", count: 1 }),
    ]);
    await apply(people([office[0]!]));
    expect(await staffRow("r-sec")).toMatchObject({ administrator: false });
  });

  it("a token's import is audited with the token", async () => {
    const made = await call(createToken, {
      token: tokens.admin,
      body: { name: "SIS", scopes: ["roster:write"], password: TEST_PASSWORD },
    });
    const { job } = await apply(
      people([
        { sourcedId: "r-tok", role: "aide", givenName: "To", familyName: "Ken", email: "to.ken@sis.example" },
      ]),
      made.body.token,
    );
    const [audit] = await q(
      `select actor_user_id, details from audit_log where action = 'roster.role_change' and (details->>'job_id')::int = ${job}`,
    );
    expect(audit).toEqual({
      actor_user_id: adminUserId,
      details: expect.objectContaining({ api_token_id: made.body.id, to: "staff", sis_role: "aide" }),
    });
  });
});

describe("an import never changes an administrator's or a sysadmin's account", () => {
  it("rows that would change an administrator (email, names, enabled, left out of a bulk file) are skipped and listed", async () => {
    const peer = await createAdmin(state.db, {
      email: "peer.admin@sis.example",
      first_name: "Petra",
      last_name: "Peer",
    });
    const row: UserSpec = {
      sourcedId: "p-adm",
      role: "teacher",
      givenName: "Petra",
      familyName: "Peer",
      email: "peer.admin@sis.example",
    };
    // Adopted by email: the SIS id is linked, nothing of the account changes.
    await apply(people([row]));
    expect(await staffRow("p-adm")).toMatchObject({
      id: peer.staff.id,
      administrator: true,
      email: "peer.admin@sis.example",
    });

    const hostile = people([
      { ...row, givenName: "Mallory", email: "mallory@evil.example", enabledUser: "false" },
    ]);
    const plan = await dryRun(hostile);
    expect(plan.protected).toEqual([
      {
        sourced_id: "p-adm",
        name: "Mallory Peer",
        line: 2,
        account: "administrator",
        reason: "The row would change an administrator's account: only a sysadmin changes it.",
        fields: {
          email: { before: "peer.admin@sis.example", after: "mallory@evil.example" },
          first_name: { before: "Petra", after: "Mallory" },
          enabled: { before: true, after: false },
        },
      },
    ]);
    expect(plan.counts).toMatchObject({ updated: 0, unchanged: 1, errors: 0 });
    const { result, import: entry } = await apply(hostile);
    expect(result.protected).toHaveLength(1);
    expect(await staffRow("p-adm")).toMatchObject({
      email: "peer.admin@sis.example",
      username: "peer.admin@sis.example",
      first_name: "Petra",
      administrator: true,
      disabled_at: null,
    });
    const report = await call(importRoute, { token: tokens.admin, params: { id: String(entry) } });
    expect(report.body).toMatchObject({
      kind: "oneroster",
      skipped: 1,
      oneroster: { protected: [expect.objectContaining({ sourced_id: "p-adm" })] },
    });

    // status=tobedeleted and a bulk users file that leaves them out: never locked.
    const deleted = await dryRun(people([{ ...row, status: "tobedeleted" }]));
    expect(deleted.protected).toEqual([
      expect.objectContaining({ sourced_id: "p-adm", fields: { enabled: { before: true, after: false } } }),
    ]);
    const bulk = buildBundle({
      users: [
        {
          sourcedId: "p-other",
          role: "teacher",
          givenName: "Ot",
          familyName: "Her",
          email: "p.other@sis.example",
        },
      ],
      modes: {
        users: "bulk",
        academicSessions: "absent",
        courses: "absent",
        classes: "absent",
        enrollments: "absent",
      },
    });
    const bulkPlan = await dryRun(bulk);
    expect(bulkPlan.protected).toContainEqual(
      expect.objectContaining({ sourced_id: "p-adm", line: 0, account: "administrator" }),
    );
    await apply(bulk);
    expect(await staffRow("p-adm")).toMatchObject({ disabled_at: null });
  });

  it("a row naming a sysadmin's username is skipped and listed, and the rest imports", async () => {
    const sysadmin = await createSysadmin(state.db);
    const bundle = people([
      {
        sourcedId: "s-take",
        role: "teacher",
        givenName: "Ta",
        familyName: "Ker",
        email: sysadmin.user.username,
      },
      { sourcedId: "s-fine", role: "teacher", givenName: "Fi", familyName: "Ne", email: "fi.ne@sis.example" },
    ]);
    const { result } = await apply(bundle);
    expect(result).toMatchObject({
      created: 1,
      protected: [expect.objectContaining({ sourced_id: "s-take", account: "sysadmin" })],
    });
    expect(
      await q(`select username, account_type from users where username = '${sysadmin.user.username}'`),
    ).toEqual([{ username: sysadmin.user.username, account_type: "sysadmin" }]);
  });
});

describe("terms are matched by sourcedId, else by name and dates", () => {
  it("the school's own terms are adopted, not doubled, and the dry run says how each matched", async () => {
    await q(
      `insert into terms (name, start, "end") values ('Semester 1', '2026-09-01', '2027-01-31'), ('Semester 2', '2027-02-01', '2027-06-30'), ('Q1', '2026-09-01', '2026-11-15')`,
    );
    const bundle = buildBundle({
      sessions: [
        {
          sourcedId: "t-s1",
          title: "Semester 1",
          type: "semester",
          startDate: "2026-09-01",
          endDate: "2027-01-31",
        },
        {
          sourcedId: "t-s2",
          title: "Sem. 2",
          type: "semester",
          startDate: "2027-02-01",
          endDate: "2027-06-30",
        },
        { sourcedId: "t-q1", title: "Q1", type: "term", startDate: "2026-09-02", endDate: "2026-11-14" },
        { sourcedId: "t-q2", title: "Q2", type: "term", startDate: "2026-11-16", endDate: "2027-01-31" },
      ],
      modes: { users: "absent", courses: "absent", classes: "absent", enrollments: "absent" },
    });
    const plan = await dryRun(bundle);
    expect(
      plan.terms.map((t: { sourced_id: string; matched: string | null }) => [t.sourced_id, t.matched]),
    ).toEqual([
      ["t-s1", "name_and_dates"],
      ["t-s2", "dates"],
      ["t-q1", "name"],
      ["t-q2", null],
    ]);
    expect(plan.samples.updated).toContainEqual(
      expect.objectContaining({
        kind: "term",
        sourced_id: "t-s1",
        matched: "name_and_dates",
        fields: { sourced_id: { before: null, after: "t-s1" } },
      }),
    );
    await apply(bundle);
    const terms = await q(`select name, sourced_id, start::text as start from terms order by start, name`);
    // Q1 takes the SIS's dates (a day later): the dry run showed them before → after.
    expect(terms.map((t) => t.name)).toEqual(["Semester 1", "Q1", "Q2", "Sem. 2"]);
    expect(terms.filter((t) => t.name === "Semester 1")).toHaveLength(1);
    // Again: every term by its sourcedId now, nothing changes.
    const second = await dryRun(bundle);
    expect(second.counts).toMatchObject({ created: 0, updated: 0 });
    expect(second.terms.every((t: { matched: string }) => t.matched === "sourced_id")).toBe(true);
  });
});

describe("who owns which field: the nightly sync keeps the school's", () => {
  it("preferred first names the student CSV set survive a sync without the column, and one with it", async () => {
    const student: UserSpec = {
      sourcedId: "o-stu",
      role: "student",
      givenName: "Robert",
      familyName: "Owner",
      identifier: "770001",
      grades: "10",
    };
    await apply(people([student]));
    // The school sets the name the student goes by, with the student CSV.
    const res = await upload({
      token: tokens.admin,
      file: csvFile(["Robert,Owner,10,770001,Bobby"]),
      headers: "first_name,last_name,grade,student_number,preferred_first_name",
      updateExisting: true,
    });
    expect(res.status).toBe(202);
    await runPendingJobs(state.db);
    const preferred = async () =>
      (await q("select preferred_first_name from students where sourced_id = 'o-stu'"))[0]!
        .preferred_first_name;
    expect(await preferred()).toBe("Bobby");
    // A 1.1 users.csv has no preferredFirstName column: it leaves the name alone (it used to clear it: "1 updated").
    const nightly = await dryRun(people([student]));
    expect(nightly.counts).toMatchObject({ updated: 0 });
    await apply(people([student]));
    expect(await preferred()).toBe("Bobby");
    // A 1.2 file that carries another preferred name: the school's is kept, and the dry run says so.
    const v12 = buildBundle({
      version: "1.2",
      users: [{ ...student, preferredFirstName: "Rob" }],
      modes: {
        users: "delta",
        academicSessions: "absent",
        courses: "absent",
        classes: "absent",
        enrollments: "absent",
      },
    });
    const plan = await dryRun(v12);
    expect(plan.counts.updated).toBe(0);
    expect(plan.kept).toEqual([
      {
        kind: "student",
        field: "preferred_first_name",
        count: 1,
        samples: [{ sourced_id: "o-stu", name: "Robert Owner", before: "Bobby", after: "Rob" }],
      },
    ]);
    await apply(v12);
    expect(await preferred()).toBe("Bobby");
  });

  it("a preferred name the SIS gave follows the SIS until the school changes it; the dry run lists the SIS's overwrites", async () => {
    const v12 = (preferredFirstName: string, familyName = "Follow") =>
      buildBundle({
        version: "1.2",
        users: [
          {
            sourcedId: "f-stu",
            role: "student",
            givenName: "Alexandra",
            familyName,
            preferredFirstName,
            identifier: "770002",
            grades: "10",
          },
        ],
        modes: {
          users: "delta",
          academicSessions: "absent",
          courses: "absent",
          classes: "absent",
          enrollments: "absent",
        },
      });
    await apply(v12("Sasha"));
    await apply(v12("Sandra"));
    const row = async () =>
      (await q("select preferred_first_name, last_name from students where sourced_id = 'f-stu'"))[0];
    expect(await row()).toMatchObject({ preferred_first_name: "Sandra" });
    // The legal last name is the SIS's: a local correction is overwritten, and the dry run says which.
    await q("update students set last_name = 'Folow' where sourced_id = 'f-stu'");
    const plan = await dryRun(v12("Sandra"));
    expect(plan.overwrites).toEqual([
      {
        kind: "student",
        field: "last_name",
        count: 1,
        samples: [{ sourced_id: "f-stu", name: "Alexandra Follow", before: "Folow", after: "Follow" }],
      },
    ]);
  });
});

describe("homerooms from classType=homeroom classes", () => {
  const spec = (teacher = "h-t1"): BundleSpec => ({
    users: [
      {
        sourcedId: "h-t1",
        role: "teacher",
        givenName: "Hana",
        familyName: "Home",
        email: "hana.home@sis.example",
      },
      {
        sourcedId: "h-t2",
        role: "teacher",
        givenName: "Ravi",
        familyName: "Room",
        email: "ravi.room@sis.example",
      },
      {
        sourcedId: "h-s1",
        role: "student",
        givenName: "Ho",
        familyName: "One",
        identifier: "780001",
        grades: "9",
      },
      {
        sourcedId: "h-s2",
        role: "student",
        givenName: "Ho",
        familyName: "Two",
        identifier: "780002",
        grades: "9",
      },
    ],
    courses: [{ sourcedId: "h-crs", title: "Homeroom", courseCode: "HR" }],
    classes: [
      {
        sourcedId: "h-hr",
        title: "Homeroom 204",
        courseSourcedId: "h-crs",
        classCode: "HR-204",
        classType: "homeroom",
      },
    ],
    enrollments: [
      { sourcedId: "h-e-t", classSourcedId: "h-hr", userSourcedId: teacher, role: "teacher", primary: true },
      { sourcedId: "h-e-1", classSourcedId: "h-hr", userSourcedId: "h-s1", role: "student" },
      { sourcedId: "h-e-2", classSourcedId: "h-hr", userSourcedId: "h-s2", role: "student" },
    ],
    modes: {
      users: "delta",
      academicSessions: "absent",
      courses: "delta",
      classes: "delta",
      enrollments: "delta",
    },
  });
  const homerooms = () =>
    q(
      `select s.sourced_id, t.sourced_id as teacher from students s left join staff t on t.id = s.default_teacher_id where s.sourced_id like 'h-%' order by 1`,
    );

  it("give students their homeroom teacher and the teacher the homeroom's code; no section is made", async () => {
    const plan = await dryRun(buildBundle(spec()));
    expect(plan.homerooms).toEqual({ classes: 1, students: 2 });
    await apply(buildBundle(spec()));
    expect(await homerooms()).toEqual([
      { sourced_id: "h-s1", teacher: "h-t1" },
      { sourced_id: "h-s2", teacher: "h-t1" },
    ]);
    expect(await staffRow("h-t1")).toMatchObject({ homeroom: "HR-204" });
    expect(await q("select id from sections where sourced_id = 'h-hr'")).toEqual([]);
    expect(await q("select id from enrollments where sourced_id like 'h-e-%'")).toEqual([]);
    expect((await dryRun(buildBundle(spec()))).counts).toMatchObject({ created: 0, updated: 0 });
  });

  it("follow the SIS's teacher, but never over a default teacher the school chose", async () => {
    // The school puts Ho Two with a teacher of its own (the profile, a student CSV).
    const chosen = await createStaff(state.db, { first_name: "Cho", last_name: "Sen" });
    await q(`update students set default_teacher_id = ${chosen.staff.id} where sourced_id = 'h-s2'`);
    const hana = await staffRow("h-t1");
    // The SIS moves the homeroom to Ravi: the student who still had the SIS's teacher follows, the other keeps
    // the school's choice (and the dry run says so); the code moves with the homeroom.
    const plan = await dryRun(buildBundle(spec("h-t2")));
    expect(plan.kept).toEqual([
      {
        kind: "student",
        field: "default_teacher",
        count: 1,
        samples: [{ sourced_id: "h-s2", name: "Ho Two", before: "Cho Sen", after: "Ravi Room" }],
      },
    ]);
    expect(plan.samples.updated).toContainEqual(
      expect.objectContaining({
        kind: "student",
        sourced_id: "h-s1",
        fields: { default_teacher: { before: "Hana Home", after: "Ravi Room" } },
      }),
    );
    await apply(buildBundle(spec("h-t2")));
    const rows = await q(
      `select s.sourced_id, t.id as teacher from students s left join staff t on t.id = s.default_teacher_id where s.sourced_id like 'h-%' order by 1`,
    );
    const ravi = await staffRow("h-t2");
    expect(rows).toEqual([
      { sourced_id: "h-s1", teacher: ravi!.id },
      { sourced_id: "h-s2", teacher: chosen.staff.id },
    ]);
    expect(await staffRow("h-t2")).toMatchObject({ homeroom: "HR-204" });
    expect(await staffRow("h-t1")).toMatchObject({ id: hana!.id, homeroom: null });
    expect((await dryRun(buildBundle(spec("h-t2")))).counts).toMatchObject({ created: 0, updated: 0 });
  });

  it("a student CSV names the homeroom by its code as well as by the teacher's email", async () => {
    const res = await upload({
      token: tokens.admin,
      file: csvFile(["Cee,Ess,9,780101,hr-204", "Dee,Ess,9,780102,hana.home@sis.example"]),
      headers: "first_name,last_name,grade,student_number,homeroom",
    });
    expect(res.status).toBe(202);
    await runPendingJobs(state.db);
    const rows = await q(
      `select s.student_number, t.sourced_id as teacher from students s join staff t on t.id = s.default_teacher_id where s.student_number in ('780101', '780102') order by 1`,
    );
    expect(rows).toEqual([
      { student_number: "780101", teacher: "h-t2" },
      { student_number: "780102", teacher: "h-t1" },
    ]);
  });
});

describe("staff positions and departments", () => {
  it("are kept from users.csv's extension columns and the staff CSV, and shown in the staff list", async () => {
    await apply(
      people([
        {
          sourcedId: "d-off",
          role: "administrator",
          givenName: "Olga",
          familyName: "Office",
          email: "olga.office@sis.example",
          position: "Secretary",
          department: "Main office",
        },
      ]),
    );
    expect(await staffRow("d-off")).toMatchObject({ position: "Secretary", department: "Main office" });
    // A later file without the columns keeps them.
    await apply(
      people([
        {
          sourcedId: "d-off",
          role: "administrator",
          givenName: "Olga",
          familyName: "Office",
          email: "olga.office@sis.example",
        },
      ]),
    );
    expect(await staffRow("d-off")).toMatchObject({ position: "Secretary", department: "Main office" });
    const csv = await upload({
      token: tokens.admin,
      kind: "staff",
      file: csvFile(["carl.counsel@sis.example,Counsel,Carl,Counsellor,Student services"], "staff.csv"),
      headers: "email,last_name,first_name,position,department",
    });
    expect(csv.status).toBe(202);
    await runPendingJobs(state.db);
    const list = await call(staffListRoute, { token: tokens.teacher });
    expect(list.body.find((s: { email: string }) => s.email === "olga.office@sis.example")).toMatchObject({
      position: "Secretary",
      department: "Main office",
    });
    expect(list.body.find((s: { email: string }) => s.email === "carl.counsel@sis.example")).toMatchObject({
      position: "Counsellor",
      department: "Student services",
    });
  });
});

describe("every import is one entry of the Imports history, with its report", () => {
  it("a OneRoster import is listed with its counts and report; a CSV import beside it", async () => {
    const student = await createStudent(state.db);
    const { import: entry, job } = await apply(
      people([
        {
          sourcedId: "i-stu",
          role: "student",
          givenName: "His",
          familyName: "Tory",
          identifier: "790001",
          grades: "11",
        },
      ]),
      tokens.admin,
      "nightly.zip",
    );
    const list = await call(importsRoute, { token: tokens.admin });
    expect(list.status).toBe(200);
    expect(list.body.find((i: { id: number }) => i.id === entry)).toMatchObject({
      kind: "oneroster",
      filename: "nightly.zip",
      status: "done",
      job_id: job,
      created: 1,
      updated: 0,
      skipped: 0,
      error: null,
    });
    const report = await call(importRoute, { token: tokens.admin, params: { id: String(entry) } });
    expect(report.body).toMatchObject({
      kind: "oneroster",
      oneroster: { created: 1, errors: [], sis_administrators: [] },
      report_rows: [],
    });
    expect(student.user.id).toBeGreaterThan(0);
    // A teacher sees no history.
    expect((await call(importsRoute, { token: tokens.teacher })).status).toBe(403);
  });
});
