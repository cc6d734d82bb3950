import { z } from "zod";
import type { DeclaredRoute, RouteDeclaration } from "@/lib/http/route.server";
import { ERROR_CODES } from "@/lib/core/error-codes";
import { API_SCOPES } from "@/lib/api-tokens/scopes";
import { DISPLAY_ROLE, type Role } from "@/lib/auth/roles";
import { APP_VERSION, PRODUCT_NAME } from "@/lib/version";
import type { RouteManifestEntry, RouteModule } from "./types";

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

/**
 * zod → JSON Schema of what is sent: a request as a client sends it, an answer as a handler returns it
 * (transforms and refinements drop out; what cannot be said is `{}`).
 */
function jsonSchema(schema: z.ZodType): JsonSchema {
  try {
    const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io: "input",
      unrepresentable: "any",
    }) as JsonSchema;
    return rest;
  } catch {
    return {};
  }
}

const isDeclared = (handler: unknown): handler is DeclaredRoute =>
  typeof handler === "function" && "declaration" in handler;

/** Path and query parameters from an object schema's properties. */
function parameters(schema: z.ZodType | undefined, where: "path" | "query"): Operation[] {
  if (!schema) return [];
  const json = jsonSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === "path" || required.has(name),
      ...(typeof description === "string" ? { description } : {}),
      schema: rest,
    };
  });
}

