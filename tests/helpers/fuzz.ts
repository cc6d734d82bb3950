import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "@/lib/core/error-codes";
import type { Role } from "@/lib/auth/roles";

/**
 * The bad-input suite's plumbing: finding every route under app/api at run time, sending one
 * request the way Next.js calls a handler, and judging the answer (no 5xx, no internals, a documented status).
 */

export type Who = Role | "signed out";
export const EVERYONE: Who[] = ["student", "teacher", "admin", "sysadmin", "signed out"];

type NextHandler = (
  request: Request,
  context: { params: Promise<Record<string, unknown>> },
) => Promise<Response>;
/** The options route() was given, as the test's spy on lib/http/route.server.ts keeps them. */
export interface RouteSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
}
type Handler = NextHandler & { roles?: readonly Role[] | "public"; fuzzOptions?: RouteSchemas };

export interface ApiRoute {
  /** `POST /api/students/[id]/schedule` */
  name: string;
  method: string;
  /** `/api/students/[id]/schedule` */
  pattern: string;
  handler: NextHandler;
  /** Undefined for handlers that do not go through route() (health, next-auth). */
  roles: readonly Role[] | "public" | undefined;
  schemas: RouteSchemas;
  /** Path parameters, `true` for catch-all segments (`[...rest]`, an array of strings). */
  params: Array<{ name: string; catchAll: boolean }>;
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** Every exported method of every route.ts under app/api, sorted so a seed replays the same order. */
export function discoverRoutes(apiDir = path.join(process.cwd(), "app", "api")): ApiRoute[] {
  return routeFiles(apiDir)
    .sort()
    .flatMap((file) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the routes are only known at run time
      const mod = require(file) as Record<string, Handler>;
      const pattern = `/api/${path.relative(apiDir, path.dirname(file)).split(path.sep).join("/")}`.replace(
        /\/$/,
        "",
      );
      const params = [...pattern.matchAll(/\[(\.\.\.)?(\w+)\]/g)].map((m) => ({
        name: m[2]!,
        catchAll: Boolean(m[1]),
      }));
      return METHODS.filter((method) => typeof mod[method] === "function").map((method) => {
        const handler = mod[method]!;
        return {
          name: `${method} ${pattern}`,
          method,
          pattern,
          handler,
          roles: handler.roles,
          schemas: handler.fuzzOptions ?? {},
          params,
        };
      });
    });
}

/** May this caller get past the route's role check? (Unwrapped handlers are public.) */
export function admits(route: ApiRoute, who: Who): boolean {
  if (route.roles === undefined || route.roles === "public") return true;
  return who !== "signed out" && route.roles.includes(who);
}

export interface FuzzRequest {
  /** What was broken, for the report: `body memo`, `param id`, `query v`, `raw body`. */
  where: string;
  params: Record<string, string | string[]>;
  query: Record<string, string>;
  body?: { json: unknown } | { raw: string | Uint8Array };
}

export interface Answer {
  status: number;
  text: string;
  threw?: string;
}

/** Sends one request to a handler as Next.js would (method, URL, params promise, bearer token). */
export async function send(route: ApiRoute, request: FuzzRequest, token?: string): Promise<Answer> {
  // A URL cannot carry a lone surrogate: Next.js would hand the handler U+FFFD instead.
  const params = Object.fromEntries(
    Object.entries(request.params).map(([k, v]) => [k, Array.isArray(v) ? v.map(wellFormed) : wellFormed(v)]),
  );
  const pathname = route.pattern.replace(/\[(\.\.\.)?(\w+)\]/g, (_m, _dots, name: string) => {
    const value = params[name] ?? "";
    return (Array.isArray(value) ? value : [value]).map(encodeURIComponent).join("/");
  });
  const url = new URL(pathname, "http://localhost");
  for (const [key, value] of Object.entries(request.query)) url.searchParams.append(key, value);
  const headers = new Headers({ accept: "application/json" });
  if (token) headers.set("authorization", `Bearer ${token}`);
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (request.body && route.method !== "GET") {
    headers.set("content-type", "application/json");
    body =
      "json" in request.body
        ? JSON.stringify(request.body.json)
        : (request.body.raw as Uint8Array<ArrayBuffer>);
  }
  try {
    const response = await route.handler(new Request(url, { method: route.method, headers, body }), {
      params: Promise.resolve(params),
    });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    // Next.js answers a handler that throws with a 500.
    return {
      status: 500,
      text: "",
      threw: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    };
  }
}

