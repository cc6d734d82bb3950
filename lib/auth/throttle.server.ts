import "server-only";
import type { Db } from "@/db";
import {
  recordFailedAttempt,
  releaseRules,
  reserveRules,
  throttleRows,
  type BucketRule,
  type StreakRule,
  type ThrottleRule,
} from "@/db/queries/auth";
import { settingValues } from "@/db/queries/settings";
import { throttleNetwork } from "@/lib/api/client-address";
import { ApiError } from "@/lib/api/errors.server";
import { inCidrs, schoolNetworks } from "@/lib/api/ip";

/**
 * The sign-in throttle, built for schools (docs/design/sign-in-throttle.md, with every
 * figure). It is counted in the database, so every instance shares it and it holds under
 * concurrency: an attempt first takes its places with one atomic upsert per rule (one statement), and
 * only then is the password checked; 40 simultaneous wrong passwords for one account get 5 checks.
 *
 * Per account — nobody can lock anybody out:
 * - Progressive delays, not a lock. The first 5 wrong passwords in a row cost nothing (typos); after
 *   that each attempt waits before the next may start: 30 s, 1, 2, 4, 8 minutes, then 15 minutes at
 *   most, however long the attack. A right password ends the streak; a streak untouched for 24 hours
 *   is forgotten. An attacker's burst therefore delays the owner by the figure the streak has reached
 *   (30 s after an instant burst), never by hours.
 * - At most 100 wrong passwords per account in any 24 hours, from anywhere (NIST SP 800-63B §5.2.2):
 *   a leaky bucket of 50 places that drains 50 a day (one every 28.8 minutes), so no rolling day can
 *   see more than 50 + 50. An attacker who never stops settles at one guess every 28.8 minutes.
 * - Device cookies (OWASP): a browser that signed in to the account before holds a signed cookie that
 *   names the account (lib/auth/device-cookie.server.ts). Its attempts use an allowance of that device's own
 *   — the same delays, at most 20 wrong passwords in 24 hours (10 places, 10 a day) — untouched by
 *   failures from anywhere else and not limited by its address, so the owner still signs in while the
 *   account is under attack. A forged cookie, or another account's, counts as no cookie.
 * - verify-user (a signed-in person confirming their password) has the same per-account delays and
 *   daily bound, of its own.
 *
 * Per address — only failures count, sized for a whole school behind one NAT address:
 * - Sign-in: unknown usernames and wrong passwords fill a bucket of 300 that drains one every 4 s
 *   (900 an hour); a success gives its place back once its password is checked (while in flight it
 *   holds one, which is what keeps concurrent failures from slipping past). 1,200 students signing in
 *   within 5 minutes with one typo in ten leave at most about 120 failures in it, plus the sign-ins in
 *   flight (dozens when argon2 queues on a busy server), so none is refused — even packed into one
 *   minute; a password sprayer is held to 900 guesses an hour across all accounts (each account still
 *   at most 100 a day).
 * - check-user (tells whether a username exists): only unknown usernames count, 300 at once, then one
 *   every 4 s, so a class pressing Next together always passes and walking through student numbers
 *   (mostly misses) is held to 900 an hour. Once an address has used them up, check-user stops telling
 *   known from unknown there (lib/auth/service.server.ts): a known username is never refused.
 * - School networks (a setting of CIDR ranges): addresses in them are never limited as a group, and an
 *   account's attempts from them have an allowance of their own (the same delays and daily bound), so
 *   an attacker outside who keeps an account's streak going never delays its owner at school.
 * An "address" is an IPv4 address or an IPv6 /64 (throttleNetwork): an IPv6 host owns a whole /64.
 */
