import "server-only";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Db } from "@/db";
import { getDb } from "@/lib/setup/boot.server";
import { log } from "@/lib/core/log.server";
import { env } from "@/lib/core/env.server";
import type { AppLocale } from "@/lib/i18n/locales";
import { pickLocale } from "@/lib/i18n/negotiate";
import { authenticate } from "@/lib/auth/authenticate.server";
import type { Principal } from "@/lib/auth/principal";
import type { Role } from "@/lib/auth/roles";
import { apiTokenCaller, type ApiTokenCaller } from "@/lib/api-tokens/authenticate.server";
import type { ApiScope } from "@/lib/api-tokens/scopes";
import { isHttps, STRICT_TRANSPORT_SECURITY } from "@/lib/security/headers";
import { MAX_JSON_BODY, readJson, tooLarge } from "@/lib/api/body";
import { readMultipart, type UploadForm } from "@/lib/api/multipart.server";
import { FileAnswer, StatusAnswer, type JsonResponse } from "@/lib/api/answers";
import { clientAddress } from "@/lib/api/client-address";
import { isDatabaseUnavailable } from "@/db/errors";
import { ApiError, badRequest, databaseUnavailable, errorResponse, fieldErrors, forbidden, invalid, unauthenticated } from "@/lib/api/errors.server";

export { MAX_JSON_BODY };

type Schema = z.ZodType;
type Infer<S> = S extends Schema ? z.infer<S> : undefined;
type Params = Record<string, string | string[] | undefined>;

interface Options<B, Q, P, R = Schema | undefined> {
  /** The roles allowed to call this route ("public" needs no sign-in). */
  roles: readonly Role[] | "public";
  body?: B;
  /**
   * A multipart/form-data body (an upload) read under a byte cap into `form`; over it, 413 with
   * `tooLarge` (or the generic sentence); another content type, 415 or `notMultipart` as a 400. The
   * service checks the form's fields and files.
   */
  multipart?: { maxBytes: number; tooLarge?: string; notMultipart?: string };
  query?: Q;
  params?: P;
  /** Routes a user with an expired password may still call (user, settings, logout, …). */
  allowExpiredPassword?: boolean;
  status?: number;
  /**
   * Scopes of integration API tokens (`Bearer fbk_…`, lib/api-tokens) that may call this route; without
   * them no API token may. The handler then sees `user: null` and the token in `apiToken`.
   */
  tokenScopes?: readonly ApiScope[];
  /**
   * The JSON answer with the route's status, as a zod schema: the handler must return what it
   * describes (a type error otherwise), the OpenAPI document shows it, and under test the wrapper checks
   * every such answer against it (a 500 naming the route and the differences when they disagree).
   */
  response?: R;
  /** For the API reference (GET /api/openapi.json); by default made from the method and path. */
  summary?: string;
  description?: string;
}

/** What a route declares, kept on its handler for the role walk (tests/api/roles.test.ts) and the OpenAPI document. */
export type RouteDeclaration = Options<Schema | undefined, Schema | undefined, Schema | undefined, Schema | undefined>;
export type DeclaredRoute = ((request: Request, context: NextContext) => Promise<Response>) & {
  roles: readonly Role[] | "public";
  allowExpiredPassword: boolean;
  tokenScopes: readonly ApiScope[];
  declaration: RouteDeclaration;
};

export interface Context<B, Q, P, U> {
  request: Request;
  db: Db;
  user: U;
  /** The integration calling with an API token (only on routes that declare `tokenScopes`), else null. */
  apiToken: ApiTokenCaller | null;
  body: Infer<B>;
  /** The upload, on routes that declare `multipart`. */
  form: UploadForm;
  query: Infer<Q>;
  params: Infer<P>;
  requestId: string;
  address: string;
  now: Date;
}

/**
 * What a handler may return: with a response schema, the JSON it describes (or a Response that says it
 * carries it, as conditionalJson's does), another status's answer or a file; without one, anything.
 */
type Answer<R> = R extends Schema ? z.input<R> | StatusAnswer | FileAnswer | JsonResponse<z.input<R>> : unknown;
type Handler<B, Q, P, U, R> = (context: Context<B, Q, P, U>) => Answer<R> | Promise<Answer<R>>;
type NextContext = { params: Promise<Params> };

const EXPIRED = new ApiError(
  403,
  "password_expired",
  "Your password has expired. Please change your password and try again.",
);

/**
 * Every API route goes through here: request id, authentication, roles, the expired-password gate,
 * zod parsing of params, query and body, and the mapping of errors to the documented JSON shape.
 */
