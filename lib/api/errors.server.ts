import "server-only";
import type { ZodError } from "zod";
import { DATABASE_RETRY_AFTER_SECONDS } from "@/db/errors";
import type { ErrorCode } from "@/lib/core/error-codes";
import { apiFieldErrorsIn, apiMessageIn } from "@/lib/i18n/api-messages";
import type { AppLocale } from "@/lib/i18n/locales";

export type { ErrorCode };

/** An error a client may see: a stable code for programs, a message for people, field errors for forms. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Headers the answer carries (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface ErrorBody {
  message: string;
  code: string;
  errors?: Record<string, string[]>;
}

export const badRequest = (message = "The request body could not be read.") =>
  new ApiError(400, "bad_request", message);
export const unauthenticated = (message = "You must be signed in.") =>
  new ApiError(401, "unauthenticated", message);
export const forbidden = (message = "You are not allowed to do that.") =>
  new ApiError(403, "forbidden", message);
export const notFound = (message = "Not found.") => new ApiError(404, "not_found", message);
export const conflict = (code: ErrorCode, message: string) => new ApiError(409, code, message);
export const invalid = (errors: Record<string, string[]>, message = "The given data was invalid.") =>
  new ApiError(422, "invalid", message, errors);

/** The database cannot be reached (a restart, a failover): nothing was done; try again shortly. */
export const databaseUnavailable = () =>
  new ApiError(
    503,
    "database_unavailable",
    "The service is briefly unavailable. Nothing was saved; please try again in a few seconds.",
    undefined,
    { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) },
  );

/** The error's JSON answer; its messages for people in `locale` (the caller's language), its code as it is. */
export function errorResponse(error: ApiError, requestId: string, locale: AppLocale = "en"): Response {
  const body: ErrorBody = { message: apiMessageIn(locale, error.message), code: error.code };
  if (error.errors) body.errors = apiFieldErrorsIn(locale, error.errors);
  return Response.json(body, {
    status: error.status,
    headers: { ...error.headers, "x-request-id": requestId, "cache-control": "no-store" },
  });
}

/** A zod error's issues as field errors, keyed by the field's path ("blocks.2.times.0.start"; the body itself: "body"). */
export function fieldErrors(error: ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "body";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}