export const FREE_ATTEMPTS = 5;
export const FIRST_DELAY_SECONDS = 30;
export const MAX_DELAY_SECONDS = 15 * 60;
export const STREAK_FORGET_SECONDS = 24 * 60 * 60;
const DAY_SECONDS = 24 * 60 * 60;
/** A bucket of C places draining D a day admits at most C + D in any 24 hours. */
export const ACCOUNT_DAY_PLACES = 50;
export const MAX_GUESSES_PER_DAY = 2 * ACCOUNT_DAY_PLACES;
export const DEVICE_DAY_PLACES = 10;
export const ADDRESS_FAILURE_BURST = 300;
export const ADDRESS_DRAIN_SECONDS = 4;
export const CHECK_USER_MISS_BURST = 300;
export const CHECK_USER_DRAIN_SECONDS = 4;
/** The setting that lists the school's own networks (lib/setting-definitions.ts). */
export const SCHOOL_NETWORKS_SETTING = "school-networks";

export type AttemptKind = "login" | "check-user" | "verify-user";

export interface Attempt {
  kind: AttemptKind;
  username: string;
  address: string;
  /** login and verify-user: the account exists, so its allowance is counted (unknown usernames only count per address). */
  account?: boolean;
  /** login: the nonce of this account's valid device cookie, when the caller sent one. */
  device?: string | null;
  /** The rules whose places reserve() took, for the settle functions. */
  taken?: ThrottleRule[];
}

const streak = (key: string): StreakRule => ({
  type: "streak",
  key,
  freeAttempts: FREE_ATTEMPTS,
  firstDelaySeconds: FIRST_DELAY_SECONDS,
  maxDelaySeconds: MAX_DELAY_SECONDS,
  forgetSeconds: STREAK_FORGET_SECONDS,
});
const day = (key: string, places: number): BucketRule => ({
  type: "bucket",
  key,
  capacity: places,
  drainSeconds: DAY_SECONDS / places,
});

/**
 * The account's allowance: the device's own when it has a valid device cookie; the school's own when the
 * attempt comes from one of the school networks (so guesses from outside, however patient, never delay
 * the owner signing in at school, on a lab computer that holds no cookie for them); else everyone else's.
 */
function accountRules(a: Attempt, fromSchool: boolean): ThrottleRule[] {
  if (!a.account) return [];
  if (a.device) {
    return [day(`${a.kind}:device-day:${a.device}`, DEVICE_DAY_PLACES), streak(`${a.kind}:device:${a.device}`)];
  }
  if (fromSchool) {
    return [day(`${a.kind}:school-day:${a.username}`, ACCOUNT_DAY_PLACES), streak(`${a.kind}:school:${a.username}`)];
  }
  return [day(`${a.kind}:day:${a.username}`, ACCOUNT_DAY_PLACES), streak(`${a.kind}:account:${a.username}`)];
}

function addressRule(a: Attempt): BucketRule | null {
  if (a.kind === "verify-user" || a.device) return null;
  const key = `${a.kind}:address:${throttleNetwork(a.address)}`;
  return a.kind === "check-user"
    ? { type: "bucket", key, capacity: CHECK_USER_MISS_BURST, drainSeconds: CHECK_USER_DRAIN_SECONDS }
    : { type: "bucket", key, capacity: ADDRESS_FAILURE_BURST, drainSeconds: ADDRESS_DRAIN_SECONDS };
}

/** Whether the address is in the school networks setting (read each time: a change applies at once). */
export async function inSchoolNetwork(db: Db, address: string) {
  const [row] = await settingValues(db, [SCHOOL_NETWORKS_SETTING]);
  return inCidrs(address, schoolNetworks(row?.value));
}

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

/** How long a refused rule asks to wait, from its row (at least a second). */
async function waitFor(db: Db, rule: ThrottleRule, now: Date): Promise<number> {
  const [row] = await throttleRows(db, [rule.key]);
  let wait = 1;
  if (row && rule.type === "bucket") {
    wait = (drainedLevel(row, rule, now) + 1 - rule.capacity) * rule.drainSeconds;
  } else if (row?.locked_until) {
    // locked_until may carry a concurrent request's clock, a few ms ahead of this one's: a quarter second
    // of tolerance keeps Retry-After at the delay itself (30, not 31).
    wait = (row.locked_until.getTime() - now.getTime()) / 1000 - 0.25;
  }
  return Math.max(1, Math.ceil(wait));
}

