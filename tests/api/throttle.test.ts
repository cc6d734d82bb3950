/** @jest-environment node */
import { and, eq } from "drizzle-orm";
import { POST as loginRoute } from "@/app/api/login/route";
import { POST as checkUserRoute } from "@/app/api/check-user/route";
import { POST as verifyUserRoute } from "@/app/api/verify-user/route";
import { authThrottle, loginAttempts } from "@/db/schema";
import { checkUser, login } from "@/lib/auth/service";
import {
  ADDRESS_DRAIN_SECONDS,
  ADDRESS_FAILURE_BURST,
  CHECK_USER_BURST,
  CHECK_USER_DRAIN_SECONDS,
  LOCK_SECONDS,
  MAX_FAILURES_PER_USERNAME,
} from "@/lib/auth/throttle";
import { useTestDb } from "../helpers/db";
import { createStaff, createStudent, TEST_PASSWORD, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

/** The header tests name a caller's socket address with (tests/helpers/jest-env.ts, lib/api/client-address.ts). */
const PEER_HEADER = process.env.FLEXBLOCK_PEER_HEADER!;

/**
 * The sign-in throttle (lib/auth/throttle.ts): counted atomically before the password is checked, per
 * username (a 15-minute lock) and per address (a leaky bucket that slows a lab down, never locks it out).
 * Route-level tests share one caller address, so each test starts from an empty throttle table; the
 * per-address rules are driven through the services with addresses and clocks of their own.
 */
const state = useTestDb();

beforeEach(async () => {
  // eslint-disable-next-line drizzle/enforce-delete-with-where -- start from an empty throttle
  await state.db.delete(authThrottle);
});

let addresses = 0;
const newAddress = () => `203.0.113.${++addresses}`;
const caller = (address: string) => ({ address, userAgent: "jest" });
const later = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000);

