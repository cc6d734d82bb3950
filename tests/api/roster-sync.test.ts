/** @jest-environment node */
import { sql } from "drizzle-orm";
import { GET as importRoute } from "@/app/api/imports/[id]/route";
import { GET as importsRoute } from "@/app/api/imports/route";
import { GET as jobRoute } from "@/app/api/jobs/[id]/route";
import { POST as onerosterRoute } from "@/app/api/rostering/oneroster/route";
import { GET as getSource, PUT as putSource } from "@/app/api/rostering/source/route";
import { POST as syncRoute } from "@/app/api/rostering/source/sync/route";
import { POST as testRoute } from "@/app/api/rostering/source/test/route";
import { resultRows } from "@/db/queries/checkin";
import { blocks } from "@/db/schema";
import { enqueueRecurringJobs, runPendingJobs } from "@/lib/jobs/runner.server";
import { parseBundle, type Bundle } from "@/lib/oneroster/parse";
import { pullRoster } from "@/lib/oneroster/rest/pull.server";
import { savedSettings } from "@/lib/oneroster/rest/source.server";
import { setPullLimitsForTests } from "@/lib/oneroster/rest/sync.server";
import { useTestDb } from "../helpers/db";
import { rosterDump } from "../helpers/roster-dump";
import { createAdmin, createStaff, tokenFor } from "../helpers/factories";
import { call, callForm } from "../helpers/http";
import { startSmtpServer } from "../helpers/smtp";
import { buildBundle, smallSchool, type BundleSpec } from "../helpers/oneroster-bundle";
import { CLIENT_ID, CLIENT_SECRET, startRestServer, type Faults, type RestServer } from "../helpers/oneroster-rest-server";

const state = useTestDb();
const tokens = {} as Record<"admin" | "teacher", string>;
let adminStaffId = 0;
let adminEmail = "";

beforeAll(async () => {
  const admin = await createAdmin(state.db);
  adminStaffId = admin.staff.id;
  adminEmail = admin.staff.email;
  tokens.admin = await tokenFor(state.db, admin);
  tokens.teacher = await tokenFor(state.db, await createStaff(state.db));
  await state.db.insert(blocks).values(["Block 1", "Block 2", "Block 3", "Block 4"].map((label) => ({ label, flex: false })));
  // A real SIS gets seconds of back-off and a thousand pages; the tests' server answers at once.
  setPullLimitsForTests({ backoffMs: 1, maxPagesPerEndpoint: 30, timeoutMs: 5000 });
});
afterAll(() => setPullLimitsForTests(undefined));

const q = async (text: string) => resultRows(await state.db.execute(sql.raw(text)));

const dump = () => rosterDump(state.db);

async function useSource(server: RestServer, extra: Record<string, unknown> = {}) {
  const res = await call(putSource, {
    token: tokens.admin,
    method: "PUT",
    body: { base_url: server.baseUrl, token_url: server.tokenUrl, client_id: CLIENT_ID, client_secret: CLIENT_SECRET, version: "1.1", ...extra },
  });
  expect(res.status).toBe(200);
  return res.body;
}

const sync = (body: Record<string, unknown>, token = tokens.admin) => call(syncRoute, { token, body });

function csvDryRun(bundle: Uint8Array, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set("file", new File([bundle as Uint8Array<ArrayBuffer>], "roster.zip", { type: "application/zip" }));
  form.set("dry_run", "true");
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return callForm(onerosterRoute, { token: tokens.admin, form });
}

async function syncNow(body: Record<string, unknown> = {}) {
  const res = await sync({ dry_run: false, ...body });
  expect(res.status).toBe(202);
  expect(res.body.import.report).toBe(`/imports/${res.body.import.id}`);
  await runPendingJobs(state.db);
  const job = await call(jobRoute, { token: tokens.admin, params: { id: String(res.body.job.id) } });
  expect(job.body.status).toBe("succeeded");
  const [entry] = await q(`select kind, status, error, filename from imports where id = ${res.body.import.id}`);
  return { result: job.body.result, entry: entry! };
}

/** The rows as the planner takes them, without their line numbers or the columns only one side writes. */
function rowsOf(bundle: Bundle) {
  const { columns: _columns, ...rows } = bundle;
  return rows;
}

const spec: BundleSpec = smallSchool({ students: 230, teachers: 4, sections: 8 });