/** Takes places under the rules in order, or gives back what was taken and throws a ThrottledError. */
async function takePlaces(db: Db, rules: ThrottleRule[], now: Date): Promise<void> {
  const taken = await reserveRules(db, rules, now);
  if (taken === rules.length) return;
  if (taken > 0) await releaseRules(db, rules.slice(0, taken), "unchecked", null);
  throw new ThrottledError(await waitFor(db, rules[taken]!, now));
}

/**
 * Takes the attempt's places (its address unless that is a school network or the caller has a valid
 * device cookie, then the account's allowance) or throws a ThrottledError. The rules taken are kept
 * on the attempt for the settle functions.
 */
export async function reserve(db: Db, attempt: Attempt, now: Date): Promise<void> {
  const address = addressRule(attempt);
  const fromSchool = (address !== null || attempt.account === true) && (await inSchoolNetwork(db, attempt.address));
  const rules: ThrottleRule[] = [...(address && !fromSchool ? [address] : []), ...accountRules(attempt, fromSchool)];
  attempt.taken = [];
  await takePlaces(db, rules, now);
  attempt.taken = rules;
}

/**
 * Whether the attempt's address has no place left in its bucket (read only, nothing taken): check-user
 * asks it for a username it found, which takes no place. Never for a school network.
 */
export async function addressBucketFull(db: Db, attempt: Attempt, now: Date): Promise<boolean> {
  const rule = addressRule(attempt);
  if (!rule || (await inSchoolNetwork(db, attempt.address))) return false;
  const [row] = await throttleRows(db, [rule.key]);
  if (!row) return false;
  return drainedLevel(row, rule, now) + 1 > rule.capacity;
}

/** A bucket row's level drained to `now` (another request may have stamped it a moment after this one's clock: no negative drain). */
function drainedLevel(row: { level: number; since: Date }, rule: BucketRule, now: Date) {
  const elapsed = Math.max(0, now.getTime() - row.since.getTime()) / 1000;
  return Math.max(0, row.level - elapsed / rule.drainSeconds);
}

/** A leaky bucket of some other kind (Air Check-in codes, kiosk numbers): a place, or a ThrottledError. */
export function takeBucketPlace(db: Db, rule: Omit<BucketRule, "type">, now: Date) {
  return takePlaces(db, [{ type: "bucket", ...rule }], now);
}

/** A place in a bucket if one is free (true), else false: for a rule that only decides whether to do something. */
export async function tryBucketPlace(db: Db, rule: Omit<BucketRule, "type">, now: Date): Promise<boolean> {
  return (await reserveRules(db, [{ type: "bucket", ...rule }], now)) === 1;
}

/** The bucket's place back (the attempt was a right one). */
export function giveBucketPlaceBack(db: Db, rule: Omit<BucketRule, "type">) {
  return releaseRules(db, [{ type: "bucket", ...rule }], "unchecked", null);
}

const record = (a: Attempt, succeeded: boolean, now: Date) =>
  a.kind === "check-user"
    ? null
    : { kind: a.kind, username: a.username, address: a.address, succeeded, created_at: now };

/** The password was right (or check-user found the username): places back, the streak over, recorded. */
export function settleSuccess(db: Db, attempt: Attempt, now: Date) {
  return releaseRules(db, attempt.taken ?? [], "success", record(attempt, true, now));
}

/** The attempt ended before a password was checked (a locked account): it counts for nothing. */
export function settleUnchecked(db: Db, attempt: Attempt) {
  return releaseRules(db, attempt.taken ?? [], "unchecked", null);
}

/** A wrong password or an unknown username: the places stay taken (the streak's wait already set). */
export async function settleFailure(db: Db, attempt: Attempt, now: Date) {
  const row = record(attempt, false, now);
  if (row) await recordFailedAttempt(db, row);
}