export function route<B extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, P extends Schema | undefined = undefined, R extends Schema | undefined = undefined>(
  options: Options<B, Q, P, R> & { roles: readonly Role[]; tokenScopes: readonly ApiScope[] },
  handler: Handler<B, Q, P, Principal | null, R>,
): DeclaredRoute;
export function route<B extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, P extends Schema | undefined = undefined, R extends Schema | undefined = undefined>(
  options: Options<B, Q, P, R> & { roles: readonly Role[] },
  handler: Handler<B, Q, P, Principal, R>,
): DeclaredRoute;
export function route<B extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, P extends Schema | undefined = undefined, R extends Schema | undefined = undefined>(
  options: Options<B, Q, P, R> & { roles: "public" },
  handler: Handler<B, Q, P, Principal | null, R>,
): DeclaredRoute;
export function route<B extends Schema | undefined, Q extends Schema | undefined, P extends Schema | undefined, R extends Schema | undefined>(
  options: Options<B, Q, P, R>,
  handler: Handler<B, Q, P, never, R>,
) {
  const handle = async (request: Request, next?: NextContext): Promise<Response> => {
    const requestId = request.headers.get("x-request-id")?.slice(0, 64) || nextRequestId();
    const started = performance.now();
    let caller: Principal | null = null;
    try {
      const now = new Date();
      const db = await getDb();
      const apiToken = await apiTokenCaller(db, request, now, options.tokenScopes);
      const user = apiToken ? null : await authenticateFor(options, db, request, now);
      caller = user;
      if (!apiToken) authorize(options, user);
      const params = parse(options.params, (await next?.params) ?? {});
      // The URL is parsed only by routes that read a query (every request paid for two parses before).
      const query = options.query ? parse(options.query, Object.fromEntries(new URL(request.url).searchParams)) : undefined;
      const body = options.body ? parse(options.body, await readJson(request)) : undefined;
      const form = options.multipart ? await readForm(request, options.multipart) : undefined;
      const result = await handler({
        request,
        db,
        user,
        apiToken,
        body,
        form,
        query,
        params,
        requestId,
        // Worked out only when a handler reads it.
        get address() {
          return clientAddress(request);
        },
        now,
      } as never);
      const response = responseOf(result, options.status ?? 200, requestId);
      if (options.response && CHECK_ANSWERS) {
        const mismatch = await answerMismatch(options.response, response, options.status ?? 200);
        if (mismatch) return mismatchResponse(request, mismatch, requestId);
      }
      if (isHttps(request)) response.headers.set("strict-transport-security", STRICT_TRANSPORT_SECURITY);
      if (debug()) log.debug({ requestId, path: new URL(request.url).pathname, ms: performance.now() - started }, "request");
      return response;
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error, requestId, callerLocale(request, caller));
      if (isDatabaseUnavailable(error)) {
        log.warn({ requestId, path: new URL(request.url).pathname, err: error }, "database unavailable");
        return errorResponse(databaseUnavailable(), requestId);
      }
      log.error({ requestId, path: new URL(request.url).pathname, err: error }, "request failed");
      return errorResponse(
        new ApiError(500, "server_error", `Something went wrong on our side (request ${requestId}).`),
        requestId,
      );
    }
  };
  // Exposed so a test can walk every route with every role, and for the OpenAPI document.
  return Object.assign(handle, {
    roles: options.roles,
    allowExpiredPassword: Boolean(options.allowExpiredPassword),
    tokenScopes: options.tokenScopes ?? [],
    declaration: options as RouteDeclaration,
  });
}

/**
 * The language of a refusal's message: the caller's own choice, else their browser's; the school's
 * default is not read here (a database read on every refusal), so a caller with neither gets English.
 */
function callerLocale(request: Request, caller: Principal | null): AppLocale {
  return pickLocale({
    chosen: caller?.user.locale,
    acceptLanguage: request.headers.get("accept-language"),
    pseudoOffered: env().FLEXBLOCK_PSEUDO_LOCALE === "1",
  });
}

/**
 * A request id unique across instances without a UUID per request: a random prefix per process and a
 * counter (for throughput: the wrapper does as little as it can per request).
 */
const BOOT_ID = randomBytes(6).toString("base64url");
let requestCount = 0;
const nextRequestId = () => `${BOOT_ID}-${(++requestCount).toString(36)}`;

const debug = () => log.isLevelEnabled("debug");

/** The handler's answer as a response: JSON with the route's status, a StatusAnswer, a FileAnswer, or a Response a route made itself. */
function responseOf(result: unknown, status: number, requestId: string): Response {
  if (result instanceof StatusAnswer) return jsonResponse(result.body, result.status, requestId);
  if (result instanceof FileAnswer) return fileResponse(result, requestId);
  if (!(result instanceof Response)) return jsonResponse(result, status, requestId);
  result.headers.set("x-request-id", requestId);
  if (!result.headers.has("cache-control")) result.headers.set("cache-control", "no-store");
  return result;
}