/** `{id}` parameters the path has but the declaration does not parse (still required by OpenAPI). */
function pathParameters(path: string, declared: Operation[]): Operation[] {
  const names = new Set(declared.map((p) => p.name));
  const missing = [...path.matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1]!)
    .filter((name) => !names.has(name))
    .map((name) => ({ name, in: "path", required: true, schema: { type: "string" } }));
  return [...declared.filter((p) => path.includes(`{${p.name}}`)), ...missing];
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The comment's first clause, short enough for a sidebar; the whole comment becomes the description. */
function summaryOf(text: string | undefined, method: string, path: string): string {
  if (!text) return `${method} ${path}`;
  const first = text.split(/(?<=[.;])\s|\s\(/)[0]!.replace(/[.;:]$/, "");
  return sentence(first.length > 90 ? `${first.slice(0, 89).trimEnd()}…` : first);
}

function rolesLine(roles: RouteDeclaration["roles"] | undefined): string {
  if (!roles || roles === "public") return "Public: no sign-in needed.";
  return `Roles: ${roles.map((role) => DISPLAY_ROLE[role as Role]).join(", ")}.`;
}

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

function operation(entry: RouteManifestEntry, method: string, handler: unknown): Operation {
  const declaration = isDeclared(handler) ? handler.declaration : undefined;
  const roles = declaration?.roles ?? "public";
  const scopes = declaration?.tokenScopes ?? [];
  const commentText = entry.summaries[method];
  const summary = declaration?.summary ?? summaryOf(commentText, method, entry.path);
  const description = [
    declaration?.description ?? (commentText ? sentence(commentText) : undefined),
    rolesLine(roles),
    scopes.length ? `API tokens with the scope ${scopes.map((s) => `\`${s}\``).join(" or ")} may call it too.` : undefined,
    declaration?.allowExpiredPassword ? "Open to a user whose password has expired." : undefined,
  ]
    .filter(Boolean)
    .join("\n\n");

  const params = [
    ...pathParameters(entry.path, parameters(declaration?.params, "path")),
    ...parameters(declaration?.query, "query"),
  ];
  const security =
    roles === "public"
      ? [{}, ...(scopes.length ? [{ apiToken: [...scopes] }] : [])]
      : [{ session: [] }, ...(scopes.length ? [{ apiToken: [...scopes] }] : [])];

  const status = String(declaration?.status ?? 200);
  const success = declaration?.response
    ? { description: "Success.", content: { "application/json": { schema: jsonSchema(declaration.response) } } }
    : { description: "Success." };
  const responses: Record<string, unknown> = { [status]: success };
  if (declaration?.body) responses["400"] = errorResponse("The body is not readable JSON.");
  if (roles !== "public") {
    responses["401"] = errorResponse("Not signed in, or the session or API token is not valid.");
    responses["403"] = errorResponse("The caller's role (or API token's scope) may not do this, or the password has expired.");
  } else if (scopes.length) {
    responses["401"] = errorResponse("The API token is unknown or revoked.");
  }
  if (declaration?.params || declaration?.query || declaration?.body || declaration?.multipart) {
    responses["422"] = errorResponse("Field errors: see `errors`.");
  }
  if (declaration?.multipart) {
    responses["413"] = errorResponse(declaration.multipart.tooLarge ?? `The upload is larger than ${declaration.multipart.maxBytes} bytes.`);
  }

  return {
    operationId: operationId(method, entry.path),
    summary,
    description,
    tags: [tagOf(entry.path)],
    ...(params.length ? { parameters: params } : {}),
    ...(declaration?.body
      ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(declaration.body) } } } }
      : {}),
    // The form's fields are the service's to check and the description's to name.
    ...(declaration?.multipart ? { requestBody: { required: true, content: { "multipart/form-data": { schema: { type: "object" } } } } } : {}),
    responses,
    security,
    "x-roles": roles === "public" ? "public" : [...roles],
    ...(scopes.length ? { "x-token-scopes": [...scopes] } : {}),
  };
}

/** Tags whose words are not plain English. */
const TAG_NAMES: Record<string, string> = { "api-tokens": "API tokens", "openapi.json": "OpenAPI", "check-in": "Check-in" };

/** `/api/clusters/{id}/members` → "Clusters". */
function tagOf(path: string): string {
  const first = path.split("/")[2] ?? "api";
  return TAG_NAMES[first] ?? sentence(first.replace(/[-_.]/g, " "));
}

/** `DELETE /api/clusters/{id}` → `deleteClustersById`. */
function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/?/, "")
    .split(/[/\-_.]/)
    .filter(Boolean)
    .map((part) => (part.startsWith("{") ? `By${sentence(part.slice(1, -1))}` : sentence(part)));
  return method.toLowerCase() + words.join("").replace(/[^A-Za-z0-9]/g, "");
}

/**
 * The OpenAPI 3.1 document of every route in the manifest (app/api/route-manifest.ts, generated from
 * app/api), built from the route declarations themselves: roles, zod schemas, success status and
 * API-token scopes. `extra` adds routes the manifest cannot import (the document's own).
 */
export function buildOpenApiDocument(manifest: readonly RouteManifestEntry[], extra: readonly RouteManifestEntry[] = []) {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const entry of [...manifest, ...extra].sort((a, b) => a.path.localeCompare(b.path))) {
    const item: Record<string, Operation> = {};
    for (const method of entry.methods) {
      item[method.toLowerCase()] = operation(entry, method, entry.module[method as keyof RouteModule]);
    }
    paths[entry.path] = item;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${PRODUCT_NAME} API`,
      version: APP_VERSION,
      description: [
        "The JSON API behind every Flexblock screen. Sign in with `POST /api/login` and send the token it answers",
        "as `Authorization: Bearer <token>`. Integrations (a student information system pulling attendance) use an",
        "API token that an administrator creates under Settings → API tokens: `Authorization: Bearer fbk_…`. An API",
        "token works only on the routes that list its scope (`x-token-scopes`) and is refused with 403 everywhere",
        "else; a revoked one is refused with 401. Each operation's roles are in its description and in `x-roles`.",
        "",
        "Errors answer `{ code, message, errors? }`; the codes are listed under the Error schema.",
      ].join("\n"),
    },
    servers: [{ url: "/" }],
    paths,
    components: {
      securitySchemes: {
        session: {
          type: "http",
          scheme: "bearer",
          description: "A session token from POST /api/login (or single sign-on); it lasts 24 hours.",
        },
        apiToken: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "fbk_…",
          description: `An integration's API token. Scopes: ${Object.entries(API_SCOPES)
            .map(([scope, meaning]) => `\`${scope}\` (${meaning})`)
            .join("; ")}`,
        },
      },
      schemas: {
        Error: {
          type: "object",
          required: ["code", "message"],
          properties: {
            code: { type: "string", enum: Object.keys(ERROR_CODES) },
            message: { type: "string", description: "For people; may change." },
            errors: {
              type: "object",
              description: "Field errors (422): field → messages.",
              additionalProperties: { type: "array", items: { type: "string" } },
            },
          },
        },
      },
    },
    tags: [...new Set(Object.keys(paths).map(tagOf))].sort().map((name) => ({ name })),
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
