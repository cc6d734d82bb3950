/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import type { Role } from "@/lib/auth/roles";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

/**
 * Walks every route handler under app/api with every role, signed out, and with an expired
 * password: each answers 401/403 exactly as its declared roles say, and never a 500 on an empty body.
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
const UNWRAPPED = ["[...nextauth]", `${path.sep}health${path.sep}`];
const files = routeFiles(apiDir).filter((file) => !UNWRAPPED.some((part) => file.includes(part)));
const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"] as const;

function paramsFor(file: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const match of file.matchAll(/\[(\w+)\]/g)) params[match[1]!] = match[1] === "date" ? "2030-01-15" : "999999";
  return params;
}

type Account = { user: { id: number } };
const accounts = {} as Record<Role | "expired", Account>;
/** A fresh session per call: some routes (logout) end the one they are called with. */
const tokenOf = (who: Role | "expired") => tokenFor(state.db, accounts[who]);

beforeAll(async () => {
  accounts.student = await createStudent(state.db);
  accounts.teacher = await createStaff(state.db);
  accounts.admin = await createAdmin(state.db);
  accounts.sysadmin = await createSysadmin(state.db);
  accounts.expired = await createStaff(state.db, { password_expired: true });
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

describe.each(cases)("%s", (_name, handler, params) => {
  const roles = handler.roles;

  it("declares its roles", () => {
    expect(roles).toBeDefined();
  });

  it("answers each role as declared, never with a 500", async () => {
    if (roles === "public" || roles === undefined) return;
    const signedOut = await call(handler, { params, body: {} });
    expect(signedOut.status).toBe(401);
    for (const role of ["student", "teacher", "admin", "sysadmin"] as const) {
      const res = await call(handler, { params, body: {}, token: await tokenOf(role) });
      if (roles.includes(role)) expect([401, 403]).not.toContain(res.status);
      else expect(res.status).toBe(403);
      expect(res.status).toBeLessThan(500);
    }
  });

  it("keeps a user with an expired password out unless the route is on the allowed list", async () => {
    if (roles === "public" || roles === undefined || !roles.includes("teacher")) return;
    const res = await call(handler, { params, body: {}, token: await tokenOf("expired") });
    if (handler.allowExpiredPassword) expect(res.status).not.toBe(403);
    else expect(res.body).toMatchObject({ code: "password_expired" });
  });
});
