/** @jest-environment node */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { compileErrors, validate } from "@readme/openapi-parser";
import { GET as openapi } from "@/app/api/openapi.json/route";
import { POST as createToken } from "@/app/api/api-tokens/route";
import type { DeclaredRoute } from "@/lib/http/route.server";
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
  paths: Record<string, Record<string, { "x-roles": unknown; "x-token-scopes"?: string[]; parameters?: { name: string; in: string }[]; requestBody?: { content?: Record<string, unknown> }; security: unknown[] }>>;
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