/** Runs a service call and answers its status (200 or the ApiError's), with the error for inspection. */
async function statusOf(work: Promise<unknown>): Promise<{ status: number; error?: { message: string; retryAfterSeconds?: number } }> {
  try {
    await work;
    return { status: 200 };
  } catch (error) {
    const e = error as { status?: number; message: string; retryAfterSeconds?: number };
    if (typeof e.status !== "number") throw error;
    return { status: e.status, error: e };
  }
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe("per username", () => {
  it("lets only 10 of 40 concurrent wrong passwords reach the password check; the rest get 429 with Retry-After", async () => {
    const { user } = await createStaff(state.db);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(loginRoute, { body: { username: user.username, password: `wrong-${i}` } }),
      ),
    );
    expect(tally(results.map((r) => r.status))).toEqual({ 401: MAX_FAILURES_PER_USERNAME, 429: 30 });
    for (const refused of results.filter((r) => r.status === 429)) {
      expect(refused.body).toMatchObject({ code: "too_many_attempts" });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    const checked = await state.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.username, user.username), eq(loginAttempts.succeeded, false)));
    expect(checked).toHaveLength(MAX_FAILURES_PER_USERNAME);

    const correct = await call(loginRoute, { body: { username: user.username, password: TEST_PASSWORD } });
    expect(correct.status).toBe(429);
    expect(correct.body.message).toBe("Too many attempts. Please wait 15 minutes and try again.");
    expect(Number(correct.headers.get("retry-after"))).toBeGreaterThan(LOCK_SECONDS - 60);
    expect(Number(correct.headers.get("retry-after"))).toBeLessThanOrEqual(LOCK_SECONDS);
  });

  it("locks a username for 15 minutes from its 10th failure, then lets the right password in", async () => {
    const { user } = await createStudent(state.db);
    const t0 = new Date();
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME; i++) {
      const r = await statusOf(login(state.db, { username: user.username, password: "nope-nope" }, caller(newAddress()), later(t0, i * 60)));
      expect(r.status).toBe(401);
    }
    const tenth = later(t0, (MAX_FAILURES_PER_USERNAME - 1) * 60);
    const during = await statusOf(login(state.db, { username: user.username, password: TEST_PASSWORD }, caller(newAddress()), later(tenth, LOCK_SECONDS - 5)));
    expect(during.status).toBe(429);
    expect(during.error?.retryAfterSeconds).toBe(5);
    const after = await statusOf(login(state.db, { username: user.username, password: TEST_PASSWORD }, caller(newAddress()), later(tenth, LOCK_SECONDS)));
    expect(after.status).toBe(200);
  });

  it("does not count a successful sign-in as a failure", async () => {
    const { user } = await createStudent(state.db);
    const address = newAddress();
    const now = new Date();
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME - 1; i++) {
      expect((await statusOf(login(state.db, { username: user.username, password: "nope-nope" }, caller(address), now))).status).toBe(401);
    }
    for (let i = 0; i < 5; i++) {
      expect((await statusOf(login(state.db, { username: user.username, password: TEST_PASSWORD }, caller(address), now))).status).toBe(200);
    }
    expect((await statusOf(login(state.db, { username: user.username, password: "nope-nope" }, caller(address), now))).status).toBe(401);
    expect((await statusOf(login(state.db, { username: user.username, password: TEST_PASSWORD }, caller(address), now))).status).toBe(429);
  });

  it("throttles verify-user after 10 wrong passwords, with Retry-After", async () => {
    const account = await createStaff(state.db);
    const token = await tokenFor(state.db, account);
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME; i++) {
      expect((await call(verifyUserRoute, { token, body: { password: `wrong-${i}` } })).status).toBe(401);
    }
    const refused = await call(verifyUserRoute, { token, body: { password: TEST_PASSWORD } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("per address", () => {
  it(`slows an address down after ${ADDRESS_FAILURE_BURST} failures for a few seconds, never for 15 minutes`, async () => {
    const address = newAddress();
    const now = new Date();
    // A lab full of typos: one failure for each of many different students.
    for (let i = 0; i < ADDRESS_FAILURE_BURST; i++) {
      const r = await statusOf(login(state.db, { username: `lab-typo-${i}`, password: "x" }, caller(address), now));
      expect(r.status).toBe(404);
    }
    const { user } = await createStudent(state.db);
    const refused = await statusOf(login(state.db, { username: user.username, password: TEST_PASSWORD }, caller(address), now));
    expect(refused.status).toBe(429);
    expect(refused.error?.retryAfterSeconds).toBe(ADDRESS_DRAIN_SECONDS);
    expect(refused.error?.message).toBe(`Too many attempts. Please wait ${ADDRESS_DRAIN_SECONDS} seconds and try again.`);
    // Another address is not affected, and this one gets a place back after the wait.
    expect((await statusOf(login(state.db, { username: user.username, password: TEST_PASSWORD }, caller(newAddress()), now))).status).toBe(200);
    const waited = later(now, ADDRESS_DRAIN_SECONDS);
    expect((await statusOf(login(state.db, { username: user.username, password: TEST_PASSWORD }, caller(address), waited))).status).toBe(200);
  });

  it("never fills up with successful sign-ins (a lab signing in together)", async () => {
    const address = newAddress();
    const now = new Date();
    const { user } = await createStudent(state.db);
    for (let i = 0; i < ADDRESS_FAILURE_BURST + 5; i++) {
      expect((await statusOf(login(state.db, { username: user.username, password: TEST_PASSWORD }, caller(address), now))).status).toBe(200);
    }
  });

  it(`lets exactly ${ADDRESS_FAILURE_BURST} of 40 concurrent wrong passwords for 40 usernames be checked`, async () => {
    const address = newAddress();
    const now = new Date();
    const students = await Promise.all(Array.from({ length: 40 }, () => createStudent(state.db)));
    const results = await Promise.all(
      students.map(({ user }) => statusOf(login(state.db, { username: user.username, password: "wrong-one" }, caller(address), now))),
    );
    expect(tally(results.map((r) => r.status))).toEqual({ 401: ADDRESS_FAILURE_BURST, 429: 40 - ADDRESS_FAILURE_BURST });
  });
});

describe("check-user", () => {
  it(`counts every hit from an address, found or not: ${CHECK_USER_BURST} at once, then one every ${CHECK_USER_DRAIN_SECONDS} s`, async () => {
    const address = newAddress();
    const now = new Date();
    const { user } = await createStudent(state.db);
    for (let i = 0; i < CHECK_USER_BURST; i++) {
      const r = await statusOf(checkUser(state.db, i % 2 ? user.username : `9${i}`.padEnd(6, "0"), caller(address), now));
      expect([200, 404]).toContain(r.status);
    }
    const refused = await statusOf(checkUser(state.db, user.username, caller(address), now));
    expect(refused.status).toBe(429);
    expect(refused.error?.retryAfterSeconds).toBe(CHECK_USER_DRAIN_SECONDS);
    expect((await statusOf(checkUser(state.db, user.username, caller(newAddress()), now))).status).toBe(200);
    const waited = later(now, CHECK_USER_DRAIN_SECONDS);
    expect((await statusOf(checkUser(state.db, user.username, caller(address), waited))).status).toBe(200);
    expect((await statusOf(checkUser(state.db, user.username, caller(address), waited))).status).toBe(429);
  });

  it("counts the socket's address through the route: a new X-Forwarded-For on every hit buys no more look-ups", async () => {
    const { user } = await createStudent(state.db);
    const statuses: number[] = [];
    for (let i = 0; i <= CHECK_USER_BURST; i++) {
      const headers = { [PEER_HEADER]: "203.0.113.250", "x-forwarded-for": `198.51.100.${i}, 192.0.2.${i}` };
      statuses.push((await call(checkUserRoute, { body: { username: user.username }, headers })).status);
    }
    expect(tally(statuses)).toEqual({ 200: CHECK_USER_BURST, 429: 1 });
  });

  it("counts an IPv6 caller by its /64: a host can take a fresh address inside it for every request", async () => {
    const now = new Date();
    const { user } = await createStudent(state.db);
    const inOne64 = (i: number) => `2001:db8:7:8:${(i + 1).toString(16)}::${(i * 7 + 1).toString(16)}`;
    for (let i = 0; i < CHECK_USER_BURST; i++) {
      expect((await statusOf(checkUser(state.db, user.username, caller(inOne64(i)), now))).status).toBe(200);
    }
    expect((await statusOf(checkUser(state.db, user.username, caller(inOne64(999)), now))).status).toBe(429);
    // The next /64 is someone else.
    expect((await statusOf(checkUser(state.db, user.username, caller("2001:db8:7:9::1"), now))).status).toBe(200);
  });

  it("waits the drain time exactly when another request stamped the bucket a moment after this one's clock", async () => {
    // Concurrent requests each read their own clock: the one that fills the bucket may be a few
    // milliseconds ahead of the one refused. Time must not run backwards in the bucket (no 11 for 10).
    const { user } = await createStudent(state.db);
    const now = new Date();
    const ahead = new Date(now.getTime() + 5);
    for (let i = 0; i < CHECK_USER_BURST; i++) {
      expect((await statusOf(checkUser(state.db, user.username, caller("198.51.100.77"), ahead))).status).toBe(200);
    }
    const refused = await statusOf(checkUser(state.db, user.username, caller("198.51.100.77"), now));
    expect(refused.status).toBe(429);
    expect(refused.error?.retryAfterSeconds).toBe(CHECK_USER_DRAIN_SECONDS);
  });

  it("answers a concurrent burst with exactly the allowed number of look-ups and 429 with Retry-After for the rest", async () => {
    const { user } = await createStudent(state.db);
    const results = await Promise.all(
      Array.from({ length: CHECK_USER_BURST + 20 }, () => call(checkUserRoute, { body: { username: user.username } })),
    );
    expect(tally(results.map((r) => r.status))).toEqual({ 200: CHECK_USER_BURST, 429: 20 });
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.body).toMatchObject({ code: "too_many_attempts" });
    expect(refused.headers.get("retry-after")).toBe(String(CHECK_USER_DRAIN_SECONDS));
  });
});
