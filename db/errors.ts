import "server-only";
/**
 * Which database errors mean "the database cannot be reached right now" (a restart, a failover, a
 * network cut), as opposed to a fault in a statement. Route handlers answer the first with 503 and
 * Retry-After (lib/http/route.server.ts); db/client.ts retries a statement once when it is safe.
 */

/** The statement never reached PostgreSQL: retrying it cannot run it twice. */
const UNREACHED = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "CONNECT_TIMEOUT",
  "57P03", // cannot_connect_now: starting up or shutting down
  "53300", // too_many_connections
]);

/** The connection died while the statement was on it: it may or may not have run. */
const LOST = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_DESTROYED",
  "CONNECTION_ENDED", // the pool was closed: the process is shutting down
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "57P01", // admin_shutdown: terminated by a fast shutdown or pg_terminate_backend
  "57P02", // crash_shutdown
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);

export type ConnectionFailure = "unreached" | "lost";

/** Walks the error and its causes (drizzle wraps driver errors in DrizzleQueryError). */
export function connectionFailure(error: unknown): ConnectionFailure | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") {
      if (UNREACHED.has(code)) return "unreached";
      if (LOST.has(code)) return "lost";
    }
    // AggregateError from a dual-stack connect (ECONNREFUSED on ::1 and 127.0.0.1).
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0 && errors.every((e) => connectionFailure(e) === "unreached")) {
      return "unreached";
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export const isDatabaseUnavailable = (error: unknown) => connectionFailure(error) !== null;

/** Seconds a client should wait before trying again while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** A unique violation (SQLSTATE 23505), on the error or its causes (drivers wrap it). */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
