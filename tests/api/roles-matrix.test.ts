/** @jest-environment node */
import { GET as openApiDocument } from "@/app/api/openapi.json/route";
import { POST as createApiToken } from "@/app/api/api-tokens/route";
import { ROUTE_MANIFEST } from "@/app/api/route-manifest";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, TEST_PASSWORD, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { OUTSIDE_MANIFEST, ROLES_MATRIX, type Caller, type Expectation, type Scope } from "../helpers/roles-matrix";

/**
 * Every API route against an independent table of who may call it (tests/helpers/roles-matrix.ts, written from
 * the spec and docs/design/accounts.md#roles, not from the code). tests/api/roles.test.ts checks that each route does what it
 * declares; this file checks that what it declares is what the product allows: a route widened (or narrowed) in
 * its declaration, a token scope added, or a route newly allowed with an expired password fails here until the
 * table is changed on purpose, and a new route fails until it has a row.
 */
const state = useTestDb();

type Handler = ((request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>) & {
  roles?: readonly string[] | "public";
  tokenScopes?: readonly string[];
  allowExpiredPassword?: boolean;
};

const ROLES = ["student", "teacher", "admin", "sysadmin"] as const;
type Role = (typeof ROLES)[number];
const EVERY_CALLER: readonly Caller[] = ["public", ...ROLES];
const SCOPES: readonly Scope[] = ["reports:read", "roster:write"];

/** The manifest only enumerates the routes (and hands over their handlers); what they may do comes from the table. */
const routes = new Map<string, Handler>([
  ...ROUTE_MANIFEST.flatMap((entry) =>
    entry.methods.map((method) => [`${method} ${entry.path}`, entry.module[method as keyof typeof entry.module] as Handler] as const),
  ),
  ["GET /api/openapi.json", openApiDocument as Handler],
]);
const table: Record<string, Expectation> = { ...ROLES_MATRIX, ...OUTSIDE_MANIFEST };
const rows = Object.entries(table).filter(([key]) => routes.has(key));

const sorted = <T extends string>(list: Iterable<T>) => [...new Set(list)].sort();

/** The declaration as a set of callers: "public" lets everyone in, signed out included. */
function declaredCallers(handler: Handler): Caller[] | "unwrapped" {
  if (handler.roles === undefined) return "unwrapped";
  if (handler.roles === "public") return sorted(EVERY_CALLER);
  return sorted(handler.roles as Caller[]);
}

/** A value for each path parameter that parses (refused calls are refused before any of it is read). */
function paramsFor(key: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const match of key.matchAll(/\{(\w+)\}/g)) params[match[1]!] = match[1] === "date" ? "2030-01-15" : "999999";
  return params;
}

const methodOf = (key: string) => key.split(" ")[0]!;

describe("the table covers every route", () => {
  it("has a row for every route and method in the manifest (add one for a new route)", () => {
    expect(routes.size).toBeGreaterThan(100);
    const missing = [...routes.keys()].filter((key) => !(key in table));
    expect(missing).toEqual([]);
  });

  it("has no row for a route or method that does not exist", () => {
    const stale = Object.keys(table).filter((key) => !routes.has(key));
    expect(stale).toEqual([]);
  });

  it("names only known callers and scopes, each once, and no empty set", () => {
    for (const [key, row] of Object.entries(table)) {
      expect({ key, unknown: row.who.filter((who) => !EVERY_CALLER.includes(who)) }).toEqual({ key, unknown: [] });
      expect({ key, duplicates: row.who.length - new Set(row.who).size }).toEqual({ key, duplicates: 0 });
      expect({ key, empty: row.who.length === 0 }).toEqual({ key, empty: false });
      expect({ key, unknown: (row.scopes ?? []).filter((scope) => !SCOPES.includes(scope)) }).toEqual({ key, unknown: [] });
      // "public" means everyone: a row with it must list every role too.
      if (row.who.includes("public")) expect({ key, who: sorted(row.who) }).toEqual({ key, who: sorted(EVERY_CALLER) });
    }
  });
});

describe.each(rows)("%s declares what the table says", (key, row) => {
  const handler = routes.get(key)!;

  it(`its callers: ${row.who.join(", ")}`, () => {
    const declared = declaredCallers(handler);
    if (row.unwrapped) expect({ key, declared }).toEqual({ key, declared: "unwrapped" });
    else expect({ key, callers: declared }).toEqual({ key, callers: sorted(row.who) });
  });

  it(`its API token scopes: ${row.scopes?.join(", ") || "none"}`, () => {
    expect({ key, scopes: sorted((handler.tokenScopes ?? []) as Scope[]) }).toEqual({ key, scopes: sorted(row.scopes ?? []) });
  });

  it(`an expired password ${row.expiredPasswordOk ? "may" : "may not"} call it`, () => {
    expect({ key, allowExpiredPassword: Boolean(handler.allowExpiredPassword) }).toEqual({
      key,
      allowExpiredPassword: Boolean(row.expiredPasswordOk),
    });
  });
});

