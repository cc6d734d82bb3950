/** @jest-environment node */
import { eq } from "drizzle-orm";
import { POST as login } from "@/app/api/login/route";
import { GET as currentUser } from "@/app/api/user/route";
import { GET as listUsers } from "@/app/api/users/route";
import { POST as disableUsers } from "@/app/api/users/disable-users/route";
import { POST as invalidatePasswords } from "@/app/api/users/invalidate-passwords/route";
import { POST as reenableUsers } from "@/app/api/users/reenable-users/route";
import { POST as resetPasswords } from "@/app/api/users/reset-passwords/route";
import { auditLog, sessions, students, users } from "@/db/schema";
import type { CredentialUser } from "@/lib/credentials/present";
import { createStudents } from "../helpers/bulk-factories";
import { confirmedCall, useCredentialsCast } from "../helpers/credentials-cast";
import { useTestDb } from "../helpers/db";
import { createStaff, createStudent, TEST_PASSWORD, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { statementsOf } from "../helpers/statements";

const state = useTestDb();

const cast = useCredentialsCast(state);
const { tokens } = cast;

const signIn = (username: string, password = TEST_PASSWORD) => call(login, { body: { username, password } });
const userRow = async (id: number) => (await state.db.select().from(users).where(eq(users.id, id)))[0]!;
const sessionCount = async (id: number) =>
  (await state.db.select().from(sessions).where(eq(sessions.user_id, id))).length;

describe("GET /api/users", () => {
  it("lists every account with its status, password status and account type", async () => {
    const student = await createStudent(state.db, { first_name: "Jane", last_name: "Doe" });
    const res = await call<CredentialUser[]>(listUsers, { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.find((u) => u.id === student.user.id)).toEqual({
      id: student.user.id,
      username: student.user.username,
      name: "Jane Doe",
      initials: "SS",
      color: "green",
      role: "student",
      display_role: "Student",
      status: "Active",
      account_status: "active",
      password_expired: false,
      password_status: "Valid",
      sso_linked: false,
      can_manage: true,
      account_type: "student",
      details: {
        id: student.student.id,
        initials: "SS",
        color: "green",
        name: "Jane Doe",
        first_name: "Jane",
        last_name: "Doe",
        grade: student.student.grade,
      },
    });
    expect(res.body.find((u) => u.id === cast.teacher.user.id)).toMatchObject({
      name: "Ms. Teacher, Tess",
      display_role: "Teacher",
      can_manage: true,
    });
    expect(res.body.find((u) => u.id === cast.otherAdmin.user.id)).toMatchObject({
      display_role: "Administrator",
      can_manage: false,
    });
    expect(res.body.find((u) => u.id === cast.admin.user.id)).toMatchObject({ can_manage: false });
    expect(JSON.stringify(res.body)).not.toContain("password_hash");
  });

  it("gives each account GET /api/user's account_type and details, which the spec's original client reads", async () => {
    const res = await call<CredentialUser[]>(listUsers, { token: tokens.sysadmin });
    for (const token of [tokens.teacher, tokens.admin, tokens.sysadmin, tokens.student]) {
      const me = await call(currentUser, { token });
      const listed = res.body.find((u) => u.id === me.body.id)!;
      expect({ account_type: listed.account_type, details: listed.details }).toEqual({
        account_type: me.body.account_type,
        details: me.body.details,
      });
    }
  });

  it("shows sysadmin accounts only to sysadmins", async () => {
    const asAdmin = await call<CredentialUser[]>(listUsers, { token: tokens.admin });
    expect(asAdmin.body.some((u) => u.role === "sysadmin")).toBe(false);
    const asSysadmin = await call<CredentialUser[]>(listUsers, { token: tokens.sysadmin });
    expect(asSysadmin.body.find((u) => u.id === cast.sysadmin.user.id)).toMatchObject({
      display_role: "Systems Admin",
      can_manage: false,
    });
    expect(asSysadmin.body.find((u) => u.id === cast.otherAdmin.user.id)).toMatchObject({ can_manage: true });
  });

  it("reports disabled accounts and expired passwords", async () => {
    const locked = await createStudent(state.db, {
      disabled_at: new Date(Date.now() - 3 * 86_400_000),
      password_expired: true,
    });
    const res = await call<CredentialUser[]>(listUsers, { token: tokens.admin });
    expect(res.body.find((u) => u.id === locked.user.id)).toMatchObject({
      status: "Disabled 3 days ago",
      account_status: "disabled",
      password_status: "Expired",
    });
  });

  it("leaves out archived students, as every other list does", async () => {
    const archived = await createStudent(state.db, { first_name: "Gone", last_name: "Away" });
    await state.db
      .update(students)
      .set({ archived_at: new Date() })
      .where(eq(students.id, archived.student.id));
    const res = await call<CredentialUser[]>(listUsers, { token: tokens.sysadmin });
    expect(res.body.some((u) => u.id === archived.user.id)).toBe(false);
    expect(res.body.some((u) => u.id === cast.teacher.user.id)).toBe(true);
  });

  it("costs the same statements for 5 accounts as for 300 more", async () => {
    const count = async () => {
      const { statements, result } = await statementsOf(tokens.admin, () =>
        call(listUsers, { token: tokens.admin }),
      );
      expect(result.status).toBe(200);
      return statements;
    };
    const few = await count();
    await createStudents(state.db, 300);
    expect(await count()).toBe(few);
    expect(few).toBeLessThanOrEqual(3);
  });

  it("is for administrators and sysadmins only", async () => {
    expect((await call(listUsers, { token: tokens.teacher })).status).toBe(403);
    expect((await call(listUsers, { token: tokens.student })).status).toBe(403);
    expect((await call(listUsers)).status).toBe(401);
  });
});

describe("POST /api/users/reset-passwords", () => {
  it("gives each account a new temporary password, shown once, expired, and signs it out", async () => {
    const a = await createStudent(state.db, { first_name: "Ann", last_name: "Ames" });
    const b = await createStaff(state.db);
    const openSession = await tokenFor(state.db, a);
    const res = await confirmedCall(resetPasswords, {
      token: tokens.admin,
      body: { user_ids: [a.user.id, b.user.id, a.user.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: "Reset passwords successfully.",
      action: "reset-passwords",
      count: 2,
      user_ids: [Math.min(a.user.id, b.user.id), Math.max(a.user.id, b.user.id)],
    });
    const shown = res.body.passwords.find((p: { user_id: number }) => p.user_id === a.user.id);
    expect(shown).toMatchObject({ username: a.user.username, name: "Ann Ames", display_role: "Student" });
    expect(shown.password).toMatch(/^[A-Za-z0-9]{14}$/);
    expect(res.body.passwords[0].password).not.toBe(res.body.passwords[1].password);

    expect((await call(currentUser, { token: openSession })).status).toBe(401);
    expect((await signIn(a.user.username)).status).toBe(401);
    const fresh = await signIn(a.user.username, shown.password);
    expect(fresh.status).toBe(200);
    const me = await call(currentUser, { token: fresh.body.access_token });
    expect(me.body.password_expired).toBe(true);
    expect((await userRow(a.user.id)).password_hash).not.toContain(shown.password);
  });

  it("writes one audit entry per account with who, what and whom", async () => {
    const a = await createStudent(state.db);
    await confirmedCall(resetPasswords, { token: tokens.admin, body: { user_ids: [a.user.id] } });
    const rows = await state.db.select().from(auditLog).where(eq(auditLog.target_user_id, a.user.id));
    expect(rows).toEqual([
      expect.objectContaining({
        actor_user_id: cast.admin.user.id,
        action: "credentials.reset_password",
        target_user_id: a.user.id,
        details: { username: a.user.username, accounts: 1 },
      }),
    ]);
  });
});

describe("POST /api/users/invalidate-passwords", () => {
  it("expires the password and signs the account out, keeping the password", async () => {
    const a = await createStaff(state.db);
    const openSession = await tokenFor(state.db, a);
    const res = await confirmedCall(invalidatePasswords, { token: tokens.admin, body: { user_ids: [a.user.id] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: "Invalidated passwords successfully.",
      action: "invalidate-passwords",
      count: 1,
      user_ids: [a.user.id],
    });
    expect((await userRow(a.user.id)).password_expired).toBe(true);
    expect(await sessionCount(a.user.id)).toBe(0);
    expect((await call(currentUser, { token: openSession })).status).toBe(401);
    const again = await signIn(a.user.username);
    expect(again.status).toBe(200);
    expect((await call(currentUser, { token: again.body.access_token })).body.password_expired).toBe(true);
    const audits = await state.db.select().from(auditLog).where(eq(auditLog.target_user_id, a.user.id));
    expect(audits.map((r) => [r.action, r.actor_user_id, r.details])).toEqual([
      ["credentials.invalidate_password", cast.admin.user.id, { username: a.user.username, accounts: 1 }],
    ]);
  });
});

describe("POST /api/users/disable-users and reenable-users", () => {
  it("locks the account: an open session ends on its next request, sign-in answers 423", async () => {
    const a = await createStudent(state.db);
    const openSession = await tokenFor(state.db, a);
    expect((await call(currentUser, { token: openSession })).status).toBe(200);
    const res = await confirmedCall(disableUsers, { token: tokens.admin, body: { user_ids: [a.user.id] } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Disabled accounts successfully.");
    expect((await call(currentUser, { token: openSession })).status).toBe(401);
    expect((await signIn(a.user.username)).status).toBe(423);
    const listed = await call<CredentialUser[]>(listUsers, { token: tokens.admin });
    expect(listed.body.find((u) => u.id === a.user.id)?.account_status).toBe("disabled");

    const back = await confirmedCall(reenableUsers, { token: tokens.admin, body: { user_ids: [a.user.id] } });
    expect(back.status).toBe(200);
    expect(back.body.message).toBe("Reenabled accounts successfully.");
    expect((await userRow(a.user.id)).disabled_at).toBeNull();
    expect((await signIn(a.user.username)).status).toBe(200);
  });

  it("keeps the moment an already disabled account was locked", async () => {
    const since = new Date(Date.now() - 86_400_000);
    const a = await createStudent(state.db, { disabled_at: since });
    await confirmedCall(disableUsers, { token: tokens.admin, body: { user_ids: [a.user.id] } });
    expect((await userRow(a.user.id)).disabled_at).toEqual(since);
  });

  it("audits both actions", async () => {
    const a = await createStudent(state.db);
    await confirmedCall(disableUsers, { token: tokens.sysadmin, body: { user_ids: [a.user.id] } });
    await confirmedCall(reenableUsers, { token: tokens.sysadmin, body: { user_ids: [a.user.id] } });
    const rows = await state.db.select().from(auditLog).where(eq(auditLog.target_user_id, a.user.id));
    expect(rows.map((r) => [r.action, r.actor_user_id])).toEqual([
      ["credentials.disable", cast.sysadmin.user.id],
      ["credentials.reenable", cast.sysadmin.user.id],
    ]);
  });
});
