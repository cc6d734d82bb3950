/** @jest-environment node */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { compileErrors, validate } from "@readme/openapi-parser";
import { GET as openapi } from "@/app/api/openapi.json/route";
import { POST as createToken } from "@/app/api/api-tokens/route";
import { z } from "zod";
import { route, type DeclaredRoute } from "@/lib/http/route.server";
import { FileAnswer, StatusAnswer } from "@/lib/api/answers";
import { useTestDb } from "../helpers/db";
import { createAdmin, TEST_PASSWORD, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { API_DIR, apiPathOf, exportedMethods, routeFiles } from "../helpers/api-routes";

/**
 * The OpenAPI document covers every route file under app/api and every method it exports, says what
 * each route declares (roles, token scopes, schemas), and is a valid OpenAPI 3.1 document.
 */
const state = useTestDb();
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { "x-roles": unknown; responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>; "x-token-scopes"?: string[]; parameters?: { name: string; in: string }[]; requestBody?: { content?: Record<string, unknown> }; security: unknown[] }>>;
};
let doc: Doc;

/** Routes the document leaves out on purpose (catch-alls OpenAPI cannot express). */
const NOT_DOCUMENTED = ["[...missing]", "[...nextauth]"];

beforeAll(async () => {
  const res = await call(openapi, { path: "/api/openapi.json" });
  expect(res.status).toBe(200);
  doc = res.body as Doc;
});

it("has a manifest of routes that is up to date (else: node scripts/generate-route-manifest.mjs)", () => {
  expect(() =>
    execFileSync("node", [path.join("scripts", "generate-route-manifest.mjs"), "--check"], { stdio: "pipe" }),
  ).not.toThrow();
});

it("documents every route file under app/api and every method it exports", () => {
  const files = routeFiles().filter((file) => !NOT_DOCUMENTED.some((part) => file.includes(part)));
  expect(files.length).toBeGreaterThan(50);
  const missing: string[] = [];
  for (const file of files) {
    const item = doc.paths[apiPathOf(file)];
    for (const method of exportedMethods(file)) {
      if (!item?.[method.toLowerCase()]) missing.push(`${method} ${apiPathOf(file)} (${path.relative(API_DIR, file)})`);
    }
  }
  expect(missing).toEqual([]);
});

