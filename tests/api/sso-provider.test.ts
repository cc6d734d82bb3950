/** @jest-environment node */
import { eq, sql } from "drizzle-orm";
import { POST as checkUser } from "@/app/api/check-user/route";
import { POST as login } from "@/app/api/login/route";
import { GET as nextAuthRoute } from "@/app/api/auth/[...nextauth]/route";
import { POST as ssoToken } from "@/app/api/auth/sso-token/route";
import { PUT as updateStaff } from "@/app/api/staff/[id]/route";
import { GET as currentUser } from "@/app/api/user/route";
import { POST as resetSignIn } from "@/app/api/users/reset-sign-in/route";
import { GET as listUsers } from "@/app/api/users/route";
import { auditLog, ssoIdentities } from "@/db/schema";
import { clearSsoCookies } from "@/lib/auth/sso";
import type { SsoIdentity } from "@/lib/auth/sso-identity";
import { signInWithSso } from "@/lib/auth/sso-sign-in.server";
import { resetEnvCache } from "@/lib/core/env.server";
import { log } from "@/lib/core/log.server";
import { useTestDb } from "../helpers/db";
import { confirmedCall } from "../helpers/credentials-cast";
import { createStaff, createStudent, createSysadmin, TEST_PASSWORD, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { ASKED_COOKIE, QUIET_COOKIE } from "@/lib/auth/sso-prompt.server";
import {
  APP_URL,
  finishAtApp,
  Jar,
  newBrowser,
  signInAtProvider,
  startOidcProvider,
  type Browser,
  type OidcTestProvider,
} from "../helpers/oidc";
import { setSetting } from "../helpers/schedule-factories";

jest.setTimeout(60_000);
const state = useTestDb();

const ACCOUNTS = {
  tess: { email: "Tess.Teacher@School.Example", email_verified: true, name: "Tess Teacher" },
  sam: { email: "sam@students.school.example", email_verified: true, name: "Sam Student" },
  sis: { email: "s12345@students.school.example", email_verified: true, student_id: "SIS-12345" },
  ana: { email: "ana@school.example", email_verified: true },
  ana2: { email: "ana@school.example", email_verified: true },
  unverified: { email: "jo@school.example", email_verified: false },
  silent: { email: "silent@school.example" },
  stranger: { email: "jo@gmail.example", email_verified: true },
  admin: { email: "admin@school.example", email_verified: true },
  sys: { email: "sysadmin-sso@school.example", email_verified: true },
  cy: { email: "cy@school.example", email_verified: true },
  dee: { email: "dee@school.example", email_verified: true },
  mallory: { email: "mallory@school.example", email_verified: true },
};

/** The login screen's exchange: POST /api/auth/sso-token with the browser's cookies. */
const exchange = (cookie: string) => call(ssoToken, { body: {}, headers: { cookie } });

async function signIn(issuer: string, login: string) {
  const trip = await signInAtProvider(issuer, login);
  return { trip, answer: await exchange(trip.cookie) };
}

describe.each(["userinfo", "id-token"] as const)("single sign-on with a real OpenID provider (%s claims)", (mode) => {
  let provider: OidcTestProvider;
  beforeAll(async () => {
    provider = await startOidcProvider(mode, ACCOUNTS);
    resetEnvCache();
    // Each provider mode starts from no accounts (the links and sessions go with them).
    await state.db.execute(sql`delete from users`);
    await state.db.execute(sql`delete from audit_log`);
  });
  afterAll(async () => {
    await provider.stop();
  });

  it("signs a freshly imported teacher in by their verified email, with no forced change of a password they never got", async () => {
    const teacher = await createStaff(state.db, { email: `tess.teacher@school.example`, password_expired: true });
    const { trip, answer } = await signIn(provider.issuer, "tess");
    expect(trip.landedOn).toBe(`${APP_URL}/login?sso=1`);
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie().join(" ")).toContain("next-auth.session-token=;");
    const me = await call(currentUser, { token: answer.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: "tess.teacher@school.example", password_expired: false });
    const [link] = await state.db.select().from(ssoIdentities).where(eq(ssoIdentities.user_id, teacher.user.id));
    expect(link).toMatchObject({ provider: "oidc", subject: `${provider.issuer}|tess`, email: "tess.teacher@school.example" });
    // The same account signing in with its (expired) password still meets the forced change.
    const withPassword = await call(login, { body: { username: teacher.user.username, password: TEST_PASSWORD } });
    expect((await call(currentUser, { token: withPassword.body.access_token })).body.password_expired).toBe(true);
    await state.db.execute(sql`delete from sso_identities`);
  });

  it("signs a student in by the school email on their record", async () => {
    await createStudent(state.db, { email: "sam@students.school.example" });
    const { answer } = await signIn(provider.issuer, "sam");
    expect(answer.status).toBe(200);
    const me = await call(currentUser, { token: answer.body.access_token });
    expect(me.body.role).toBe("student");
    await state.db.execute(sql`delete from sso_identities`);
  });

  it("signs a student with no email on record in by the SIS identifier in the claim the school named", async () => {
    const student = await createStudent(state.db, { sourced_id: "SIS-12345" });
    const { answer: before } = await signIn(provider.issuer, "sis");
    expect(before.status).toBe(404);
    await setSetting(state.db, "sso-student-id-claim", "student_id");
    const { answer } = await signIn(provider.issuer, "sis");
    await setSetting(state.db, "sso-student-id-claim", "");
    expect(answer.status).toBe(200);
    expect((await call(currentUser, { token: answer.body.access_token })).body.username).toBe(student.user.username);
    await state.db.execute(sql`delete from sso_identities`);
  });

  it("refuses an unverified or unstated email, in words, and audits the reason", async () => {
    await createStaff(state.db, { email: "jo@school.example" });
    await createStaff(state.db, { email: "silent@school.example" });
    const unverified = await signIn(provider.issuer, "unverified");
    expect(unverified.answer.status).toBe(403);
    expect(unverified.answer.body).toEqual({
      code: "sso_refused",
      message: "The School account jo@school.example has no verified email address, so it cannot sign in to My School. Use your school account.",
    });
    const silent = await signIn(provider.issuer, "silent");
    expect(silent.answer.status).toBe(403);
    const audited = await state.db.select().from(auditLog).where(eq(auditLog.action, "sso.refused"));
    expect(audited.map((row) => row.details?.reason)).toEqual(expect.arrayContaining(["unverified_email"]));
    expect(audited.filter((row) => row.details?.email === "silent@school.example")).toHaveLength(1);
  });

  it("tells someone with no account which account they used", async () => {
    const { answer } = await signIn(provider.issuer, "stranger");
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe(
      "The School account jo@gmail.example does not belong to anyone at My School. Please check with your administrator.",
    );
  });

  it("keeps the link by the provider's subject when the email changes, and never moves it to a new subject", async () => {
    const ana = await createStaff(state.db, { email: "ana@school.example" });
    expect((await signIn(provider.issuer, "ana")).answer.status).toBe(200);
    // The school renames her; the provider still sends the old address: the subject finds her.
    await state.db.execute(sql`update staff set email = 'ana.new@school.example' where id = ${ana.staff.id}`);
    const again = await signIn(provider.issuer, "ana");
    expect(again.answer.status).toBe(200);
    // A different provider account claiming her old (recycled) address does not take hers over.
    await state.db.execute(sql`update staff set email = 'ana@school.example' where id = ${ana.staff.id}`);
    const other = await signIn(provider.issuer, "ana2");
    expect(other.answer.status).toBe(403);
    expect(other.answer.body.message).toBe(
      "Your My School account is already linked to another School account. Please ask your administrator to reset its sign-in.",
    );
    // The administrator resets her single sign-on (Credentials Manager): the new provider account links.
    const admin = await createStaff(state.db, { administrator: true });
    const adminToken = await tokenFor(state.db, admin);
    const teacherToken = await tokenFor(state.db, await createStaff(state.db));
    expect((await confirmedCall(resetSignIn, { token: teacherToken, body: { user_ids: [ana.user.id] } })).status).toBe(403);
    expect((await confirmedCall(resetSignIn, { token: adminToken, body: { user_ids: [] } })).status).toBe(422);
    const linkedOf = async () =>
      (await call(listUsers, { token: adminToken })).body.find((u: { id: number }) => u.id === ana.user.id)?.sso_linked;
    expect(await linkedOf()).toBe(true);
    const reset = await confirmedCall(resetSignIn, { token: adminToken, body: { user_ids: [ana.user.id] } });
    expect(await linkedOf()).toBe(false);
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe("Reset single sign-on successfully.");
    const relinked = await signIn(provider.issuer, "ana2");
    expect(relinked.answer.status).toBe(200);
    const links = await state.db.select().from(ssoIdentities).where(eq(ssoIdentities.user_id, ana.user.id));
    expect(links.map((link) => link.subject)).toEqual([`${provider.issuer}|ana2`]);
  });

  it("never moves a link when an email changes: the new address's owner at the provider gets nothing, the old link still signs in", async () => {
    const sysadminToken = await tokenFor(state.db, await createSysadmin(state.db));
    const cy = await createStaff(state.db, { email: "cy@school.example", title: "Ms.", first_name: "Cy", last_name: "Linked" });
    expect((await signIn(provider.issuer, "cy")).answer.status).toBe(200);
    // Her email becomes an address whose owner (Dee) has an account at the provider.
    const changed = await call(updateStaff, {
      token: sysadminToken,
      method: "PUT",
      params: { id: String(cy.staff.id) },
      body: { first_name: "Cy", last_name: "Linked", title: "Ms.", initials: "CL", email: "dee@school.example" },
    });
    expect(changed.status).toBe(200);
    const dee = await signIn(provider.issuer, "dee");
    expect(dee.answer.status).toBe(403);
    expect(dee.answer.body.message).toBe(
      "Your My School account is already linked to another School account. Please ask your administrator to reset its sign-in.",
    );
    const again = await signIn(provider.issuer, "cy");
    expect(again.answer.status).toBe(200);
    expect((await call(currentUser, { token: again.answer.body.access_token })).body.username).toBe("dee@school.example");
    const links = await state.db.select().from(ssoIdentities).where(eq(ssoIdentities.user_id, cy.user.id));
    expect(links.map((link) => link.subject)).toEqual([`${provider.issuer}|cy`]);
  });

  it("never lets an administrator hand a peer administrator's account to their own provider account", async () => {
    const admin = await createStaff(state.db, { email: "mallory.admin@school.example", administrator: true });
    const peer = await createStaff(state.db, { email: "peer.admin@school.example", administrator: true, first_name: "Pat", last_name: "Peer" });
    const res = await call(updateStaff, {
      token: await tokenFor(state.db, admin),
      method: "PUT",
      params: { id: String(peer.staff.id) },
      body: { first_name: "Pat", last_name: "Peer", title: "", initials: "PP", email: "mallory@school.example" },
    });
    expect(res.status).toBe(403);
    expect((await signIn(provider.issuer, "mallory")).answer.status).toBe(404);
  });

  it("signs a sysadmin in by their email only when a sysadmin allowed it, and refuses a locked account", async () => {
    const sys = await createSysadmin(state.db);
    await state.db.execute(sql`update users set username = 'sysadmin-sso@school.example' where id = ${sys.user.id}`);
    const refused = await signIn(provider.issuer, "sys");
    expect(refused.answer.status).toBe(403);
    expect(refused.answer.body).toEqual({
      code: "sso_refused",
      message: "System administrators sign in to My School with their password, not with a school account. Use your password.",
    });
    const audited = await state.db.select().from(auditLog).where(eq(auditLog.target_user_id, sys.user.id));
    expect(audited.map((row) => row.details?.reason)).toEqual(["sysadmin_sso_off"]);
    await setSetting(state.db, "sso-sysadmins", "true");
    expect((await signIn(provider.issuer, "sys")).answer.status).toBe(200);
    await setSetting(state.db, "sso-sysadmins", "false");
    await createStaff(state.db, { email: "admin@school.example", administrator: true, disabled_at: new Date(0) });
    const locked = await signIn(provider.issuer, "admin");
    expect(locked.answer.status).toBe(423);
    expect(locked.answer.body.message).toBe("Your account has been locked. Please contact your administrator.");
  });

  it("refuses a replayed callback and a sign-in with no provider step", async () => {
    const trip = await signInAtProvider(provider.issuer, "tess");
    // The same redirect again, in the same browser (its state cookie is spent) and in a fresh one.
    expect(await finishAtApp(trip.jar, trip.callbackQuery)).toMatch(/^http:\/\/flexblock\.test\/(login|api\/auth\/error)\?error=/);
    const fresh = new Jar();
    expect(await finishAtApp(fresh, trip.callbackQuery)).toMatch(/^http:\/\/flexblock\.test\/(login|api\/auth\/error)\?error=/);
    const none = await exchange("");
    expect(none.status).toBe(401);
    expect(none.body.code).toBe("sso_required");
  });

  it.each([
    ["issuer", "issuer"],
    ["audience", "audience"],
    ["signature", "signature"],
    ["expired", "expiry"],
    ["email", "signature"],
    ["no-nonce", "nonce"],
    ["other-nonce", "nonce"],
  ] as const)("refuses a forged ID token (%s), and logs the reason (%s)", async (kind, reason) => {
    // What the "email" forgery asserts: an administrator's address, signed with another key.
    await state.db.execute(sql`delete from users where username = 'admin@demo.school'`);
    await createStaff(state.db, { email: "admin@demo.school", administrator: true });
    const warn = jest.spyOn(log, "warn");
    try {
      await provider.forge(kind);
      const trip = await signInAtProvider(provider.issuer, "stranger");
      // Every step sends a nonce, which the ID token must carry back.
      expect(trip.authorizationUrl.searchParams.get("nonce")).toMatch(/^[\w-]{20,}$/);
      expect(trip.landedOn).toMatch(/^http:\/\/flexblock\.test\/(login|api\/auth\/error)\?error=/);
      const logged = warn.mock.calls.map(([line]) => line as unknown as Record<string, unknown>).find((line) => line.event === "sso.provider_error");
      expect(logged).toMatchObject({ reason, provider: "oidc" });
      expect(logged!.detail).not.toMatch(/\[object Object\]|eyJ/);
      const answer = await exchange(trip.cookie);
      expect(answer.status).toBe(401);
    } finally {
      warn.mockRestore();
    }
  });

  it("answers no session from next-auth's session endpoint (it would renew the proof)", async () => {
    const trip = await signInAtProvider(provider.issuer, "tess");
    const request = new Request(`${APP_URL}/api/auth/session`, { headers: { cookie: trip.cookie } });
    const response = await nextAuthRoute(request, { params: Promise.resolve({ nextauth: ["session"] }) });
    expect(await response.json()).toEqual({});
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("sends the browser back only to this site", async () => {
    for (const target of ["http://flexblock.test.evil.example/", "//evil.example/x", "/\t/evil.example"]) {
      const trip = await signInAtProvider(provider.issuer, "tess", target);
      expect(trip.landedOn.startsWith(`${APP_URL}/`)).toBe(true);
      expect(new URL(trip.landedOn).origin).toBe(APP_URL);
    }
  });
});

describe("the proof of a finished provider step", () => {
  const identity = (minutesAgo: number): SsoIdentity => ({
    provider: "oidc",
    subject: "https://idp.example|late",
    email: "late@school.example",
    emailVerified: true,
    hostedDomain: null,
    tenant: null,
    name: null,
    claims: {},
    authenticatedAt: Date.now() - minutesAgo * 60_000,
  });
  const caller = { address: "192.0.2.1", userAgent: null };

  beforeAll(async () => {
    await createStaff(state.db, { email: "late@school.example" });
  });

  it("is exchanged only within minutes of the provider step (a shared computer's leftover is refused)", async () => {
    await expect(signInWithSso(state.db, identity(6), caller, new Date())).rejects.toMatchObject({ status: 401, code: "sso_required" });
    await expect(signInWithSso(state.db, { ...identity(0), authenticatedAt: undefined }, caller, new Date())).rejects.toMatchObject({ status: 401 });
    await expect(signInWithSso(state.db, identity(1), caller, new Date())).resolves.toMatchObject({ session: { token_type: "Bearer" } });
  });

  it("finds by the SIS claim only students without a school email, and never fails on a claim name like toString", async () => {
    await createStudent(state.db, { sourced_id: "SIS-777", email: "someone.else@students.school.example" });
    await setSetting(state.db, "sso-student-id-claim", "student_id");
    const withClaim = { ...identity(0), subject: "x|sis-777", email: "new@gmail.example", claims: { student_id: "SIS-777" } };
    await expect(signInWithSso(state.db, withClaim, caller, new Date(), true)).rejects.toMatchObject({ status: 404 });
    await setSetting(state.db, "sso-student-id-claim", "toString");
    await expect(signInWithSso(state.db, withClaim, caller, new Date(), true)).rejects.toMatchObject({ status: 404 });
    await setSetting(state.db, "sso-student-id-claim", "");
  });

  it("is cleared as a Secure cookie on https, chunks included", () => {
    const saved = process.env.NEXTAUTH_URL;
    process.env.NEXTAUTH_URL = "https://flexblock.school.example";
    resetEnvCache();
    try {
      const cleared = clearSsoCookies();
      expect(cleared[0]).toBe("__Secure-next-auth.session-token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure");
      expect(cleared.map((c) => c.split("=")[0])).toEqual([
        "__Secure-next-auth.session-token",
        "__Secure-next-auth.session-token.0",
        "__Secure-next-auth.session-token.1",
        "__Secure-next-auth.session-token.2",
      ]);
    } finally {
      process.env.NEXTAUTH_URL = saved;
      resetEnvCache();
    }
  });
});

describe("links across providers", () => {
  const TENANT = "0f6b1e7c-5d2a-4c1b-9a57-2b7e0c8d1f23";
  const caller = { address: "192.0.2.1", userAgent: null };
  const base = { emailVerified: true, hostedDomain: null, tenant: null, name: null, claims: {} };
  const fresh = () => ({ authenticatedAt: Date.now() });
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env.AZURE_AD_TENANT_ID;
    process.env.AZURE_AD_TENANT_ID = TENANT;
    resetEnvCache();
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.AZURE_AD_TENANT_ID;
    else process.env.AZURE_AD_TENANT_ID = saved;
    resetEnvCache();
  });

  it("keeps an account linked at one provider from another provider's account with its (new) email, until Reset Single Sign-On", async () => {
    const eve = await createStaff(state.db, { email: "eve@school.example" });
    const oidc = { ...base, ...fresh(), provider: "oidc" as const, subject: "https://idp.example|eve", email: "eve@school.example" };
    await expect(signInWithSso(state.db, oidc, caller, new Date())).resolves.toMatchObject({ session: { token_type: "Bearer" } });
    // Her email is changed to an address someone else holds at the school's Microsoft tenant.
    await state.db.execute(sql`update staff set email = 'fay@school.example' where id = ${eve.staff.id}`);
    await state.db.execute(sql`update users set username = 'fay@school.example' where id = ${eve.user.id}`);
    const microsoft = { ...base, ...fresh(), provider: "azure-ad" as const, subject: `${TENANT}:fay-oid`, tenant: TENANT, email: "fay@school.example" };
    await expect(signInWithSso(state.db, microsoft, caller, new Date())).rejects.toMatchObject({ status: 403, code: "sso_refused" });
    const links = await state.db.select().from(ssoIdentities).where(eq(ssoIdentities.user_id, eve.user.id));
    expect(links.map((link) => link.provider)).toEqual(["oidc"]);
    // Her own link still works; after a reset, the next sign-in (any provider) links again.
    await expect(signInWithSso(state.db, { ...oidc, ...fresh() }, caller, new Date())).resolves.toMatchObject({ session: { token_type: "Bearer" } });
    await state.db.delete(ssoIdentities).where(eq(ssoIdentities.user_id, eve.user.id));
    await expect(signInWithSso(state.db, { ...microsoft, ...fresh() }, caller, new Date())).resolves.toMatchObject({ session: { token_type: "Bearer" } });
  });
});