describe("a OneRoster 1.1 REST source", () => {
  let server: RestServer;
  beforeAll(async () => {
    server = await startRestServer(spec);
    await useSource(server, { school_sourced_id: null });
  });
  afterAll(() => server.close());

  it("the test: the token, then the schools found", async () => {
    const res = await call(testRoute, { token: tokens.admin, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, message: "Found 1 school: Test Secondary.", orgs: [{ sourced_id: "org-school-1", name: "Test Secondary", type: "school" }] });
    expect(res.body.steps.map((s: { step: string; ok: boolean }) => [s.step, s.ok])).toEqual([["token", true], ["orgs", true]]);
    expect(res.body.steps[1].message).toMatch(/^The orgs endpoint listed \d+ orgs?, 1 school among them\.$/);
    const wrong = await call(testRoute, { token: tokens.admin, body: { base_url: server.baseUrl, token_url: server.tokenUrl, client_id: "someone-else", version: "1.1" } });
    expect(wrong.body).toMatchObject({ ok: false, message: "The token endpoint refused the client id and secret.", steps: [{ step: "token", ok: false }] });
    expect((await call(testRoute, { token: tokens.admin, body: { base_url: "ftp://x" } })).status).toBe(422);
    // The saved secret is not sent to another token URL: the test asks for it instead of signing in there.
    const elsewhere = await call(testRoute, {
      token: tokens.admin,
      body: { base_url: server.baseUrl, token_url: "http://127.0.0.1:9/oauth/token", client_id: "flexblock-test", version: "1.1" },
    });
    expect([elsewhere.status, elsewhere.body.errors?.client_secret]).toEqual([422, ["Enter the client secret again: the saved one is sent only to the addresses it was saved with."]]);
    expect((await call(testRoute, { token: tokens.teacher, body: {} })).status).toBe(403);
  });

  it("the pull reads every page and gives the same rows as the CSV bundle of the same data", async () => {
    const { settings } = await savedSettings(state.db);
    const pull = await pullRoster({ ...settings, archive_missing: true }, { since: null });
    // 234 users and 468 enrolments at 100 a page: 3 and 5 pages, each ended by a short page.
    expect(pull.rows).toEqual({ orgs: 1, academicSessions: 3, users: 234, courses: 3, classes: 8, enrollments: 468 });
    expect(server.requests.filter((r) => r.includes("/users?")).length).toBe(3);
    const fromRest = await parseBundle(pull.bundle);
    const fromCsv = await parseBundle(buildBundle(spec));
    expect(rowsOf(fromRest)).toEqual(rowsOf(fromCsv));
    for (const column of ["email", "preferredFirstName", "position", "department"]) {
      expect([column, fromRest.columns.users.includes(column)]).toEqual([column, fromCsv.columns.users.includes(column)]);
    }
  });

  it("the dry run is the CSV bundle's dry run, with what was pulled; nothing written", async () => {
    const before = await dump();
    const res = await sync({ dry_run: true });
    expect(res.status).toBe(200);
    const { pull, ...plan } = res.body;
    expect(pull).toMatchObject({ pages: 1 + 1 + 3 + 1 + 1 + 5, rows: { users: 234, enrollments: 468 }, other_schools: 0, mode: "full" });
    // archive_missing is off: the pull's users are a delta (the CSV's users.csv as delta is the same plan on an empty school).
    const csv = await csvDryRun(buildBundle({ ...spec, modes: { users: "delta" } }));
    expect(plan).toEqual(csv.body);
    expect(plan.counts.created).toBeGreaterThan(700);
    expect(await dump()).toEqual(before);
  });

  it("Sync now: the job pulls and applies, an Imports entry of kind oneroster; the CSV import of the same data then changes nothing", async () => {
    const { result, entry } = await syncNow();
    expect(entry).toMatchObject({ kind: "oneroster", status: "done", error: null, filename: "OneRoster REST pull" });
    expect(result).toMatchObject({ status: "done", errors: [], pull: { mode: "full" } });
    expect(result.created).toBeGreaterThan(700);
    const source = await call(getSource, { token: tokens.admin });
    expect(source.body.last_run).toMatchObject({ status: "done", error: null, counts: { created: result.created, errors: 0 } });
    // The Imports screen's history and report, as for a bundle upload.
    const report = await call(importRoute, { token: tokens.admin, params: { id: String(source.body.last_run.import_id) } });
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ kind: "oneroster", status: "done", oneroster: { created: result.created, errors: [] } });
    const history = await call(importsRoute, { token: tokens.admin });
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain(`"id":${source.body.last_run.import_id}`);
    const after = await dump();
    const csv = await csvDryRun(buildBundle(spec));
    expect(csv.body.counts).toMatchObject({ created: 0, updated: 0, archived: 0, dropped: 0, errors: 0 });
    expect(await dump()).toEqual(after);
  });

  it("the next sync asks only for what changed since the last pull began (a delta)", async () => {
    server.requests.length = 0;
    const [{ started } = { started: null }] = await q("select last_pull_started_at as started from roster_sources");
    const user = server.data.users.find((u) => u.sourcedId === "stu-3")!;
    user.familyName = "Changed";
    user.dateLastModified = new Date(Date.now() + 60_000).toISOString();
    const { result, entry } = await syncNow();
    expect(entry.filename).toBe("OneRoster REST pull (changes)");
    expect(result).toMatchObject({ status: "done", updated: 1, created: 0, archived: 0, dropped: 0, pull: { mode: "delta", rows: { users: 1, enrollments: 0 } } });
    // Every endpoint but orgs (the school is chosen among all of them) asks from a little before the last pull began.
    const since = new Date(new Date(started as string).getTime() - 10 * 60_000).toISOString();
    const gets = server.requests.filter((r) => r.startsWith("GET") && !r.includes("/orgs?"));
    expect(gets.length).toBeGreaterThanOrEqual(5);
    for (const r of gets) expect(new URL(r.slice(4), "http://x").searchParams.get("filter")).toBe(`dateLastModified>'${since}'`);
    expect((await q("select last_name from students where sourced_id = 'stu-3'"))[0]).toEqual({ last_name: "Changed" });
  });

  it("a page that fails once is tried again; a token that expires mid-pull is fetched again once", async () => {
    server.faults.failOnce = new Set(["users:2"]);
    server.faults.expireTokenAfter = server.dataRequests + 4;
    server.requests.length = 0;
    const issued = server.tokensIssued;
    try {
      const res = await sync({ dry_run: true, full: true });
      expect(res.body.errors).toEqual([]);
      expect(res.body.pull.rows.users).toBe(234);
      // orgs, 3 sessions, users page 1, then users page 2: the token expired (401), a new one; 503; the page
      expect(server.requests.filter((r) => r.includes("/users?") && r.includes("offset=100")).length).toBe(3);
      expect(server.tokensIssued).toBe(issued + 2);
    } finally {
      server.faults.failOnce = undefined;
      server.faults.expireTokenAfter = undefined;
    }
  });

  it("a same-host redirect is followed", async () => {
    server.faults.redirectHere = "courses";
    try {
      const res = await sync({ dry_run: true, full: true });
      expect(res.body.errors).toEqual([]);
      expect(server.requests.some((r) => r.includes("/courses?") && r.includes("moved=1"))).toBe(true);
    } finally {
      server.faults.redirectHere = undefined;
    }
  });

  const refused: [string, Faults, string, RegExp][] = [
    ["a page that keeps failing", { failAlways: new Set(["users:2"]) }, "users page 2", /failed 4 times/],
    ["a page of 10 MB", { hugePage: "classes:1" }, "classes page 1", /larger than 5 MB/],
    ["a page of 10 MB without its length", { hugeChunked: "users:2" }, "users page 2", /larger than 5 MB/],
    ["a redirect to another host", { redirectElsewhere: "courses" }, "courses page 1", /another host \(127\.0\.0\.2/],
    ["HTML from the token endpoint", { tokenHtml: true }, "token", /web page/],
    ["endless paging", { endless: "enrollments" }, "enrollments page 31", /never sent a short last page/],
    ["a page that ignores the offset", { ignoresOffset: "users" }, "users page 2", /same page again/],
  ];
  it.each(refused)("%s: a sentence naming where, nothing written", async (_what, faults, where, reason) => {
    Object.assign(server.faults, faults);
    try {
      const before = await dump();
      const res = await sync({ dry_run: true, full: true });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ dry_run: true, counts: { errors: 1 } });
      expect(res.body.errors).toEqual([{ file: where, line: 0, reason: expect.stringMatching(reason) }]);
      expect(await dump()).toEqual(before);
    } finally {
      for (const key of Object.keys(faults)) delete (server.faults as Record<string, unknown>)[key];
    }
  });

  it("a sync whose pull fails writes nothing, is a failed run in the history and tells the administrators (by email too)", async () => {
    server.faults.failAlways = new Set(["enrollments:3"]);
    const smtp = await startSmtpServer();
    const before = await dump();
    let outcome;
    try {
      outcome = await syncNow({ full: true });
      await smtp.waitFor(1);
      expect(smtp.recipients()).toContain(adminEmail);
      expect(smtp.messages[0]!.subject).toBe("The roster sync from the SIS failed");
    } finally {
      server.faults.failAlways = undefined;
      await smtp.close();
    }
    const { result, entry } = outcome;
    expect(result).toMatchObject({ status: "failed", errors: [{ file: "enrollments page 3", line: 0 }] });
    expect(entry).toMatchObject({ status: "failed" });
    expect(entry.error).toMatch(/^The pull failed: enrollments page 3: /);
    expect(await dump()).toEqual(before);
    const told = await q(`select n.body, n.link from notifications n join notification_recipients r on r.notification_id = n.id where r.staff_id = ${adminStaffId}`);
    expect(told.at(-1)).toMatchObject({ body: expect.stringMatching(/^The roster sync from the SIS failed: The pull failed: enrollments page 3: /), link: expect.stringMatching(/^\/imports\/\d+$/) });
    const source = await call(getSource, { token: tokens.admin });
    expect(source.body.last_run).toMatchObject({ status: "failed", counts: { errors: 1 } });
  });

  it("rows with an unknown enumeration are the parser's problems, as in a bundle", async () => {
    const user = server.data.users.find((u) => u.sourcedId === "stu-4")!;
    const saved = user.status;
    user.status = "retired";
    try {
      const res = await sync({ dry_run: true, full: true });
      expect(res.body.errors).toContainEqual({ file: "users.csv", line: expect.any(Number), reason: "status must be active or tobedeleted." });
    } finally {
      user.status = saved;
    }
  });

  it("Sync now while a sync is queued: 409, nothing more queued", async () => {
    const first = await sync({ dry_run: false });
    expect(first.status).toBe(202);
    const second = await sync({ dry_run: false });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: "import_running", message: expect.stringContaining(`/imports/${first.body.import.id}`) });
    await runPendingJobs(state.db);
    expect((await q(`select status from imports where id = ${first.body.import.id}`))[0]).toEqual({ status: "done" });
  });

  it("sync: 422 for a body without dry_run, 403 for a teacher", async () => {
    expect((await sync({})).status).toBe(422);
    expect((await sync({ dry_run: true }, tokens.teacher)).status).toBe(403);
  });
});