describe("called for real", () => {
  const tokens = {} as Record<Role, string>;
  const apiTokens = {} as Record<Scope, string>;

  beforeAll(async () => {
    const admin = await createAdmin(state.db);
    tokens.student = await tokenFor(state.db, await createStudent(state.db));
    tokens.teacher = await tokenFor(state.db, await createStaff(state.db));
    tokens.admin = await tokenFor(state.db, admin);
    tokens.sysadmin = await tokenFor(state.db, await createSysadmin(state.db));
    for (const scope of SCOPES) {
      const created = await call(createApiToken, {
        token: await tokenFor(state.db, admin),
        body: { name: `roles matrix ${scope}`, scopes: [scope], password: TEST_PASSWORD },
      });
      expect(created.status).toBe(201);
      apiTokens[scope] = created.body.token;
    }
  });

  /** One request to a route; refused requests are refused before the body or the params are read. */
  const send = (key: string, token: string | undefined, body: unknown = {}) =>
    call(routes.get(key)!, { method: methodOf(key), params: paramsFor(key), body: methodOf(key) === "GET" ? undefined : body, token });

  const userRoutes = rows.filter(([, row]) => !row.unwrapped && !row.kioskDevice);

  it.each(userRoutes.filter(([, row]) => !row.who.includes("public")))(
    "%s refuses everyone outside the table's callers: signed out 401, other roles 403",
    async (key, row) => {
      const got: Record<string, number> = {};
      const want: Record<string, number> = {};
      got["signed out"] = (await send(key, undefined)).status;
      want["signed out"] = 401;
      for (const role of ROLES.filter((role) => !row.who.includes(role))) {
        got[role] = (await send(key, tokens[role])).status;
        want[role] = 403;
      }
      expect({ key, status: got }).toEqual({ key, status: want });
    },
  );

  /** A route of each kind of caller set: every caller in the set is let in (any answer but 401/403, never a 5xx). */
  const SAMPLE = [
    "GET /api/settings/unauthenticated", // public
    "GET /api/user", // anyone signed in
    "GET /api/wiki/groups", // anyone signed in
    "GET /api/placement/self", // students
    "POST /api/check-in/air", // students
    "POST /api/staff/capacity", // staff
    "DELETE /api/students/waitlist", // students and staff (a 404 for nobody on it is past the role check)
    "POST /api/star", // staff
    "GET /api/staff", // the shell
    "GET /api/topics", // the shell (a sysadmin gets an empty list)
    "GET /api/calendar-events", // the shell
    "GET /api/imports", // administrators
    "GET /api/users", // administrators
    "GET /api/power-scheduler/options", // administrators
    "GET /api/reports/attendance", // the shell and reports:read tokens
  ];

  it("samples every kind of caller set the table uses", () => {
    const kinds = (keys: string[]) => sorted(keys.map((key) => sorted(table[key]!.who).join(",")));
    expect(kinds(SAMPLE)).toEqual(kinds(userRoutes.map(([key]) => key)));
  });

  it.each(SAMPLE)("%s lets in every caller the table allows", async (key) => {
    const row = table[key]!;
    for (const who of row.who) {
      const status = (await send(key, who === "public" ? undefined : tokens[who])).status;
      expect({ key, who, status, refused: [401, 403].includes(status) || status >= 500 }).toEqual({
        key,
        who,
        status,
        refused: false,
      });
    }
  });

  it.each(userRoutes)("%s takes an API token only with a scope the table lists (403 token_scope otherwise)", async (key, row) => {
    for (const scope of SCOPES) {
      const res = await send(key, apiTokens[scope]);
      if (row.scopes?.includes(scope)) {
        expect({ key, scope, refused: [401, 403].includes(res.status) || res.status >= 500 }).toEqual({ key, scope, refused: false });
      } else {
        expect({ key, scope, status: res.status, code: res.body?.code }).toEqual({ key, scope, status: 403, code: "token_scope" });
      }
    }
  });

  it.each(rows.filter(([, row]) => row.kioskDevice))("%s (a kiosk device's route) lets no user's session in", async (key) => {
    for (const token of [undefined, ...ROLES.map((role) => tokens[role])]) {
      // A body that parses, so the only thing missing is the kiosk's own token.
      const res = await send(key, token, { student_number: "999999" });
      expect({ key, status: res.status, code: res.body?.code }).toEqual({ key, status: 401, code: "invalid_kiosk_token" });
    }
  });

  it.each(rows.filter(([, row]) => row.unwrapped))("%s answers signed out", async (key) => {
    expect((await send(key, undefined)).status).toBe(200);
  });
});
