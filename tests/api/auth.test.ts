/** @jest-environment node */
import { eq } from "drizzle-orm";
import { POST as login } from "@/app/api/login/route";
import { POST as checkUser } from "@/app/api/check-user/route";
import { GET as currentUser } from "@/app/api/user/route";
import { POST as logout } from "@/app/api/logout/route";
import { POST as changePassword } from "@/app/api/change-password/route";
import { POST as verifyUser } from "@/app/api/verify-user/route";
import { GET as settingsRoute } from "@/app/api/settings/route";
import { authThrottle, sessions, users } from "@/db/schema";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, TEST_PASSWORD, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

const state = useTestDb();

describe("POST /api/login", () => {
  it("returns a bearer token that /api/user accepts", async () => {
    const { user } = await createStaff(state.db, { email: "Jane.Doe@Test.School" });
    const res = await call(login, { body: { username: "  JANE.DOE@test.school ", password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: "Bearer", expires_in: 86400 });
    expect(res.body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await call(currentUser, { token: res.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(user.username);
  });

  it("stores only a hash of the token", async () => {
    const account = await createStaff(state.db);
    const res = await call(login, { body: { username: account.user.username, password: TEST_PASSWORD } });
    const rows = await state.db.select().from(sessions).where(eq(sessions.user_id, account.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(res.body.access_token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("answers 404 for an unknown username with the spec's message", async () => {
    const res = await call(login, { body: { username: "nobody@test.school", password: "whatever1" } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("The user could not be found. Please check with your administrator.");
  });

  it("answers 401 for a wrong password", async () => {
    const { user } = await createStudent(state.db);
    const res = await call(login, { body: { username: user.username, password: "wrong-password" } });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("The given credentials were not correct.");
  });

  it("answers 423 for a locked account and creates no session", async () => {
    const account = await createStaff(state.db, { disabled_at: new Date(Date.now() - 1000) });
    const res = await call(login, { body: { username: account.user.username, password: TEST_PASSWORD } });
    expect(res.status).toBe(423);
    expect(res.body.message).toBe("Your account has been locked. Please contact your administrator.");
    const rows = await state.db.select().from(sessions).where(eq(sessions.user_id, account.user.id));
    expect(rows).toHaveLength(0);
  });

  it("answers 423 for a locked account whatever the password, so it never confirms one", async () => {
    const account = await createStudent(state.db, { disabled_at: new Date(Date.now() - 1000) });
    for (const password of [TEST_PASSWORD, "wrong-password"]) {
      const res = await call(login, { body: { username: account.user.username, password } });
      expect(res.status).toBe(423);
      expect(res.body.code).toBe("account_locked");
    }
  });

  it("delays a username after 5 failures in a row with 429 (30 seconds, no lock)", async () => {
    const { user } = await createStaff(state.db);
    for (let i = 0; i < 5; i++) {
      const res = await call(login, { body: { username: user.username, password: `wrong-${i}` } });
      expect(res.status).toBe(401);
    }
    const blocked = await call(login, { body: { username: user.username, password: TEST_PASSWORD } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe("too_many_attempts");
    expect(Number(blocked.headers.get("retry-after"))).toBeLessThanOrEqual(30);
    // eslint-disable-next-line drizzle/enforce-delete-with-where -- start from an empty throttle
  await state.db.delete(authThrottle);
  });

  it("refuses unreadable JSON with 400 and missing fields with 422 naming each", async () => {
    const unreadable = await call(login, { rawBody: "{not json" });
    expect(unreadable.status).toBe(400);
    const missing = await call(login, { body: {} });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(["password", "username"]);
    expect(missing.body.errors.username).toEqual(["A username is required to log in."]);
  });

  it("refuses NUL and other control characters in the username and password with 422, never a 500", async () => {
    const { user } = await createStaff(state.db);
    const cases = [
      { username: `${user.username}\u0000`, password: TEST_PASSWORD, field: "username" },
      { username: "a\u0007b", password: "whatever", field: "username" },
      { username: "line\nbreak", password: "whatever", field: "username" },
      { username: user.username, password: "\u0000".repeat(8), field: "password" },
      { username: user.username, password: `${TEST_PASSWORD}\u001b`, field: "password" },
    ];
    for (const { field, ...body } of cases) {
      const res = await call(login, { body });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
    const spaced = await call(login, { body: { username: user.username, password: ` ${TEST_PASSWORD} ` } });
    expect(spaced.status).toBe(401); // spaces are part of a password, not trimmed away
  });

  it("refuses a 10,000-character username and a 1 MB body without a 500", async () => {
    const long = await call(login, { body: { username: "a".repeat(10_000), password: "x" } });
    expect(long.status).toBe(422);
    const huge = await call(login, { rawBody: JSON.stringify({ username: "a", password: "b".repeat(1_000_000) }) });
    expect(huge.status).toBe(413);
    expect(JSON.stringify(huge.body)).not.toMatch(/at .*\.ts|select /i);
  });
});

describe("POST /api/check-user", () => {
  it("returns the avatar for a known username", async () => {
    const { user } = await createStudent(state.db, { initials: "AB", color: "teal" });
    const res = await call(checkUser, { body: { username: user.username } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ username: user.username, initials: "AB", color: "teal", password_sign_in: true });
  });

  it("answers 404 for an unknown username and 422 for an empty one", async () => {
    expect((await call(checkUser, { body: { username: "999999999" } })).status).toBe(404);
    expect((await call(checkUser, { body: { username: "" } })).status).toBe(422);
  });

  it("refuses control characters with 422, never a 500", async () => {
    for (const username of ["100001\u0000", "\u0000", "ab\u009fcd", "two\rlines"]) {
      const res = await call(checkUser, { body: { username } });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(["username"]);
    }
  });
});

describe("GET /api/user", () => {
  it("answers 401 without a token and with an unknown one", async () => {
    expect((await call(currentUser)).status).toBe(401);
    const bad = await call(currentUser, { token: "x".repeat(43) });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe("invalid_token");
  });

  it("gives a teacher the spec's current-user shape", async () => {
    const account = await createStaff(state.db, { title: "Ms.", first_name: "Ada", last_name: "Lovelace", capacity: 25 });
    const res = await call(currentUser, { token: await tokenFor(state.db, account) });
    expect(res.body).toMatchObject({
      account_type: "staff",
      username: account.user.username,
      display_name: "Ms. Lovelace, Ada",
      display_role: "Teacher",
      status: "Active",
      password_expired: false,
      details: {
        id: account.staff.id,
        name: "Ms. Lovelace, Ada",
        first_name: "Ada",
        last_name: "Lovelace",
        email: account.user.username,
        administrator: false,
        capacity: 25,
      },
    });
  });

  it("names administrators, students and sysadmins by their role", async () => {
    const admin = await call(currentUser, { token: await tokenFor(state.db, await createAdmin(state.db)) });
    expect(admin.body.display_role).toBe("Administrator");
    const student = await call(currentUser, { token: await tokenFor(state.db, await createStudent(state.db)) });
    expect(student.body).toMatchObject({ account_type: "student", display_role: "Student" });
    expect(student.body.details.email).toBeUndefined();
    const sysadmin = await call(currentUser, { token: await tokenFor(state.db, await createSysadmin(state.db)) });
    expect(sysadmin.body).toMatchObject({ account_type: "sysadmin", display_role: "Systems Admin", color: "black" });
  });

  it("signs out a session at once when the account is disabled", async () => {
    const account = await createStaff(state.db);
    const token = await tokenFor(state.db, account);
    await state.db.update(users).set({ disabled_at: new Date(Date.now() - 1) }).where(eq(users.id, account.user.id));
    expect((await call(currentUser, { token })).status).toBe(401);
  });
});

describe("the expired-password gate", () => {
  it("lets an expired user read user and settings but nothing else, with code password_expired", async () => {
    const account = await createStaff(state.db, { password_expired: true });
    const token = await tokenFor(state.db, account);
    expect((await call(currentUser, { token })).body.password_expired).toBe(true);
    expect((await call(settingsRoute, { token })).status).toBe(200);
    const { GET: health } = await import("@/app/api/health/route");
    expect((await health()).status).toBe(200);
  });
});

describe("POST /api/change-password", () => {
  it("changes the password, clears the expired flag and signs out other devices", async () => {
    const account = await createStaff(state.db, { password_expired: true });
    const token = await tokenFor(state.db, account);
    const other = await tokenFor(state.db, account);
    const res = await call(changePassword, { token, body: { password: TEST_PASSWORD, new_password: "a-brand-new-secret" } });
    expect(res.status).toBe(200);
    const me = await call(currentUser, { token });
    expect(me.body.password_expired).toBe(false);
    expect((await call(currentUser, { token: other })).status).toBe(401);
    const relogin = await call(login, { body: { username: account.user.username, password: "a-brand-new-secret" } });
    expect(relogin.status).toBe(200);
  });

  it("enforces the password rules on the server, each refusal with its reason", async () => {
    const account = await createStaff(state.db, { first_name: "Marguerite", last_name: "Okonkwo" });
    const token = await tokenFor(state.db, account);
    const cases: [string, RegExp][] = [
      ["short", /^Password must be at least 8 characters\.$/],
      [account.user.username.toUpperCase(), /^You cannot use that password\. It must not be your username\.$/],
      [`   ${account.user.username}  `, /^You cannot use that password\. It must not be your username\.$/],
      ["password123", /^You cannot use that password\. It is on the list of passwords that are too common\.$/],
      [" ".repeat(8), /^You cannot use that password\. Spaces at the start and end do not count towards its 8 characters\.$/],
      ["  abcdef  ", /^You cannot use that password\. Spaces at the start and end do not count towards its 8 characters\.$/],
      ["aaaaaaaa", /^You cannot use that password\. Repeated characters like "aaa" are easy to guess\.$/],
      ["\u0000".repeat(8), /^You cannot use that password\. It cannot contain control characters\.$/],
      // Half a surrogate pair: sign-in refuses such a password, so it could never be used to sign in.
      ["purple giraffe dances\uD800", /^You cannot use that password\. It contains characters that are not allowed\.$/],
      ["letmein123", /^You cannot use that password\. This is similar to a commonly used password\.$/],
      ["zxcvbnm123", /^You cannot use that password\. This is a commonly used password\.$/],
      ["Okonkwo2026", /^You cannot use that password\. \S.+/],
      ["marguerite1", /^You cannot use that password\. \S.+/],
      [TEST_PASSWORD, /^Your new password must be different from your old password\.$/],
    ];
    for (const [newPassword, message] of cases) {
      const res = await call(changePassword, { token, body: { password: TEST_PASSWORD, new_password: newPassword } });
      expect({ newPassword, status: res.status }).toEqual({ newPassword, status: 422 });
      expect(res.body.errors.new_password).toHaveLength(1);
      expect(res.body.errors.new_password[0]).toMatch(message);
    }
    // A memorable phrase with spaces is fine (NIST 800-63B: no composition rules).
    const phrase = await call(changePassword, { token, body: { password: TEST_PASSWORD, new_password: "purple giraffe dances" } });
    expect(phrase.status).toBe(200);
  });

  it("answers 401 for a wrong old password, 422 for missing fields and 401 signed out", async () => {
    const account = await createStudent(state.db);
    const token = await tokenFor(state.db, account);
    expect((await call(changePassword, { token, body: { password: "nope-nope", new_password: "long-enough-1" } })).status).toBe(401);
    expect((await call(changePassword, { token, body: {} })).status).toBe(422);
    expect((await call(changePassword, { body: { password: "a", new_password: "b" } })).status).toBe(401);
  });
});

describe("POST /api/verify-user", () => {
  it("confirms the right password and refuses a wrong one", async () => {
    const account = await createAdmin(state.db);
    const token = await tokenFor(state.db, account);
    expect((await call(verifyUser, { token, body: { password: TEST_PASSWORD } })).body).toEqual({
      message: "Verified user successfully",
    });
    expect((await call(verifyUser, { token, body: { password: "wrong-one" } })).status).toBe(401);
    expect((await call(verifyUser, { token, body: { password: "" } })).status).toBe(422);
  });
});

describe("POST /api/logout", () => {
  it("ends only this device's session", async () => {
    const account = await createStaff(state.db);
    const token = await tokenFor(state.db, account);
    const other = await tokenFor(state.db, account);
    expect((await call(logout, { token, body: {} })).status).toBe(200);
    expect((await call(currentUser, { token })).status).toBe(401);
    expect((await call(currentUser, { token: other })).status).toBe(200);
    expect((await call(logout, { body: {} })).status).toBe(401);
  });
});