describe("a OneRoster 1.2 district endpoint (three schools)", () => {
  /** Each teacher, class and student at one of three schools (a student in one class of their school). */
  const district: BundleSpec = (() => {
    const base = smallSchool({ students: 12, teachers: 3, sections: 6, perStudent: 1 });
    const schools = ["org-north", "org-south", "org-east"];
    const at = (i: number) => schools[i % 3]!;
    const number = (id: string) => Number(id.split("-").at(-1));
    const schoolOfUser = (id: string) => (id.startsWith("tch-") ? at(number(id) - 1) : at((number(id) % 6) % 3));
    return {
      version: "1.2",
      orgs: schools.map((id, i) => ({ sourcedId: id, name: ["North High", "South High", "East High"][i]! })),
      sessions: base.sessions,
      users: base.users!.map((u) => ({ ...u, sourcedId: `d-${u.sourcedId}`, identifier: u.identifier && `7${u.identifier}`, email: u.email && `d.${u.email}`, orgSourcedIds: schoolOfUser(u.sourcedId) })),
      courses: base.courses!.map((c) => ({ ...c, sourcedId: `d-${c.sourcedId}`, courseCode: `D${c.courseCode}`, orgSourcedId: "org-north" })),
      classes: base.classes!.map((c, i) => ({ ...c, sourcedId: `d-${c.sourcedId}`, courseSourcedId: `d-${c.courseSourcedId}`, classCode: `D${c.classCode}`, schoolSourcedId: at(i) })),
      enrollments: base.enrollments!.map((e) => ({
        ...e,
        sourcedId: `d-${e.sourcedId}`,
        classSourcedId: `d-${e.classSourcedId}`,
        userSourcedId: `d-${e.userSourcedId}`,
        schoolSourcedId: at(number(e.classSourcedId) - 1),
      })),
    };
  })();
  let server: RestServer;
  beforeAll(async () => {
    server = await startRestServer(district);
    await useSource(server, { version: "1.2", school_sourced_id: "org-north", archive_missing: true });
  });
  afterAll(() => server.close());

  it("the test finds the three schools", async () => {
    const res = await call(testRoute, { token: tokens.admin, body: {} });
    expect(res.body).toMatchObject({ ok: true, message: "Found 3 schools: North High, South High, East High." });
  });

  it("roles inside users become roles.csv: the same rows as the 1.2 CSV bundle", async () => {
    const { settings } = await savedSettings(state.db);
    const pull = await pullRoster(settings, { since: null });
    expect(rowsOf(await parseBundle(pull.bundle))).toEqual(rowsOf(await parseBundle(buildBundle(district))));
  });

  it("the dry run keeps one school's rows, says how many were other schools', and is the CSV's dry run", async () => {
    const res = await sync({ dry_run: true, full: true });
    const { pull, ...plan } = res.body;
    expect(plan.errors).toEqual([]);
    expect(plan.org_sourced_id).toBe("org-north");
    expect(pull.other_schools).toBeGreaterThan(0);
    const csv = await csvDryRun(buildBundle(district), { org_sourced_id: "org-north" });
    expect(plan).toEqual(csv.body);
  });

  it("applied, then a delta with the school chosen: every org is read again, only changed rows of the rest", async () => {
    const { result } = await syncNow();
    expect(result).toMatchObject({ status: "done", errors: [] });
    expect(await q("select count(*)::int as n from sections where sourced_id like 'd-cls-%'")).toEqual([{ n: 2 }]);
    server.requests.length = 0;
    const user = server.data.users.find((u) => u.sourcedId === "d-stu-3")!;
    user.givenName = "Renamed";
    user.dateLastModified = new Date(Date.now() + 60_000).toISOString();
    const delta = await syncNow();
    expect(delta.result).toMatchObject({ status: "done", updated: 1, created: 0, archived: 0, dropped: 0, pull: { mode: "delta" } });
    const gets = server.requests.filter((r) => r.startsWith("GET"));
    expect(gets.filter((r) => r.includes("filter=")).length).toBe(gets.length - 1);
    expect(gets.find((r) => r.includes("/orgs?"))).not.toContain("filter=");
  });
});