it("documents nothing that is not a route", () => {
  const real = new Set(routeFiles().flatMap((file) => exportedMethods(file).map((m) => `${m} ${apiPathOf(file)}`)));
  const extra = Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`).filter((key) => !real.has(key)),
  );
  expect(extra).toEqual([]);
});

it("carries each route's declared roles, token scopes, parameters and body", () => {
  const wrong: string[] = [];
  for (const file of routeFiles().filter((f) => !NOT_DOCUMENTED.some((part) => f.includes(part)))) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the list of routes is only known at run time
    const mod = require(file) as Record<string, DeclaredRoute | undefined>;
    for (const method of exportedMethods(file)) {
      const handler = mod[method];
      const op = doc.paths[apiPathOf(file)]?.[method.toLowerCase()];
      if (!handler?.declaration || !op) continue;
      const roles = handler.roles === "public" ? "public" : [...handler.roles];
      if (JSON.stringify(op["x-roles"]) !== JSON.stringify(roles)) wrong.push(`${method} ${file}: roles`);
      if (JSON.stringify(op["x-token-scopes"] ?? []) !== JSON.stringify(handler.tokenScopes)) wrong.push(`${method} ${file}: scopes`);
      if (Boolean(handler.declaration.body) !== Boolean(op.requestBody?.content?.["application/json"])) wrong.push(`${method} ${file}: body`);
      if (Boolean(handler.declaration.multipart) !== Boolean(op.requestBody?.content?.["multipart/form-data"])) wrong.push(`${method} ${file}: upload`);
      const pathParams = [...apiPathOf(file).matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const documented = (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
      if (JSON.stringify(documented.sort()) !== JSON.stringify(pathParams.sort())) wrong.push(`${method} ${file}: path params`);
    }
  }
  expect(wrong).toEqual([]);
});

it("shows each route's response schema as its success answer", () => {
  const wrong: string[] = [];
  let declared = 0;
  for (const file of routeFiles().filter((f) => !NOT_DOCUMENTED.some((part) => f.includes(part)))) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the list of routes is only known at run time
    const mod = require(file) as Record<string, DeclaredRoute | undefined>;
    for (const method of exportedMethods(file)) {
      const handler = mod[method];
      const op = doc.paths[apiPathOf(file)]?.[method.toLowerCase()];
      if (!handler?.declaration || !op) continue;
      const success = op.responses[String(handler.declaration.status ?? 200)];
      const schema = success?.content?.["application/json"]?.schema;
      if (Boolean(handler.declaration.response) !== Boolean(schema)) wrong.push(`${method} ${file}: response`);
      if (handler.declaration.response) declared++;
    }
  }
  expect(wrong).toEqual([]);
  expect(declared).toBeGreaterThan(10);
  const user = doc.paths["/api/user"]!.get!.responses["200"]!.content!["application/json"]!.schema;
  expect(user).toMatchObject({
    type: "object",
    properties: { display_name: { type: "string" }, role: { enum: ["student", "teacher", "admin", "sysadmin"] } },
  });
  expect(user.required).toEqual(expect.arrayContaining(["id", "username", "details", "sign_in_method"]));
});

describe("the check of answers against their response schema (under test only)", () => {
  const answer = z.object({ ok: z.boolean(), items: z.array(z.object({ id: z.number() })) });
  const answering = (value: unknown, status?: number) =>
    route({ roles: "public", response: answer, ...(status ? { status } : {}) }, () => value as z.input<typeof answer>);

  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => errors.mockRestore());

  it("is a type error when the handler returns something else", () => {
    // @ts-expect-error -- `ok` must be a boolean and `items` is missing
    const wrong = route({ roles: "public", response: answer }, () => ({ ok: "yes" }));
    expect(wrong.declaration.response).toBe(answer);
  });

  it("lets an answer that matches through", async () => {
    const res = await call(answering({ ok: true, items: [{ id: 1 }] }), { path: "/api/shapes" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, items: [{ id: 1 }] });
    expect(errors).not.toHaveBeenCalled();
  });

  it("answers 500 naming the route and zod's issues when a field has the wrong type or is missing", async () => {
    const res = await call(answering({ ok: "yes" }), { path: "/api/shapes" });
    expect(res.status).toBe(500);
    expect(res.body.code).toBe("server_error");
    expect(res.body.message).toContain("GET /api/shapes");
    expect(res.body.message).toMatch(/ok/);
    expect(res.body.message).toMatch(/items/);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("does not match its response schema"));
  });

  it("answers 500 for a field the schema does not name", async () => {
    const res = await call(answering({ ok: true, items: [{ id: 1, extra: "x" }] }), { path: "/api/shapes" });
    expect(res.status).toBe(500);
    expect(res.body.message).toContain("answer.items[0].extra");
  });

  it("checks a JSON Response the route made itself too (a conditional GET's 200), not its 304", async () => {
    const made = await call(answering(Response.json({ ok: 1, items: [] })), { path: "/api/shapes" });
    expect(made.status).toBe(500);
    expect(made.body.message).toContain("GET /api/shapes");
    const unchanged = await call(answering(new Response(null, { status: 304 })), { path: "/api/shapes" });
    expect(unchanged.status).toBe(304);
  });

  it("leaves alone what is not the route's JSON answer: another status, no body, a file", async () => {
    const queued = await call(answering(new StatusAnswer(202, { job: 1 })), { path: "/api/shapes" });
    expect(queued.status).toBe(202);
    const empty = await call(answering(undefined, 204), { path: "/api/shapes" });
    expect(empty.status).toBe(204);
    const file = await call(answering(new FileAnswer("a,b\n", { contentType: "text/csv" })), { path: "/api/shapes" });
    expect(file.status).toBe(200);
    expect(file.body).toBe("a,b\n");
    expect(errors).not.toHaveBeenCalled();
  });
});

it("describes the API-token routes with their scopes and the sign-in routes with a session", () => {
  const tokens = doc.paths["/api/api-tokens"]!.post!;
  expect(tokens["x-roles"]).toEqual(["admin", "sysadmin"]);
  expect(tokens.security).toEqual([{ session: [] }]);
  expect(tokens.requestBody).toMatchObject({
    content: { "application/json": { schema: { properties: { scopes: { items: { enum: ["reports:read", "roster:write"] } } } } } },
  });
  const self = doc.paths["/api/openapi.json"]!.get!;
  expect(self["x-token-scopes"]).toEqual(["reports:read", "roster:write"]);
  expect(self.security).toEqual([{}, { apiToken: ["reports:read", "roster:write"] }]);
  const roster = doc.paths["/api/rostering/oneroster"]!.post!;
  expect(roster["x-token-scopes"]).toEqual(["roster:write"]);
  expect(roster["x-roles"]).toEqual(["admin", "sysadmin"]);
});

it("is a valid OpenAPI 3.1 document", async () => {
  expect(doc.openapi).toBe("3.1.0");
  const result = await validate(structuredClone(doc) as never);
  expect(result.valid ? "" : compileErrors(result)).toBe("");
});

it("is public, and an API token may read it too", async () => {
  const admin = await tokenFor(state.db, await createAdmin(state.db));
  const created = await call(createToken, { token: admin, body: { name: "Docs reader", scopes: ["reports:read"], password: TEST_PASSWORD } });
  const res = await call(openapi, { token: created.body.token });
  expect(res.status).toBe(200);
  expect(res.body.openapi).toBe("3.1.0");
});
