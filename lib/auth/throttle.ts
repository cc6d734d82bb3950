import "server-only";
import type { Db } from "@/db";
import {
  recordFailedAttempt,
  releaseAttempt,
  reserveAttempt,
  throttleRows,
  type BucketRule,
  type WindowRule,
} from "@/db/queries/auth";
import { throttleNetwork } from "@/lib/api/client-address";
import { ApiError } from "@/lib/api/errors";

/**
 * The sign-in throttle (design.md §5), counted in the database so that every instance shares it and
 * so that it holds under concurrency: each attempt first takes a place with one atomic upsert, and
 * only then is the password checked. 40 simultaneous wrong passwords for one username get 10 checks.
 *
 * - Per username: 10 failures in 15 minutes lock it for 15 minutes (429).
 * - Per address: a leaky bucket, so a whole computer lab behind one address is slowed down, never
 *   locked out. Failures fill it; successes give their place back; it drains by one every 20 seconds.
 *   Past 30, the address waits for the next place (at most 20 seconds; Retry-After says how long).
 * - check-user tells whether a username exists, so every hit from an address counts (60 at once,
 *   then one every 10 seconds): enough for a lab signing in together, slow for a script walking
 *   through student numbers.
 * An "address" is an IPv4 address or an IPv6 /64 (throttleNetwork): an IPv6 host owns a whole /64.
 */
export const THROTTLE_WINDOW_SECONDS = 15 * 60;
export const LOCK_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_USERNAME = 10;
export const ADDRESS_FAILURE_BURST = 30;
export const ADDRESS_DRAIN_SECONDS = 20;
export const CHECK_USER_BURST = 60;
export const CHECK_USER_DRAIN_SECONDS = 10;

export type AttemptKind = "login" | "check-user" | "verify-user";

export interface Attempt {
  kind: AttemptKind;
  username: string;
  address: string;
}

const usernameRule = (a: Attempt): WindowRule => ({
  key: `${a.kind}:user:${a.username}`,
  limit: MAX_FAILURES_PER_USERNAME,
  windowSeconds: THROTTLE_WINDOW_SECONDS,
});

const addressRule = (a: Attempt): BucketRule =>
  a.kind === "check-user"
    ? {
        key: `${a.kind}:address:${throttleNetwork(a.address)}`,
        capacity: CHECK_USER_BURST,
        drainSeconds: CHECK_USER_DRAIN_SECONDS,
      }
    : {
        key: `${a.kind}:address:${throttleNetwork(a.address)}`,
        capacity: ADDRESS_FAILURE_BURST,
        drainSeconds: ADDRESS_DRAIN_SECONDS,
      };

/** A 429 that knows how long to wait; the route turns it into a Retry-After header. */
export class ThrottledError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      "too_many_attempts",
      `Too many attempts. Please wait ${waitText(retryAfterSeconds)} and try again.`,
      undefined,
      {
        "retry-after": String(retryAfterSeconds),
      },
    );
  }
}

function waitText(totalSeconds: number) {
  if (totalSeconds < 60) return totalSeconds === 1 ? "1 second" : `${totalSeconds} seconds`;
  const minutes = Math.ceil(totalSeconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/**
 * Takes the attempt's places (address, then username) or throws a ThrottledError. check-user has no
 * username rule: it checks no password, and its hits are what an enumeration is made of.
 */
export async function reserve(db: Db, attempt: Attempt, now: Date): Promise<void> {
  const bucket = addressRule(attempt);
  const window = attempt.kind === "check-user" ? null : usernameRule(attempt);
  const taken = await reserveAttempt(db, bucket, window, now);
  if (taken.address !== null && (window === null || taken.user !== null)) return;
  // Refused: give back what was taken (the address place when the username was the one refused).
  if (taken.address !== null) await releaseAttempt(db, [bucket.key], null);
  const rows = await throttleRows(db, [bucket.key, ...(window ? [window.key] : [])]);
  const row = rows.find((r) => r.key === (taken.address === null ? bucket.key : window!.key));
  let wait = 1;
  if (row && taken.address === null) {
    // Another request may have stamped the row a moment after this one's clock: no negative drain.
    const elapsed = Math.max(0, now.getTime() - row.since.getTime()) / 1000;
    const level = Math.max(0, row.level - elapsed / bucket.drainSeconds);
    wait = (level + 1 - bucket.capacity) * bucket.drainSeconds;
  } else if (row) {
    const until = row.locked_until ?? new Date(row.since.getTime() + THROTTLE_WINDOW_SECONDS * 1000);
    wait = (until.getTime() - now.getTime()) / 1000;
  }
  throw new ThrottledError(Math.max(1, Math.ceil(wait)));
}

const record = (a: Attempt, succeeded: boolean, now: Date) => ({ ...a, succeeded, created_at: now });

/** The password was right: the attempt gives its places back and is recorded. */
export function settleSuccess(db: Db, attempt: Attempt, now: Date) {
  return releaseAttempt(
    db,
    [addressRule(attempt).key, usernameRule(attempt).key],
    record(attempt, true, now),
  );
}

/** The attempt ended before a password was checked (a locked account): it counts for nothing. */
export function settleUnchecked(db: Db, attempt: Attempt) {
  return releaseAttempt(db, [addressRule(attempt).key, usernameRule(attempt).key], null);
}

/** A wrong password or an unknown username: the places stay taken, and the username may now be locked. */
export function settleFailure(db: Db, attempt: Attempt, now: Date) {
  return recordFailedAttempt(db, usernameRule(attempt), LOCK_SECONDS, record(attempt, false, now), now);
}
