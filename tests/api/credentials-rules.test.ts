/** @jest-environment node */
// The credentials actions' protections, roles and bad input (the actions themselves: credentials.test.ts).
import { and, eq, inArray } from "drizzle-orm";
import { POST as createApiToken } from "@/app/api/api-tokens/route";
import { POST as changePassword } from "@/app/api/change-password/route";
import { POST as login } from "@/app/api/login/route";
import { POST as archiveStudent } from "@/app/api/students/[id]/archive/route";
import { POST as disableUsers } from "@/app/api/users/disable-users/route";
import { POST as invalidatePasswords } from "@/app/api/users/invalidate-passwords/route";
import { POST as reenableUsers } from "@/app/api/users/reenable-users/route";
import { POST as resetPasswords } from "@/app/api/users/reset-passwords/route";
import { POST as verifyUser } from "@/app/api/verify-user/route";
import { auditLog, sessions, users } from "@/db/schema";
import { hashToken } from "@/lib/auth/tokens.server";
import { createStudents } from "../helpers/bulk-factories";
import { confirmedCall, useCredentialsCast } from "../helpers/credentials-cast";
import { useTestDb } from "../helpers/db";
import { createStudent, createSysadmin, TEST_PASSWORD, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { statementsOf } from "../helpers/statements";

const state = useTestDb();

const cast = useCredentialsCast(state);
const { tokens } = cast;

const userRow = async (id: number) => (await state.db.select().from(users).where(eq(users.id, id)))[0]!;

describe("protections", () => {
  it("refuses the caller's own account and changes nothing else in the request", async () => {
    const a = await createStudent(state.db);
    const res = await confirmedCall(disableUsers, {
      token: tokens.admin,
      body: { user_ids: [a.user.id, cast.admin.user.id] },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("own_account");
    expect(res.body.errors.user_ids[0]).toContain(String(cast.admin.user.id));
    expect((await userRow(a.user.id)).disabled_at).toBeNull();
    expect((await userRow(cast.admin.user.id)).disabled_at).toBeNull();
  });

  it("refuses a sysadmin their own account too", async () => {
    const res = await confirmedCall(invalidatePasswords, {
      token: tokens.sysadmin,
      body: { user_ids: [cast.sysadmin.user.id] },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("own_account");
  });

  it("keeps administrators off other administrators' and sysadmins' accounts", async () => {
    for (const target of [cast.otherAdmin, cast.sysadmin]) {
      const res = await confirmedCall(resetPasswords, { token: tokens.admin, body: { user_ids: [target.user.id] } });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("protected_account");
    }
    expect((await userRow(cast.otherAdmin.user.id)).password_expired).toBe(false);
    expect((await userRow(cast.sysadmin.user.id)).password_expired).toBe(false);
  });

  it("lets a sysadmin act on administrators and other sysadmins", async () => {
    const another = await createSysadmin(state.db);
    const res = await confirmedCall(invalidatePasswords, {
      token: tokens.sysadmin,
      body: { user_ids: [cast.otherAdmin.user.id, another.user.id] },
    });
    expect(res.status).toBe(200);
    expect((await userRow(cast.otherAdmin.user.id)).password_expired).toBe(true);
    expect((await userRow(another.user.id)).password_expired).toBe(true);
  });

  it("reports unknown ids with 404 and changes nothing", async () => {
    const a = await createStudent(state.db);
    const res = await confirmedCall(disableUsers, {
      token: tokens.admin,
      body: { user_ids: [a.user.id, 99_999_999] },
    });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: "unknown_users" });
    expect(res.body.errors.user_ids[0]).toContain("99999999");
    expect((await userRow(a.user.id)).disabled_at).toBeNull();
    const audits = await state.db.select().from(auditLog).where(eq(auditLog.target_user_id, a.user.id));
    expect(audits).toHaveLength(0);
  });
});

describe("archived students", () => {
  it("are not found by the actions: reenabling one cannot lift the archive's sign-in lock", async () => {
    const gone = await createStudent(state.db);
    const archived = await call(archiveStudent, {
      token: tokens.admin,
      params: { id: String(gone.student.id) },
      body: {},
    });
    expect(archived.status).toBe(200);
    const lockedAt = (await userRow(gone.user.id)).disabled_at;
    expect(lockedAt).not.toBeNull();

    for (const handler of [reenableUsers, resetPasswords]) {
      const res = await call(handler, { token: tokens.sysadmin, body: { user_ids: [gone.user.id] } });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("unknown_users");
      expect(res.body.errors.user_ids[0]).toContain(String(gone.user.id));
    }
    expect((await userRow(gone.user.id)).disabled_at).toEqual(lockedAt);
    const signIn = await call(login, { body: { username: gone.user.username, password: TEST_PASSWORD } });
    expect(signIn.status).toBe(423);
  });
});

describe("roles and bad input", () => {
  const routes = { resetPasswords, invalidatePasswords, disableUsers, reenableUsers };

  it.each(Object.entries(routes))("%s is for administrators and sysadmins only", async (_, handler) => {
    const a = await createStudent(state.db);
    expect((await call(handler, { token: tokens.teacher, body: { user_ids: [a.user.id] } })).status).toBe(
      403,
    );
    expect((await call(handler, { token: tokens.student, body: { user_ids: [a.user.id] } })).status).toBe(
      403,
    );
    expect((await call(handler, { body: { user_ids: [a.user.id] } })).status).toBe(401);
    const [row] = await state.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row).toMatchObject({ password_expired: false, disabled_at: null });
  });

  it.each([
    ["no user_ids", {}],
    ["an empty list", { user_ids: [] }],
    ["not a list", { user_ids: "1,2" }],
    ["text ids", { user_ids: ["abc"] }],
    ["negative ids", { user_ids: [-1] }],
    ["ids too large", { user_ids: [2 ** 40] }],
  ])("answers 422 for %s", async (_, body) => {
    const res = await confirmedCall(disableUsers, { token: tokens.admin, body });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).every((key) => key.startsWith("user_ids"))).toBe(true);
  });

  it("answers 400 for an unreadable body", async () => {
    const res = await confirmedCall(disableUsers, { token: tokens.admin, rawBody: "{user_ids:" });
    expect(res.status).toBe(400);
  });

  it("applies a bulk action in one go, with statements that do not grow with the accounts", async () => {
    const few = await createStudents(state.db, 2);
    const many = await createStudents(state.db, 200);
    const userIds = async (list: { user_id: number }[]) => list.map((s) => s.user_id);
    const count = async (ids: number[]) => {
      const { statements, result } = await statementsOf(tokens.admin, () =>
        confirmedCall(invalidatePasswords, { token: tokens.admin, body: { user_ids: ids } }),
      );
      expect(result.status).toBe(200);
      return statements;
    };
    const small = await count(await userIds(few));
    expect(await count(await userIds(many))).toBe(small);
    const expired = await state.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, await userIds(many)), eq(users.password_expired, true)));
    expect(expired).toHaveLength(200);
  });
});

