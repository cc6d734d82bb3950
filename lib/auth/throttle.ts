import type { Db } from "@/db";
import { countRecentFailures, recordAttempt } from "@/db/queries/auth";
import { ApiError } from "@/lib/api/errors";

/** 10 failures for one username in 15 minutes lock it for 15 minutes. */
export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_USERNAME = 10;
/** A whole computer lab shares one address, so an address gets more room than a username. */
export const MAX_FAILURES_PER_ADDRESS = 50;

export type AttemptKind = "login" | "check-user" | "verify-user";

export async function assertNotThrottled(
  db: Db,
  attempt: { kind: AttemptKind; username: string; address: string },
  now: Date,
) {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const failures = await countRecentFailures(db, { ...attempt, since });
  if (failures.byUsername >= MAX_FAILURES_PER_USERNAME || failures.byAddress >= MAX_FAILURES_PER_ADDRESS) {
    throw new ApiError(
      429,
      "too_many_attempts",
      "Too many attempts. Please wait 15 minutes and try again.",
    );
  }
}

export function recordFailure(db: Db, attempt: { kind: AttemptKind; username: string; address: string }, now: Date) {
  return recordAttempt(db, { ...attempt, succeeded: false, created_at: now });
}

export function recordSuccess(db: Db, attempt: { kind: AttemptKind; username: string; address: string }, now: Date) {
  return recordAttempt(db, { ...attempt, succeeded: true, created_at: now });
}
