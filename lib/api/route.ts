import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getDb, type Db } from "@/db";
import { log } from "@/lib/log";
import { authenticate } from "@/lib/auth/authenticate";
import type { Principal } from "@/lib/auth/principal";
import type { Role } from "@/lib/auth/roles";
import { ApiError, badRequest, errorResponse, forbidden, invalid, unauthenticated } from "./errors";

/** Bodies larger than this are refused with 413 before they are parsed. */
export const MAX_JSON_BODY = 256 * 1024;

type Schema = z.ZodType;
type Infer<S> = S extends Schema ? z.infer<S> : undefined;
type Params = Record<string, string | string[] | undefined>;

interface Options<B, Q, P> {
  /** The roles allowed to call this route ("public" needs no sign-in). */
  roles: readonly Role[] | "public";
  body?: B;
  query?: Q;
  params?: P;
  /** Routes a user with an expired password may still call (user, settings, logout, …). */
  allowExpiredPassword?: boolean;
  status?: number;
}

export interface Context<B, Q, P, U> {
  request: Request;
  db: Db;
  user: U;
  body: Infer<B>;
  query: Infer<Q>;
  params: Infer<P>;
  requestId: string;
  address: string;
  now: Date;
}

type Handler<B, Q, P, U> = (context: Context<B, Q, P, U>) => unknown;
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
export function route<B extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, P extends Schema | undefined = undefined>(
  options: Options<B, Q, P> & { roles: readonly Role[] },
  handler: Handler<B, Q, P, Principal>,
): (request: Request, context: NextContext) => Promise<Response>;
export function route<B extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, P extends Schema | undefined = undefined>(
  options: Options<B, Q, P> & { roles: "public" },
  handler: Handler<B, Q, P, Principal | null>,
): (request: Request, context: NextContext) => Promise<Response>;
export function route<B extends Schema | undefined, Q extends Schema | undefined, P extends Schema | undefined>(
  options: Options<B, Q, P>,
  handler: Handler<B, Q, P, never>,
) {
  const handle = async (request: Request, next?: NextContext): Promise<Response> => {
    const requestId = request.headers.get("x-request-id")?.slice(0, 64) || randomUUID();
    const started = performance.now();
    try {
      const now = new Date();
      const db = await getDb();
      const user = await authenticate(db, request, now);
      authorize(options, user);
      const params = parse(options.params, (await next?.params) ?? {});
      const query = parse(options.query, Object.fromEntries(new URL(request.url).searchParams));
      const body = options.body ? parse(options.body, await readJson(request)) : undefined;
      const address = clientAddress(request);
      const result = await handler({ request, db, user, body, query, params, requestId, address, now } as never);
      const response =
        result instanceof Response
          ? result
          : Response.json(result ?? null, { status: options.status ?? 200 });
      response.headers.set("x-request-id", requestId);
      log.debug({ requestId, path: new URL(request.url).pathname, ms: performance.now() - started }, "request");
      return response;
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error, requestId);
      log.error({ requestId, path: new URL(request.url).pathname, err: error }, "request failed");
      return errorResponse(
        new ApiError(500, "server_error", `Something went wrong on our side (request ${requestId}).`),
        requestId,
      );
    }
  };
  // Exposed so a test can walk every route with every role.
  return Object.assign(handle, { roles: options.roles, allowExpiredPassword: Boolean(options.allowExpiredPassword) });
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

export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "body";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

async function readJson(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_JSON_BODY) throw new ApiError(413, "too_large", "The request body is too large.");
  let text: string;
  try {
    text = await request.text();
  } catch {
    throw badRequest();
  }
  if (text.length > MAX_JSON_BODY) throw new ApiError(413, "too_large", "The request body is too large.");
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("The request body is not valid JSON.");
  }
}

function clientAddress(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return (forwarded || request.headers.get("x-real-ip") || "local").slice(0, 64);
}
