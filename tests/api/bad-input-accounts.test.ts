/** @jest-environment node */
import { eq } from "drizzle-orm";
import { POST as ssoToken } from "@/app/api/auth/sso-token/route";
import { PUT as saveSettings } from "@/app/api/settings/route";
import { PUT as updateStaffRoute } from "@/app/api/staff/[id]/route";
import { settings, staff, users } from "@/db/schema";
import { ASKED_COOKIE, QUIET_COOKIE } from "@/lib/auth/sso-prompt.server";
import { resetEnvCache } from "@/lib/core/env.server";
import { useTestDb } from "../helpers/db";
import { createAdmin, tokenFor } from "../helpers/factories";
import { HOSTILE_JSON, HOSTILE_TEXT, catalogueOf } from "../helpers/fuzz-values";
import { call } from "../helpers/http";

/**
 * The bad-input tier for the refusals of the one account rule and of single sign-on (the route-walking
 * tier, tests/helpers/fuzz-suite.ts, edits a teacher and saves ordinary settings, so it never reaches
 * them): hostile values where each refusal is decided, as the role each refusal is for. Every answer is a
 * documented refusal, never a 5xx, and nothing changes.
 */
const state = useTestDb();
let admin: Awaited<ReturnType<typeof createAdmin>>;
let peer: Awaited<ReturnType<typeof createAdmin>>;
let token: string;

beforeAll(async () => {
  admin = await createAdmin(state.db);
  peer = await createAdmin(state.db, { first_name: "Petra", last_name: "Peer", title: "Ms.", initials: "PP" });
  token = await tokenFor(state.db, admin);
});

const peerAccount = async () => {
  const [user] = await state.db.select().from(users).where(eq(users.id, peer.user.id));
  const [row] = await state.db.select().from(staff).where(eq(staff.id, peer.staff.id));
  return { username: user!.username, email: row!.email, administrator: row!.administrator };
};

describe("PUT /api/staff/{id} on another administrator, as an administrator", () => {
  const names = { first_name: "Petra", last_name: "Peer", title: "Ms.", initials: "PP" };
  const emails = [...catalogueOf("someone@test.school"), "SOMEONE@TEST.SCHOOL", ` x@y.school `, "x@y.school".repeat(30)];
  const flags = [false, "false", 0, null, "no", [], {}];

  it.each(emails.map((email) => [JSON.stringify(email).slice(0, 40), email]))("email %s: 403 or 422, nothing changed", async (_shown, email) => {
    const before = await peerAccount();
    const res = await call(updateStaffRoute, { token, method: "PUT", params: { id: String(peer.staff.id) }, body: { ...names, email } });
    expect([403, 422]).toContain(res.status);
    expect(await peerAccount()).toEqual(before);
  });

  it.each(flags.map((flag) => [JSON.stringify(flag), flag]))("administrator %s: 403 or 422, nothing changed", async (_shown, administrator) => {
    const before = await peerAccount();
    const res = await call(updateStaffRoute, { token, method: "PUT", params: { id: String(peer.staff.id) }, body: { ...names, administrator } });
    expect([403, 422]).toContain(res.status);
    expect(await peerAccount()).toEqual(before);
  });
});

describe("PUT /api/settings with the sysadmin-only setting, as an administrator", () => {
  it.each([true, ...HOSTILE_JSON, ...HOSTILE_TEXT.slice(0, 10)].map((value) => [JSON.stringify(value)?.slice(0, 40) ?? String(value), value]))(
    "sso-sysadmins %s: 403 or 422 (false as it is: no change), never saved",
    async (_shown, value) => {
      const res = await call(saveSettings, { token, method: "PUT", body: { values: { "sso-sysadmins": value } } });
      expect(value === false ? [200] : [403, 422]).toContain(res.status);
      const [row] = await state.db.select().from(settings).where(eq(settings.key, "sso-sysadmins"));
      expect(row!.value).toBe("false");
    },
  );
});

describe("POST /api/auth/sso-token with hostile cookies", () => {
  const saved = { ...process.env };
  beforeAll(() => {
    Object.assign(process.env, {
      OIDC_ISSUER: "http://127.0.0.1:9/issuer",
      OIDC_CLIENT_ID: "flexblock",
      OIDC_CLIENT_SECRET: "secret",
      NEXTAUTH_SECRET: "a-test-secret-of-enough-length",
      NEXTAUTH_URL: "http://flexblock.test",
    });
    resetEnvCache();
  });
  afterAll(() => {
    for (const key of ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "NEXTAUTH_SECRET", "NEXTAUTH_URL"]) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    resetEnvCache();
  });

  const values = HOSTILE_TEXT.filter((text) => !/[\u0000-\u001f\u007f;]/.test(text) && /^[\x20-\x7e]*$/.test(text));
  it.each(values.map((value) => [value.slice(0, 30), value]))("proof and quiet cookies %s: 401, never a session", async (_shown, value) => {
    const cookie = `${ASKED_COOKIE}=${encodeURIComponent(value)}; ${QUIET_COOKIE}=${encodeURIComponent(value)}; next-auth.session-token=${encodeURIComponent(value)}`;
    const res = await call(ssoToken, { body: {}, headers: { cookie } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("sso_required");
  });
});