describe("password confirmation", () => {
  const verify = (token: string, password = TEST_PASSWORD) => call(verifyUser, { token, body: { password } });

  it("refuses an action the session has not confirmed with its password, and changes nothing", async () => {
    const a = await createStudent(state.db);
    const res = await call(disableUsers, { token: tokens.admin, body: { user_ids: [a.user.id] } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("password_confirmation_required");
    expect((await userRow(a.user.id)).disabled_at).toBeNull();
    // A wrong password confirms nothing.
    expect((await verify(tokens.admin, "not-the-password")).status).toBe(401);
    expect((await call(disableUsers, { token: tokens.admin, body: { user_ids: [a.user.id] } })).status).toBe(403);
  });

  it("counts only POST /api/verify-user as a confirmation: a password sent with another action is none", async () => {
    const a = await createStudent(state.db);
    const token = await call(createApiToken, {
      token: tokens.admin,
      body: { name: "SIS export", scopes: ["reports:read"], password: TEST_PASSWORD },
    });
    expect(token.status).toBe(201);
    const weak = await call(changePassword, {
      token: tokens.admin,
      body: { password: TEST_PASSWORD, new_password: "password" },
    });
    expect(weak.status).toBe(422);
    const res = await call(disableUsers, { token: tokens.admin, body: { user_ids: [a.user.id] } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("password_confirmation_required");
    expect((await userRow(a.user.id)).disabled_at).toBeNull();
  });

  it("takes each confirmation once: a second action needs its own", async () => {
    const [a, b] = [await createStudent(state.db), await createStudent(state.db)];
    expect((await verify(tokens.admin)).status).toBe(200);
    expect((await call(invalidatePasswords, { token: tokens.admin, body: { user_ids: [a.user.id] } })).status).toBe(200);
    const again = await call(invalidatePasswords, { token: tokens.admin, body: { user_ids: [b.user.id] } });
    expect(again.status).toBe(403);
    expect((await userRow(b.user.id)).password_expired).toBe(false);
  });

  it("lets only one of two concurrent actions use one confirmation", async () => {
    const [a, b] = [await createStudent(state.db), await createStudent(state.db)];
    expect((await verify(tokens.admin)).status).toBe(200);
    const answers = await Promise.all(
      [a, b].map((s) => call(disableUsers, { token: tokens.admin, body: { user_ids: [s.user.id] } })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403]);
    const disabled = [await userRow(a.user.id), await userRow(b.user.id)].filter((u) => u.disabled_at !== null);
    expect(disabled).toHaveLength(1);
  });

  it("keeps a confirmation for a refused action (nothing was done with it)", async () => {
    const a = await createStudent(state.db);
    expect((await verify(tokens.admin)).status).toBe(200);
    expect((await call(disableUsers, { token: tokens.admin, body: { user_ids: [a.user.id, 99_999_999] } })).status).toBe(404);
    expect((await call(disableUsers, { token: tokens.admin, body: { user_ids: [a.user.id] } })).status).toBe(200);
  });

  it("is good for 5 minutes, and only for the session that made it", async () => {
    const a = await createStudent(state.db);
    const otherDevice = await tokenFor(state.db, cast.admin);
    expect((await verify(otherDevice)).status).toBe(200);
    expect((await call(disableUsers, { token: tokens.admin, body: { user_ids: [a.user.id] } })).status).toBe(403);

    expect((await verify(tokens.admin)).status).toBe(200);
    const [session] = await state.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.token_hash, hashToken(tokens.admin)));
    await state.db
      .update(sessions)
      .set({ password_confirmed_at: new Date(Date.now() - 5 * 60_000 - 1_000) })
      .where(eq(sessions.id, session!.id));
    expect((await call(disableUsers, { token: tokens.admin, body: { user_ids: [a.user.id] } })).status).toBe(403);
    expect((await userRow(a.user.id)).disabled_at).toBeNull();
  });
});
