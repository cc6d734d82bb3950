/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import type { Role } from "@/lib/auth/roles";
import { useTestDb } from "../helpers/db";
import { createSession } from "@/lib/auth/service.server";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

/**
 * Walks every route handler under app/api with every role, signed out, with an expired password and
 * with an expired session: each answers 401/403 exactly as its declared roles say (public routes let
 * every one of them in), and never a 5xx on an empty body.
 */
const state = useTestDb();

type Handler = ((request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>) & {
  roles?: readonly Role[] | "public";
  allowExpiredPassword?: boolean;
};

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

const apiDir = path.join(process.cwd(), "app", "api");
// next-auth's own handler, and the health check (public; must answer 503 even when the database is down).
// Kiosk device routes take only `Authorization: Kiosk <token>` and refuse every user: tests/api/kiosks.test.ts walks them.
const UNWRAPPED = ["[...nextauth]", `${path.sep}health${path.sep}`, `${path.sep}kiosk${path.sep}`];
const files = routeFiles(apiDir).filter((file) => !UNWRAPPED.some((part) => file.includes(part)));
const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"] as const;

function paramsFor(file: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const match of file.matchAll(/\[(\w+)\]/g)) params[match[1]!] = match[1] === "date" ? "2030-01-15" : "999999";
  // A student may ask only for their own id ("self"): another id is a 403 whether it exists or not.
  if (file.includes(`${path.sep}students${path.sep}`) && params.id) params.id = "self";
  return params;
}

/**
 * A student may read only their own record, and any other student id answers 403 whether it exists or
 * not (so ids cannot be probed): on routes with an {id} a student asks for "self".
 */
const paramsAs = (role: string, params: Record<string, string>) =>
  role === "student" && params.id ? { ...params, id: "self" } : params;

type Account = { user: { id: number } };
const ROLES = ["student", "teacher", "admin", "sysadmin"] as const;
type Who = (typeof ROLES)[number];
const accounts = {} as Record<Who, Account>;
/** One account per role whose password has expired. */
const expiredAccounts = {} as Record<Who, Account>;
/** A fresh session per call: some routes (logout) end the one they are called with. */
const tokenOf = (who: Who) => tokenFor(state.db, accounts[who]);
const expiredPasswordTokenOf = (who: Who) => tokenFor(state.db, expiredAccounts[who]);
/** A teacher's session that ran out yesterday (sessions last 24 hours). */
const expiredSessionToken = async () =>
  (await createSession(state.db, accounts.teacher.user.id, "jest", new Date(Date.now() - 25 * 60 * 60 * 1000)))
    .access_token;

beforeAll(async () => {
  accounts.student = await createStudent(state.db);
  accounts.teacher = await createStaff(state.db);
  accounts.admin = await createAdmin(state.db);
  accounts.sysadmin = await createSysadmin(state.db);
  expiredAccounts.student = await createStudent(state.db, { password_expired: true });
  expiredAccounts.teacher = await createStaff(state.db, { password_expired: true });
  expiredAccounts.admin = await createAdmin(state.db, { password_expired: true });
  expiredAccounts.sysadmin = await createSysadmin(state.db, { password_expired: true });
});

const cases = files.flatMap((file) => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the list of routes is only known at run time
  const mod = require(file) as Record<string, Handler>;
  const name = path.relative(apiDir, path.dirname(file)) || "/";
  return METHODS.filter((method) => typeof mod[method] === "function").map(
    (method) => [`${method} /api/${name}`, mod[method]!, paramsFor(file)] as const,
  );
});

it("finds the routes", () => {
  expect(cases.length).toBeGreaterThan(5);
});

/** Status of each caller, keyed by who called: readable in a failure message. */
async function statuses(handler: Handler, params: Record<string, string>, callers: Record<string, () => Promise<string | undefined>>) {
  const out: Record<string, number> = {};
  for (const [who, token] of Object.entries(callers)) {
    out[who] = (await call(handler, { params, body: {}, token: await token() })).status;
  }
  return out;
}

describe.each(cases)("%s", (_name, handler, params) => {
  const roles = handler.roles;

  it("declares its roles", () => {
    expect(roles === "public" || (Array.isArray(roles) && roles.length > 0)).toBe(true);
  });

  if (roles === "public") {
    it("lets everyone in: each role, signed out, an expired password and an expired session, never a 5xx", async () => {
      const got = await statuses(handler, params, {
        "signed out": async () => undefined,
        ...Object.fromEntries(ROLES.map((role) => [role, () => tokenOf(role)])),
        "expired password": () => expiredPasswordTokenOf("teacher"),
        "expired session": expiredSessionToken,
      });
      for (const [who, status] of Object.entries(got)) {
        expect({ who, status, refused: [401, 403].includes(status) }).toEqual({ who, status, refused: false });
        expect({ who, status, serverError: status >= 500 }).toEqual({ who, status, serverError: false });
      }
    });
    return;
  }

  it("answers each role as declared, never with a 500", async () => {
    const signedOut = await call(handler, { params, body: {} });
    expect(signedOut.status).toBe(401);
    const expiredSession = await call(handler, { params, body: {}, token: await expiredSessionToken() });
    expect(expiredSession.status).toBe(401);
    for (const role of ROLES) {
      const res = await call(handler, { params: paramsAs(role, params), body: {}, token: await tokenOf(role) });
      if (roles!.includes(role)) expect({ role, refused: [401, 403].includes(res.status) }).toEqual({ role, refused: false });
      else expect({ role, status: res.status }).toEqual({ role, status: 403 });
      expect(res.status).toBeLessThan(500);
    }
  });

  it("keeps a user with an expired password out unless the route is on the allowed list", async () => {
    for (const role of ROLES) {
      const res = await call(handler, { params, body: {}, token: await expiredPasswordTokenOf(role) });
      if (!roles!.includes(role)) expect({ role, status: res.status }).toEqual({ role, status: 403 });
      else if (handler.allowExpiredPassword) {
        expect({ role, refused: [401, 403].includes(res.status) }).toEqual({ role, refused: false });
      } else expect({ role, code: res.body?.code }).toEqual({ role, code: "password_expired" });
      expect(res.status).toBeLessThan(500);
    }
  });
});