const wellFormed = (value: string) =>
  value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");

/** The statuses the API documents besides 2xx. */
export const DOCUMENTED_4XX = [400, 401, 403, 404, 409, 413, 415, 422, 423, 429];

/** Text that only a stack trace, a module path or a database error would put in a body. */
const LEAKS: Array<[string, RegExp]> = [
  ["stack frame", /\bat \/|\bat [\w.<>]+ \(/],
  [
    "module path",
    new RegExp(`node_modules|webpack-internal|${process.cwd().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
  ],
  // Case-sensitive: drizzle writes SQL in lower case, while a message may well say "Select a block".
  [
    "SQL",
    /\bselect\s[^]*\sfrom\s|\binsert into\s|\bupdate\s"\w+"\sset\s|Failed query|syntax error|violates|invalid input syntax|out of range for type|invalid byte sequence|relation "/,
  ],
  ["error class", /\b(TypeError|RangeError|ReferenceError|PostgresError|DrizzleQueryError)\b/],
];

/** What is wrong with an answer, or null. `sent` is the request's own text, which a 2xx may echo. */
export function problemsOf(route: ApiRoute, who: Who, answer: Answer, sent: string): string | null {
  if (answer.threw) return `threw ${answer.threw.slice(0, 200)}`;
  if (answer.status >= 500) return `${answer.status}`;
  if (!admits(route, who) && answer.status !== (who === "signed out" ? 401 : 403)) {
    return `${answer.status} where the role check should answer ${who === "signed out" ? 401 : 403}`;
  }
  const documented = (answer.status >= 200 && answer.status < 300) || DOCUMENTED_4XX.includes(answer.status);
  if (!documented) return `undocumented status ${answer.status}`;
  for (const [kind, pattern] of LEAKS) {
    const match = pattern.exec(answer.text);
    if (match && !sent.includes(match[0]))
      return `${answer.status} body shows a ${kind}: ${JSON.stringify(match[0])}`;
  }
  if (answer.status >= 400 && route.roles !== undefined) {
    const parsed = parseJson(answer.text) as { message?: unknown; code?: unknown } | null;
    if (typeof parsed?.message !== "string" || typeof parsed?.code !== "string") {
      return `${answer.status} without the {message, code} error body`;
    }
    // Documented means catalogued: the code is in lib/core/error-codes.ts, with this status.
    const entry = ERROR_CODES[parsed.code as ErrorCode] as { status: number } | undefined;
    if (entry?.status !== answer.status) {
      return `${answer.status} with code ${parsed.code}, which the error-code catalogue ${entry ? `gives ${entry.status}` : "does not list"}`;
    }
  }
  return null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A short, replayable description of a request for the report. */
export function describeRequest(route: ApiRoute, request: FuzzRequest): string {
  const show = (value: unknown) => {
    const text =
      value instanceof Uint8Array ? `bytes ${Buffer.from(value).toString("hex")}` : JSON.stringify(value);
    return text === undefined
      ? "undefined"
      : text.length > 90
        ? `${text.slice(0, 90)}… (${text.length} chars)`
        : text;
  };
  const parts = [`${request.where}:`];
  if (Object.keys(request.params).length) parts.push(`params ${show(request.params)}`);
  if (Object.keys(request.query).length) parts.push(`query ${show(request.query)}`);
  if (request.body) parts.push(`body ${show("json" in request.body ? request.body.json : request.body.raw)}`);
  return `${route.name} ${parts.join(" ")}`;
}
