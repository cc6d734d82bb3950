/** @jest-environment node */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { DELETE as revoke } from "@/app/api/api-tokens/[id]/route";
import { GET as list, POST as create } from "@/app/api/api-tokens/route";
import { apiTokens, auditLog, staff, users } from "@/db/schema";
import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { queryCounter } from "@/db/client";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, TEST_PASSWORD, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { declaredRoutes, paramsFor } from "../helpers/api-routes";

const state = useTestDb();
const tokens = {} as Record<"admin" | "teacher" | "student" | "sysadmin", string>;
let adminUserId: number;

beforeAll(async () => {
  const admin = await createAdmin(state.db, { first_name: "Amara", last_name: "Okafor" });
  adminUserId = admin.user.id;
  tokens.admin = await tokenFor(state.db, admin);
  tokens.teacher = await tokenFor(state.db, await createStaff(state.db));
  tokens.student = await tokenFor(state.db, await createStudent(state.db));
  tokens.sysadmin = await tokenFor(state.db, await createSysadmin(state.db));
});

async function newToken(name = "SIS nightly pull", scopes = ["reports:read"], token = tokens.admin) {
  const res = await call(create, { token, body: { name, scopes, password: TEST_PASSWORD } });
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string; scopes: string[]; token: string; hint: string };
}

/** Routes built here with route(): the mechanism, independent of which app routes declare scopes. */
const scoped = route({ roles: ROLES.admins, tokenScopes: ["reports:read"] }, ({ user, apiToken }) => ({
  user: user?.user.id ?? null,
  apiToken,
}));
const unscoped = route({ roles: ROLES.admins }, ({ user }) => ({ user: user.user.id }));
const publicRoute = route({ roles: "public" }, () => ({ ok: true }));