describe("the nightly run", () => {
  let server: RestServer;
  beforeAll(async () => {
    server = await startRestServer(spec);
  });
  afterAll(() => server.close());

  /** The recurring check (every kind's), answering the roster pulls it queued. */
  const due = async () => {
    const made = await enqueueRecurringJobs(state.db);
    if (made.length === 0) return [];
    return (await q(`select id from jobs where kind = 'oneroster_pull' and id in (${made.join(",")}) order by id`)).map((r) => Number(r.id));
  };
  const yesterdayRun = () => q("update roster_sources set last_scheduled_on = (current_date - 2)::text::date");

  it("without a schedule nothing is due; saving a schedule already past today first runs tomorrow", async () => {
    await useSource(server, { schedule: null });
    expect(await due()).toEqual([]);
    const saved = await useSource(server, { schedule: "00:00" });
    expect(Date.parse(saved.next_run_at)).toBeGreaterThan(Date.now());
    expect(await due()).toEqual([]);
  });

  it("past the schedule and not yet run today: queued once across instances, run, in the Imports history", async () => {
    await yesterdayRun();
    const made = await due();
    expect(made).toHaveLength(1);
    expect(await due()).toEqual([]); // queued already
    await runPendingJobs(state.db);
    expect(await due()).toEqual([]); // run today
    const [entry] = await q(`select kind, status, uploaded_by from imports where job_id = ${made[0]}`);
    expect(entry).toEqual({ kind: "oneroster", status: "done", uploaded_by: null });
    const [job] = await q(`select status, result from jobs where id = ${made[0]}`);
    expect(job).toMatchObject({ status: "succeeded", result: { status: "done" } });
  });

  it("two runs queued for the same day: the second does nothing", async () => {
    await yesterdayRun();
    await due();
    // Another instance's check raced this one's: a second job of the kind for the same day.
    await q("insert into jobs (kind, payload, max_attempts) values ('oneroster_pull', '{}'::jsonb, 2)");
    const before = Number((await q("select count(*)::int as n from imports"))[0]!.n);
    await runPendingJobs(state.db);
    expect(Number((await q("select count(*)::int as n from imports"))[0]!.n)).toBe(before + 1);
    const [skipped] = await q("select result from jobs where kind = 'oneroster_pull' order by id desc limit 1");
    expect(skipped!.result).toEqual({ status: "skipped" });
  });

  it("a failing nightly run tells the administrators", async () => {
    server.faults.tokenHtml = true;
    await yesterdayRun();
    const [id] = await due();
    await runPendingJobs(state.db);
    server.faults.tokenHtml = false;
    const [entry] = await q(`select status, error from imports where job_id = ${id}`);
    expect(entry!.status).toBe("failed");
    expect(entry!.error).toMatch(/^The pull failed: token: The token endpoint answered with a web page/);
    const told = await q(`select n.body from notifications n join notification_recipients r on r.notification_id = n.id where r.staff_id = ${adminStaffId} order by n.id desc limit 1`);
    expect(told[0]!.body).toMatch(/web page/);
  });
});