/**
 * Under test every JSON answer with the route's status is checked against its response schema, so the
 * api tests prove the schemas (and so the OpenAPI document) true; never in production, where it would
 * cost a parse of every answer. Other statuses (a 202 job, a dry run's 200), files, bodiless answers
 * and a 304 have nothing to check.
 */
const CHECK_ANSWERS = process.env.NODE_ENV === "test";

/** What is wrong with a JSON answer against the schema (zod's issues and fields it does not name), or null. */
async function answerMismatch(schema: Schema, response: Response, status: number): Promise<string | null> {
  if (response.status !== status || !response.headers.get("content-type")?.startsWith("application/json")) return null;
  const answer: unknown = JSON.parse(await response.clone().text());
  const result = schema.safeParse(answer);
  if (!result.success) return z.prettifyError(result.error);
  const unnamed = fieldsNotIn(answer, result.data);
  return unnamed.length ? `fields the schema does not name: ${unnamed.join(", ")}` : null;
}

/** Paths of object fields the answer has and the parsed value dropped (a plain z.object strips them). */
function fieldsNotIn(answer: unknown, parsed: unknown, at = "answer"): string[] {
  if (Array.isArray(answer) && Array.isArray(parsed)) {
    return answer.flatMap((item, i) => fieldsNotIn(item, parsed[i], `${at}[${i}]`));
  }
  if (!isObject(answer) || !isObject(parsed)) return [];
  return Object.keys(answer).flatMap((key) =>
    key in parsed ? fieldsNotIn(answer[key], parsed[key], `${at}.${key}`) : [`${at}.${key}`],
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function mismatchResponse(request: Request, mismatch: string, requestId: string) {
  const name = `${request.method} ${new URL(request.url).pathname}`;
  const message = `The answer of ${name} does not match its response schema:\n${mismatch}`;
  log.error({ requestId, route: name, issues: mismatch }, "answer does not match the response schema");
  console.error(message);
  return errorResponse(new ApiError(500, "server_error", message), requestId);
}

/** Answers carry personal data: never kept by a browser or a shared cache unless a route says so. */
const commonHeaders = (requestId: string, cacheControl = "no-store") => ({ "x-request-id": requestId, "cache-control": cacheControl });

/** A JSON answer built with its headers at once (no Response.json plus header edits); 204 has no body. */
function jsonResponse(result: unknown, status: number, requestId: string) {
  if (status === 204) return new Response(null, { status, headers: commonHeaders(requestId) });
  return new Response(JSON.stringify(result ?? null), {
    status,
    headers: { "content-type": "application/json", ...commonHeaders(requestId) },
  });
}

function fileResponse(file: FileAnswer, requestId: string) {
  const { contentType, filename, cacheControl, headers } = file.options;
  return new Response(file.body, {
    headers: {
      ...headers,
      "content-type": contentType,
      ...(filename ? { "content-disposition": `attachment; filename="${filename}"` } : {}),
      ...commonHeaders(requestId, cacheControl),
    },
  });
}

/** The upload under its cap; a body over it is 413 with the route's own sentence. */
async function readForm(request: Request, multipart: NonNullable<RouteDeclaration["multipart"]>) {
  return readMultipart(request, multipart.maxBytes).catch((error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 413 && multipart.tooLarge) throw tooLarge(multipart.tooLarge);
    if (error.status === 415 && multipart.notMultipart) throw badRequest(multipart.notMultipart);
    throw error;
  });
}

/**
 * Public routes (login, check-user, settings/unauthenticated …) ignore a token that is no longer valid:
 * a client still holding yesterday's token must be able to reach the sign-in screen.
 */
async function authenticateFor(options: Options<unknown, unknown, unknown>, db: Db, request: Request, now: Date) {
  if (options.roles !== "public") return authenticate(db, request, now);
  try {
    return await authenticate(db, request, now);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

function authorize(options: Options<unknown, unknown, unknown>, user: Principal | null) {
  if (options.roles === "public") return;
  if (!user) throw unauthenticated();
  if (user.user.password_expired && !options.allowExpiredPassword) throw EXPIRED;
  if (!options.roles.includes(user.role)) throw forbidden();
}

function parse<S extends Schema | undefined>(schema: S, input: unknown): Infer<S> {
  if (!schema) return undefined as Infer<S>;
  const result = schema.safeParse(input);
  if (!result.success) throw invalid(fieldErrors(result.error));
  return result.data as Infer<S>;
}