describe("creating, listing and revoking", () => {
  it("shows the secret once, stores only its SHA-256, and audits without the secret", async () => {
    const created = await newToken("SIS nightly pull");
    expect(created.token).toMatch(/^fbk_[A-Za-z0-9_-]{43}$/);
    expect(created.hint).toBe(`fbk_…${created.token.slice(-4)}`);
    expect(created.scopes).toEqual(["reports:read"]);

    const [row] = await state.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row!.token_hash).toBe(createHash("sha256").update(created.token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(4));
    expect(row!.created_by_user_id).toBe(adminUserId);

    const listed = await call(list, { token: tokens.admin });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(created.token.slice(4));
    const entry = listed.body.tokens.find((t: { id: number }) => t.id === created.id);
    expect(entry).toMatchObject({
      name: "SIS nightly pull",
      scopes: ["reports:read"],
      hint: created.hint,
      last_used_at: null,
      revoked_at: null,
      created_by: { user_id: adminUserId, name: "Amara Okafor" },
    });

    const audits = await state.db.select().from(auditLog).where(eq(auditLog.action, "api_token.create"));
    const audit = audits.find((a) => a.details?.token_id === created.id);
    expect(audit).toMatchObject({ actor_user_id: adminUserId, details: { name: "SIS nightly pull", scopes: ["reports:read"] } });
    expect(JSON.stringify(audits)).not.toContain(created.token.slice(4));
  });

  it("lets sysadmins create too, and lists newest first", async () => {
    const first = await newToken("First", undefined, tokens.sysadmin);
    const second = await newToken("Second", undefined, tokens.sysadmin);
    const listed = await call(list, { token: tokens.sysadmin });
    const ids = listed.body.tokens.map((t: { id: number }) => t.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
  });

  it("revokes once (audited), then 409; an unknown id is 404 and a bad one 422", async () => {
    const created = await newToken("To revoke");
    const res = await call(revoke, { token: tokens.admin, method: "DELETE", params: { id: String(created.id) } });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(created.id);
    const again = await call(revoke, { token: tokens.admin, method: "DELETE", params: { id: String(created.id) } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("already_revoked");
    expect((await call(revoke, { token: tokens.admin, method: "DELETE", params: { id: "999999" } })).status).toBe(404);
    expect((await call(revoke, { token: tokens.admin, method: "DELETE", params: { id: "abc" } })).status).toBe(422);

    const audits = await state.db.select().from(auditLog).where(eq(auditLog.action, "api_token.revoke"));
    expect(audits.filter((a) => a.details?.token_id === created.id)).toHaveLength(1);
    const listed = await call(list, { token: tokens.admin });
    expect(listed.body.tokens.find((t: { id: number }) => t.id === created.id).revoked_at).not.toBeNull();
  });

  it("needs the caller's password: a wrong one is 401 on the password field, a missing one 422, and neither creates a token", async () => {
    const before = (await call(list, { token: tokens.admin })).body.tokens.length;
    const wrong = await call(create, { token: tokens.admin, body: { name: "Stolen", scopes: ["reports:read"], password: "not-it" } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors.password).toEqual(["The given credentials were not correct."]);
    const missing = await call(create, { token: tokens.admin, body: { name: "Stolen", scopes: ["reports:read"] } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.password).toEqual(["Your password is required."]);
    expect((await call(list, { token: tokens.admin })).body.tokens).toHaveLength(before);
  });

  it.each([
    [{ scopes: ["reports:read"] }, "name"],
    [{ name: "   ", scopes: ["reports:read"] }, "name"],
    [{ name: "x".repeat(101), scopes: ["reports:read"] }, "name"],
    [{ name: "Line\nbreak", scopes: ["reports:read"] }, "name"],
    [{ name: "SIS" }, "scopes"],
    [{ name: "SIS", scopes: [] }, "scopes"],
    [{ name: "SIS", scopes: ["admin:everything"] }, "scopes.0"],
    [{ name: "SIS", scopes: ["reports:read", "reports:read"] }, "scopes"],
    [{ name: "SIS", scopes: "reports:read" }, "scopes"],
  ])("refuses %j with 422 on %s", async (body, field) => {
    const res = await call(create, { token: tokens.admin, body: { password: TEST_PASSWORD, ...body } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toContain(field);
  });

  it("answers an unreadable body with 400", async () => {
    expect((await call(create, { token: tokens.admin, rawBody: "{nope" })).status).toBe(400);
  });

  it("is for administrators and sysadmins only: 403 for teachers and students, 401 signed out", async () => {
    for (const who of ["teacher", "student"] as const) {
      expect((await call(list, { token: tokens[who] })).status).toBe(403);
      expect((await call(create, { token: tokens[who], body: { name: "x", scopes: ["reports:read"] } })).status).toBe(403);
      expect((await call(revoke, { token: tokens[who], method: "DELETE", params: { id: "1" } })).status).toBe(403);
    }
    expect((await call(list, {})).status).toBe(401);
    expect((await call(create, { body: { name: "x", scopes: ["reports:read"] } })).status).toBe(401);
    expect((await call(revoke, { method: "DELETE", params: { id: "1" } })).status).toBe(401);
  });
});

describe("expiry", () => {
  const DAY = 24 * 60 * 60 * 1000;

  it("lasts a year by default, 30/90/365 days or until a chosen date, and the list shows when it expires", async () => {
    const before = Date.now();
    const yearly = await newToken("Default expiry");
    const expires = Date.parse((yearly as unknown as { expires_at: string }).expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 365 * DAY - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 365 * DAY + 1000);

    const month = await call(create, {
      token: tokens.admin,
      body: { name: "Monthly", scopes: ["reports:read"], expires_in_days: 30, password: TEST_PASSWORD },
    });
    expect(month.status).toBe(201);
    expect(Date.parse(month.body.expires_at) - Date.now()).toBeLessThanOrEqual(30 * DAY);
    expect(Date.parse(month.body.expires_at) - Date.now()).toBeGreaterThan(29 * DAY);

    const on = new Date(Date.now() + 100 * DAY).toISOString().slice(0, 10);
    const dated = await call(create, {
      token: tokens.admin,
      body: { name: "Dated", scopes: ["reports:read"], expires_on: on, password: TEST_PASSWORD },
    });
    expect(dated.status).toBe(201);
    expect(dated.body.expires_at).toBe(`${on}T23:59:59.999Z`);

    const listed = await call(list, { token: tokens.admin });
    const byId = (id: number) => listed.body.tokens.find((t: { id: number }) => t.id === id);
    expect(byId(yearly.id).expires_at).toBe((yearly as unknown as { expires_at: string }).expires_at);
    expect(byId(month.body.id).expires_at).toBe(month.body.expires_at);
    expect(byId(dated.body.id).expires_at).toBe(`${on}T23:59:59.999Z`);
  });

  it.each([
    [{ expires_in_days: 7 }, "expires_in_days"],
    [{ expires_in_days: "30" }, "expires_in_days"],
    [{ expires_on: "2020-01-01" }, "expires_on"],
    [{ expires_on: new Date(Date.now() + 800 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10) }, "expires_on"],
    [{ expires_on: "2027-02-30" }, "expires_on"],
    [{ expires_on: "next year" }, "expires_on"],
    [{ expires_in_days: 30, expires_on: "2027-01-01" }, "expires_on"],
  ])("refuses the expiry %j with 422 on %s, creating nothing", async (expiry, field) => {
    const before = (await call(list, { token: tokens.admin })).body.tokens.length;
    const res = await call(create, {
      token: tokens.admin,
      body: { name: "Bad expiry", scopes: ["reports:read"], password: TEST_PASSWORD, ...expiry },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toContain(field);
    expect((await call(list, { token: tokens.admin })).body.tokens).toHaveLength(before);
  });

  it("is refused with 401 once expired", async () => {
    const created = await newToken("Expiring");
    expect((await call(scoped, { token: created.token })).status).toBe(200);
    await state.db
      .update(apiTokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, created.id));
    const res = await call(scoped, { token: created.token });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("invalid_api_token");
  });
});

describe("a token dies with its creator's rights", () => {
  async function adminWithToken(name: string) {
    const admin = await createAdmin(state.db);
    const created = await newToken(name, undefined, await tokenFor(state.db, admin));
    expect((await call(scoped, { token: created.token })).status).toBe(200);
    return { admin, created };
  }

  it("401 when the creator is disabled (and back when re-enabled)", async () => {
    const { admin, created } = await adminWithToken("Disabled creator");
    await state.db.update(users).set({ disabled_at: new Date(Date.now() - 1000) }).where(eq(users.id, admin.user.id));
    const res = await call(scoped, { token: created.token });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("invalid_api_token");
    // Disabled only from a future instant: still alive until then.
    await state.db
      .update(users)
      .set({ disabled_at: new Date(Date.now() + 60 * 60_000) })
      .where(eq(users.id, admin.user.id));
    expect((await call(scoped, { token: created.token })).status).toBe(200);
  });

  it("401 when the creator is no longer an administrator", async () => {
    const { admin, created } = await adminWithToken("Demoted creator");
    await state.db.update(staff).set({ administrator: false }).where(eq(staff.user_id, admin.user.id));
    const res = await call(scoped, { token: created.token });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("invalid_api_token");
  });

  it("401 when the creator's account is gone", async () => {
    const { admin, created } = await adminWithToken("Deleted creator");
    await state.db.delete(users).where(eq(users.id, admin.user.id));
    expect((await call(scoped, { token: created.token })).status).toBe(401);
  });

  it("a sysadmin's token keeps working while the sysadmin does", async () => {
    const created = await newToken("Sysadmin's", undefined, tokens.sysadmin);
    expect((await call(scoped, { token: created.token })).status).toBe(200);
  });
});

describe("using a token", () => {
  it("passes a route that declares one of its scopes, as the token and never as a user", async () => {
    const created = await newToken("Scoped use");
    const res = await call(scoped, { token: created.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: null, apiToken: { id: created.id, name: "Scoped use", scopes: ["reports:read"] } });
    // A person signed in still gets the route as themselves.
    const asAdmin = await call(scoped, { token: tokens.admin });
    expect(asAdmin.body).toEqual({ user: adminUserId, apiToken: null });
  });

  it("is refused with 403 token_scope on routes that declare no scope, public ones included", async () => {
    const created = await newToken("Unscoped use");
    for (const handler of [unscoped, publicRoute]) {
      const res = await call(handler, { token: created.token });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("token_scope");
    }
  });

  it("stops working once revoked (401 invalid_api_token), and an unknown fbk_ token is 401 too", async () => {
    const created = await newToken("Revoked use");
    expect((await call(scoped, { token: created.token })).status).toBe(200);
    await call(revoke, { token: tokens.admin, method: "DELETE", params: { id: String(created.id) } });
    const res = await call(scoped, { token: created.token });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("invalid_api_token");
    const unknown = await call(scoped, { token: `fbk_${"A".repeat(43)}` });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe("invalid_api_token");
  });

  it("records its last use, writing at most once a minute", async () => {
    const created = await newToken("Last used");
    const lastUsed = async () =>
      (await state.db.select().from(apiTokens).where(eq(apiTokens.id, created.id)))[0]!.last_used_at;
    await call(scoped, { token: created.token });
    const first = await lastUsed();
    expect(first).not.toBeNull();

    const before = queryCounter.count;
    await call(scoped, { token: created.token });
    const warm = queryCounter.count - before;
    expect(await lastUsed()).toEqual(first);
    expect(warm).toBe(1); // the token look-up only

    await state.db
      .update(apiTokens)
      .set({ last_used_at: new Date(Date.now() - 2 * 60_000) })
      .where(eq(apiTokens.id, created.id));
    await call(scoped, { token: created.token });
    expect((await lastUsed())!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

const bodyFor = (method: string) => (method === "GET" || method === "DELETE" ? {} : { body: {} });

describe("every route under app/api", () => {
  const routes = declaredRoutes().filter((r) => typeof r.handler.roles !== "undefined");

  it("finds the routes", () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it("refuses a live token (403 token_scope) on every route whose declaration lists none of its scopes", async () => {
    const created = await newToken("Walker");
    const wrong: string[] = [];
    for (const r of routes) {
      const res = await call(r.handler, { token: created.token, params: paramsFor(r.path), ...bodyFor(r.method), method: r.method });
      const allowed = r.handler.tokenScopes.some((scope) => created.scopes.includes(scope));
      if (allowed ? [401, 403].includes(res.status) : res.status !== 403 || res.body?.code !== "token_scope") {
        wrong.push(`${r.method} ${r.path}: ${res.status} ${res.body?.code ?? ""}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("refuses a revoked token with 401 on every route", async () => {
    const created = await newToken("Revoked walker");
    await call(revoke, { token: tokens.admin, method: "DELETE", params: { id: String(created.id) } });
    const wrong: string[] = [];
    for (const r of routes) {
      const res = await call(r.handler, { token: created.token, params: paramsFor(r.path), ...bodyFor(r.method), method: r.method });
      if (res.status !== 401) wrong.push(`${r.method} ${r.path}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });
});
