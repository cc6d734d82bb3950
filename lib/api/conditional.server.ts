import "server-only";
import { createHash } from "node:crypto";

/**
 * Conditional GETs for the screens' polls (check-in status, week schedules, the notification inbox):
 * the answer carries an ETag that is the SHA-256 of the exact JSON body, and a request whose
 * If-None-Match holds that tag gets 304 with no body. Because the tag is a hash of the body the
 * server would send, any change to the data that changes the answer changes the tag, and a 304 is
 * only ever sent when the client's copy is byte for byte what it would receive: a stale screen is worse than a few bytes.
 *
 * `private, no-cache`: the browser may keep the answer but must ask the server before every use
 * (so it sends If-None-Match); shared caches never keep it. `Vary: Authorization` keeps one
 * signed-in user's copy from being revalidated with another user's token on a shared computer.
 */
export const REVALIDATE = "private, no-cache";

export function etagOf(body: string): string {
  return `W/"${createHash("sha256").update(body).digest("base64url")}"`;
}

const opaque = (tag: string) => (tag.startsWith("W/") ? tag.slice(2) : tag);

/** If-None-Match against the current tag, by the weak comparison RFC 9110 §13.1.2 asks for. */
export function notModified(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const wanted = opaque(etag);
  for (const tag of ifNoneMatch.split(",")) {
    const trimmed = tag.trim();
    if (trimmed === "*" || opaque(trimmed) === wanted) return true;
  }
  return false;
}

/** The JSON answer of a polled GET: 200 with an ETag, or 304 when the client already holds it. */
export function conditionalJson(request: Request, value: unknown): Response {
  const body = JSON.stringify(value ?? null);
  const etag = etagOf(body);
  const headers: Record<string, string> = { etag, "cache-control": REVALIDATE, vary: "authorization" };
  if (notModified(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  headers["content-type"] = "application/json";
  return new Response(body, { status: 200, headers });
}
