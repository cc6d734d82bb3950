import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@/db";
import { committedDataVersion } from "@/db/queries/data-version";
import type { JsonResponse } from "./answers";

/**
 * Conditional GETs for the screens' polls (check-in status, week schedules, the notification inbox).
 * The ETag has two parts, `W/"<state>.<body>"`:
 * - `state` names what the answer was built from: the database's committed state
 *   (db/queries/data-version.ts), the minute, the caller, the address and this server process. A poll
 *   whose tag has the current `state` gets 304 after one short statement, without the answer being
 *   worked out: nothing was committed since, and every rule an answer follows (deadlines, a block in
 *   progress, today) turns on whole minutes of school time, so the answer would be the same bytes.
 * - `body` is the SHA-256 of the exact JSON body. When something was committed (anywhere: a check-in
 *   in another room), the answer is worked out again, and if its bytes are those the client holds it is
 *   still a 304, with the new tag.
 * So a 304 is only ever sent when the client's copy is byte for byte what it would receive: a stale
 * screen is worse than a few bytes.
 *
 * The state is read before the answer is worked out: a write committed while it is worked out may or
 * may not be in the answer, and either way the next poll reads a newer state and works it out again.
 * The process's own random part keeps one server's tags from matching on another that may run other
 * code (an upgrade rolling through); there the body part still gives a 304.
 *
 * `private, no-cache`: the browser may keep the answer but must ask the server before every use
 * (so it sends If-None-Match, and takes the 304's new tag); shared caches never keep it.
 * `Vary: Authorization` keeps one signed-in user's copy from being revalidated with another user's
 * token on a shared computer.
 */
export const REVALIDATE = "private, no-cache";

const PROCESS = randomBytes(9).toString("base64url");
const MINUTE = 60_000;

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url");

export function etagOf(body: string, state?: string): string {
  return state === undefined ? `W/"${sha256(body)}"` : `W/"${state}.${sha256(body)}"`;
}

const opaque = (tag: string) => (tag.startsWith("W/") ? tag.slice(2) : tag).replace(/^"|"$/g, "");

/** If-None-Match against the current tag, by the weak comparison RFC 9110 §13.1.2 asks for. */
export function notModified(ifNoneMatch: string | null, etag: string): boolean {
  return candidates(ifNoneMatch).some((tag) => tag === "*" || tag === opaque(etag));
}

function candidates(ifNoneMatch: string | null): string[] {
  return ifNoneMatch ? ifNoneMatch.split(",").map((tag) => opaque(tag.trim())).filter(Boolean) : [];
}

interface Poll {
  request: Request;
  db: Db;
  /** Whose answer this is (the signed-in user's id). */
  caller: string | number;
  now: Date;
}

/** The `state` part of a tag: the committed data, the minute, the caller, the address, this process. */
async function stateOf({ request, db, caller, now }: Poll): Promise<string> {
  const url = new URL(request.url);
  const version = await committedDataVersion(db);
  const minute = Math.floor(now.getTime() / MINUTE);
  return sha256([PROCESS, version, minute, caller, url.pathname + url.search].join("\n")).slice(0, 22);
}

const headersFor = (etag: string): Record<string, string> => ({ etag, "cache-control": REVALIDATE, vary: "authorization" });

/** The JSON answer of a polled GET: 200 with an ETag, or 304 when the client already holds it. */
export async function conditionalJson<T>(poll: Poll, answer: () => Promise<T>): Promise<JsonResponse<T>> {
  const held = candidates(poll.request.headers.get("if-none-match"));
  const state = await stateOf(poll);
  const unchanged = held.find((tag) => tag.split(".")[0] === state);
  if (unchanged) return new Response(null, { status: 304, headers: headersFor(`W/"${unchanged}"`) });

  const body = JSON.stringify((await answer()) ?? null);
  const etag = etagOf(body, state);
  const bodyPart = opaque(etag).split(".")[1];
  const sameBytes = held.some((tag) => tag === "*" || tag.split(".").pop() === bodyPart);
  if (sameBytes) return new Response(null, { status: 304, headers: headersFor(etag) });
  return new Response(body, { status: 200, headers: { ...headersFor(etag), "content-type": "application/json" } });
}