describe("shared computers: the provider is asked for the account", () => {
  let provider: OidcTestProvider;
  const LAB = {
    ada: { email: "ada@students.school.example", email_verified: true },
    ben: { email: "ben@students.school.example", email_verified: true },
    tom: { email: "tom@school.example", email_verified: true },
  };
  const numbers = {} as Record<"ada" | "ben", string>;
  beforeAll(async () => {
    provider = await startOidcProvider("userinfo", LAB);
    resetEnvCache();
    numbers.ada = (await createStudent(state.db, { email: LAB.ada.email })).user.username;
    numbers.ben = (await createStudent(state.db, { email: LAB.ben.email })).user.username;
    await createStaff(state.db, { email: LAB.tom.email });
  });
  afterAll(async () => {
    await provider.stop();
  });

  /** "Continue with …" in this browser, signing in at the provider as `login` if it asks, then the exchange. */
  async function continueWith(browser: Browser, login: string) {
    const trip = await signInAtProvider(provider.issuer, login, undefined, browser);
    const answer = await exchange(browser.app.header());
    browser.app.take(answer.headers.getSetCookie());
    const username =
      answer.status === 200 ? ((await call(currentUser, { token: answer.body.access_token })).body.username as string) : null;
    return { trip, answer, username, prompt: trip.authorizationUrl.searchParams.get("prompt") };
  }

  it("asks again after a student signed out, so the next student is never signed in as the one before", async () => {
    const lab = newBrowser();
    const first = await continueWith(lab, "ada");
    expect([first.answer.status, first.prompt, first.username]).toEqual([200, "login", numbers.ada]);
    // Ada signs out of Flexblock; the provider's session stays in the browser. Ben presses the button.
    const next = await continueWith(lab, "ben");
    expect(next.prompt).toBe("login");
    expect(next.trip.signInFormShown).toBe(true);
    expect([next.answer.status, next.username]).toEqual([200, numbers.ben]);
  });

  it("lets a teacher through without a question when the school allows it, and asks a student met that way again", async () => {
    const laptop = newBrowser();
    expect((await continueWith(laptop, "tom")).prompt).toBe("login");
    expect(laptop.app.values.get(QUIET_COOKIE)).toBe("1");
    const again = await continueWith(laptop, "tom");
    expect([again.prompt, again.trip.signInFormShown, again.answer.status, again.username]).toEqual([null, false, 200, "tom@school.example"]);
    // A student's provider account comes back from a step that asked nothing (here: the provider had no
    // session of its own to offer): refused with the reason to ask, before anything is linked or said.
    laptop.provider = new Jar();
    const unasked = await continueWith(laptop, "ada");
    expect(unasked.prompt).toBeNull();
    expect(unasked.answer.status).toBe(401);
    expect(unasked.answer.body).toEqual({ code: "sso_choose_account", message: "Choose your school account to sign in." });
    expect(laptop.app.values.has(QUIET_COOKIE)).toBe(false);
    // The login screen starts the step again: now it asks.
    const asked = await continueWith(laptop, "ada");
    expect([asked.prompt, asked.answer.status]).toEqual(["login", 200]);
  });

  it("never believes a proof of asking that this step did not earn", async () => {
    const elsewhere = newBrowser();
    await signInAtProvider(provider.issuer, "ben", undefined, elsewhere);
    const othersProof = elsewhere.app.values.get(ASKED_COOKIE);
    expect(othersProof).toBeTruthy();
    for (const proof of ["forged", othersProof!]) {
      const quiet = newBrowser();
      quiet.app.take([`${QUIET_COOKIE}=1`]);
      const trip = await signInAtProvider(provider.issuer, "ada", undefined, quiet);
      expect(trip.authorizationUrl.searchParams.get("prompt")).toBeNull();
      quiet.app.take([`${ASKED_COOKIE}=${proof}`]);
      const answer = await exchange(quiet.app.header());
      expect(answer.body.code).toBe("sso_choose_account");
    }
  });

  it("asks students only while the setting is on", async () => {
    await setSetting(state.db, "sso-choose-account-students", "false");
    try {
      const own = newBrowser();
      expect((await continueWith(own, "ben")).answer.status).toBe(200);
      expect((await continueWith(own, "ben")).prompt).toBeNull();
    } finally {
      await setSetting(state.db, "sso-choose-account-students", "true");
    }
  });
});

describe("password sign-in per role", () => {
  let provider: OidcTestProvider;
  beforeAll(async () => {
    provider = await startOidcProvider("userinfo", ACCOUNTS);
    resetEnvCache();
  });
  afterAll(async () => {
    await provider.stop();
    await setSetting(state.db, "password-sign-in-students", "true");
  });

  it("refuses a student's password when the school made students sign in with their school account", async () => {
    const student = await createStudent(state.db);
    const teacher = await createStaff(state.db);
    await setSetting(state.db, "password-sign-in-students", "false");
    const refused = await call(login, { body: { username: student.user.username, password: TEST_PASSWORD } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: "password_sign_in_off",
      message: "Students at My School sign in with their school account: use the button below.",
    });
    const checked = await call(checkUser, { body: { username: student.user.username } });
    expect(checked.body.password_sign_in).toBe(false);
    expect((await call(login, { body: { username: teacher.user.username, password: TEST_PASSWORD } })).status).toBe(200);
    expect((await call(checkUser, { body: { username: teacher.user.username } })).body.password_sign_in).toBe(true);
  });
});
