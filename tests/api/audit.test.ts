/** @jest-environment node */
import { GET as auditRoute } from "@/app/api/audit/route";
import { GET as exportRoute } from "@/app/api/audit/export/route";
import { POST as disableUsers } from "@/app/api/users/disable-users/route";
import { insertAudit } from "@/db/queries/audit";
import type { AuditLogView } from "@/lib/audit/service.server";
import { schoolInstant } from "@/lib/core/time";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { confirmedCall } from "../helpers/credentials-cast";
import { call } from "../helpers/http";
import { statementsOf } from "../helpers/statements";
import { TEST_TIMEZONE, weekdayDate } from "../helpers/timetable-factories";

const state = useTestDb();

type Account = { user: { id: number; username: string } };
let admin: Account;
let sysadmin: Account;
let student: Account;
const tokens: Record<string, string> = {};
const day1 = weekdayDate(1, -2);
const day2 = weekdayDate(3, -2);

beforeAll(async () => {
  admin = await createAdmin(state.db, { title: "Ms.", first_name: "Ada", last_name: "Admin" });
  sysadmin = await createSysadmin(state.db);
  student = await createStudent(state.db, { first_name: "Jane", last_name: "Doe" });
  tokens.admin = await tokenFor(state.db, admin);
  tokens.sysadmin = await tokenFor(state.db, sysadmin);
  tokens.teacher = await tokenFor(state.db, await createStaff(state.db));
  tokens.student = await tokenFor(state.db, student);
  const at = (date: string, time: string) => schoolInstant(date, time, TEST_TIMEZONE);
  await insertAudit(state.db, {
    actor_user_id: admin.user.id,
    action: "settings.update",
    details: { changes: { school_name: { from: "A", to: "B" } } },
    created_at: at(day1, "09:00"),
  });
  await insertAudit(state.db, {
    actor_user_id: sysadmin.user.id,
    action: "wiki.group.create",
    details: { group_id: 3, title: '=HYPERLINK("x")' },
    created_at: at(day2, "10:00"),
  });
  await insertAudit(state.db, {
    actor_user_id: admin.user.id,
    action: "credentials.disable",
    target_user_id: student.user.id,
    details: { username: student.user.username, accounts: 1 },
    created_at: at(day2, "23:30"),
  });
});

const get = (query: Record<string, string> = {}, token = tokens.admin) =>
  call<AuditLogView>(auditRoute, { token, query });

describe("GET /api/audit", () => {
  it("lists every entry newest first with who, what, whom and when, any action", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body.entries.map((e) => e.action)).toEqual([
      "credentials.disable",
      "wiki.group.create",
      "settings.update",
    ]);
    expect(res.body.entries[0]).toEqual({
      id: expect.any(Number),
      created_at: schoolInstant(day2, "23:30", TEST_TIMEZONE).toISOString(),
      action: "credentials.disable",
      action_label: "Disabled account",
      actor: { user_id: admin.user.id, name: "Ms. Admin, Ada", role: "Administrator" },
      target: { user_id: student.user.id, name: "Jane Doe", username: student.user.username },
      details: { username: student.user.username, accounts: 1 },
      summary: `Account ${student.user.username}.`,
    });
    expect(res.body.entries[1]).toMatchObject({
      action_label: "Wiki group create",
      actor: { name: "Sys Admin", role: "Systems Admin" },
      target: null,
    });
    expect(res.body.truncated).toBe(false);
    expect(res.body.actors).toEqual(
      expect.arrayContaining([
        { user_id: admin.user.id, name: "Ms. Admin, Ada" },
        { user_id: sysadmin.user.id, name: "Sys Admin" },
      ]),
    );
    expect(res.body.actions.map((a) => a.action)).toEqual([
      "credentials.disable",
      "settings.update",
      "wiki.group.create",
    ]);
  });

  it("filters by actor, action and school dates (a whole day in the school's zone)", async () => {
    expect((await get({ actor: String(sysadmin.user.id) })).body.entries.map((e) => e.action)).toEqual([
      "wiki.group.create",
    ]);
    expect((await get({ action: "settings.update" })).body.entries).toHaveLength(1);
    expect((await get({ from: day2, to: day2 })).body.entries.map((e) => e.action)).toEqual([
      "credentials.disable",
      "wiki.group.create",
    ]);
    expect((await get({ to: day1 })).body.entries.map((e) => e.action)).toEqual(["settings.update"]);
    expect(
      (await get({ actor: "", action: "", from: "", to: "" })).body.entries.length,
    ).toBeGreaterThanOrEqual(3);
  });

  it("shows what the credentials actions wrote", async () => {
    const target = await createStudent(state.db);
    await confirmedCall(disableUsers, { token: tokens.admin, body: { user_ids: [target.user.id] } });
    const res = await get({ action: "credentials.disable" });
    expect(res.body.entries[0]).toMatchObject({
      actor: { user_id: admin.user.id },
      target: { user_id: target.user.id, username: target.user.username },
    });
  });

  it("costs the same statements however many entries there are", async () => {
    const count = async () => {
      const { statements, result } = await statementsOf(tokens.admin, () => get());
      expect(result.status).toBe(200);
      return statements;
    };
    const few = await count();
    for (let i = 0; i < 20; i++) {
      await insertAudit(state.db, {
        actor_user_id: admin.user.id,
        action: `test.action_${i % 4}`,
        details: { i },
      });
    }
    expect(await count()).toBe(few);
  });

  it.each([
    ["an actor that is not an id", { actor: "abc" }, "actor"],
    ["a date that is not a date", { from: "yesterday" }, "from"],
    ["an end before the start", { from: day2, to: day1 }, "to"],
    ["an action with control characters", { action: "a\u0000b" }, "action"],
  ])("answers 422 for %s", async (_, query, field) => {
    const res = await get(query);
    expect(res.status).toBe(422);
    expect(Object.keys((res.body as unknown as { errors: object }).errors)).toContain(field);
  });

  it("is for administrators and sysadmins only", async () => {
    expect((await get({}, tokens.sysadmin)).status).toBe(200);
    expect((await get({}, tokens.teacher)).status).toBe(403);
    expect((await get({}, tokens.student)).status).toBe(403);
    expect((await call(auditRoute)).status).toBe(401);
    expect((await call(exportRoute, { token: tokens.teacher })).status).toBe(403);
  });
});

describe("GET /api/audit/export", () => {
  it("downloads the filtered entries as CSV, formulas defused", async () => {
    const res = await call<string>(exportRoute, { token: tokens.admin, query: { from: day2, to: day2 } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-log-.*\.csv"$/);
    const lines = res.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Time,Actor,Action,Target,Target username,Details");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(
      `${day2} 23:30:00,"Ms. Admin, Ada",Disabled account,Jane Doe,${student.user.username},Account ${student.user.username}.`,
    );
    expect(lines[2]).toContain(
      `${day2} 10:00:00,Sys Admin,Wiki group create,,,"Title “=HYPERLINK(""x"")”."`,
    );
  });

  it("never lets a spreadsheet read a cell as a formula", async () => {
    const day0 = weekdayDate(1, -3);
    const evil = await createStudent(state.db, { first_name: "=2+3", last_name: "Evil" });
    await insertAudit(state.db, {
      actor_user_id: admin.user.id,
      action: "credentials.reenable",
      target_user_id: evil.user.id,
      created_at: schoolInstant(day0, "12:00", TEST_TIMEZONE),
    });
    const res = await call<string>(exportRoute, { token: tokens.admin, query: { from: day0, to: day0 } });
    expect(res.body.split("\r\n")[1]).toContain(",'=2+3 Evil,");
  });
});
