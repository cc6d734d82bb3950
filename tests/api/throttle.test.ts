/** @jest-environment node */
import { and, eq } from "drizzle-orm";
import { POST as loginRoute } from "@/app/api/login/route";
import { POST as checkUserRoute } from "@/app/api/check-user/route";
import { POST as verifyUserRoute } from "@/app/api/verify-user/route";
import { authThrottle, loginAttempts } from "@/db/schema";
import { checkUser, login } from "@/lib/auth/service.server";
import {
  ADDRESS_DRAIN_SECONDS,
  ADDRESS_FAILURE_BURST,
  CHECK_USER_DRAIN_SECONDS,
  CHECK_USER_MISS_BURST,
  FIRST_DELAY_SECONDS,
  FREE_ATTEMPTS,
  MAX_DELAY_SECONDS,
} from "@/lib/auth/throttle.server";
import { useTestDb } from "../helpers/db";
import { createStaff, createStudent, TEST_PASSWORD, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

/** The header tests name a caller's socket address with (tests/helpers/jest-env.ts, lib/api/client-address.ts). */
const PEER_HEADER = process.env.FLEXBLOCK_PEER_HEADER!;

/**
 * The sign-in throttle (lib/auth/throttle.server.ts): counted atomically before the password is checked; per
 * account progressive delays (never a lock) and per address only failures. Route-level tests share one
 * caller address, so each test starts from an empty throttle table; the rest drive the services with
 * addresses and clocks of their own. Device cookies, the daily bound, a whole school and the school
 * networks setting are in throttle-school.test.ts.
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

/** The waits between attempts once the free ones are spent: 30 s, 1, 2, 4, 8 minutes, then 15 at most. */
const DELAYS = [30, 60, 120, 240, 480, 900, 900];

describe("per account", () => {
  it(`lets only ${FREE_ATTEMPTS} of 40 concurrent wrong passwords reach the password check; the rest get 429 with Retry-After`, async () => {
    const { user } = await createStaff(state.db);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(loginRoute, { body: { username: user.username, password: `wrong-${i}` } }),
      ),
    );
    expect(tally(results.map((r) => r.status))).toEqual({ 401: FREE_ATTEMPTS, 429: 40 - FREE_ATTEMPTS });
    for (const refused of results.filter((r) => r.status === 429)) {
      expect(refused.body).toMatchObject({ code: "too_many_attempts" });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(FIRST_DELAY_SECONDS);
    }
    const checked = await state.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.username, user.username), eq(loginAttempts.succeeded, false)));
    expect(checked).toHaveLength(FREE_ATTEMPTS);

    // The owner waits the first delay (30 seconds), not a 15-minute lock.
    const correct = await call(loginRoute, { body: { username: user.username, password: TEST_PASSWORD } });
    expect(correct.status).toBe(429);
    expect(correct.body.message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    expect(Number(correct.headers.get("retry-after"))).toBeLessThanOrEqual(FIRST_DELAY_SECONDS);
  });

  it("waits 30 s, 1, 2, 4, 8 minutes, then 15 minutes at most between attempts; the right password ends the streak", async () => {
    const { user } = await createStudent(state.db);
    const wrong = (at: Date) => statusOf(login(state.db, { username: user.username, password: "nope-nope" }, caller(newAddress()), at));
    let t = new Date();
    for (let i = 0; i < FREE_ATTEMPTS; i++) expect((await wrong(t)).status).toBe(401);
    for (const delay of DELAYS) {
      const early = await wrong(later(t, delay - 1));
      expect(early.status).toBe(429);
      expect(early.error?.retryAfterSeconds).toBe(1);
      t = later(t, delay);
      expect((await wrong(t)).status).toBe(401);
    }
    expect(Math.max(...DELAYS)).toBe(MAX_DELAY_SECONDS);
    const during = await statusOf(login(state.db, { username: user.username, password: TEST_PASSWORD }, caller(newAddress()), later(t, 60)));
    expect(during.status).toBe(429);
    expect(during.error?.retryAfterSeconds).toBe(MAX_DELAY_SECONDS - 60);
    expect(during.error?.message).toBe("Too many attempts. Please wait 14 minutes and try again.");
    t = later(t, MAX_DELAY_SECONDS);
    expect((await statusOf(login(state.db, { username: user.username, password: TEST_PASSWORD }, caller(newAddress()), t))).status).toBe(200);
    // A new streak: the free attempts again.
    for (let i = 0; i < FREE_ATTEMPTS; i++) expect((await wrong(t)).status).toBe(401);
    expect((await wrong(t)).status).toBe(429);
  });

  it("does not count a successful sign-in as a failure", async () => {
    const { user } = await createStudent(state.db);
    const address = newAddress();
    const now = new Date();
    const attempt = (password: string) => statusOf(login(state.db, { username: user.username, password }, caller(address), now));
    for (let i = 0; i < FREE_ATTEMPTS - 1; i++) expect((await attempt("nope-nope")).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await attempt(TEST_PASSWORD)).status).toBe(200);
    for (let i = 0; i < FREE_ATTEMPTS; i++) expect((await attempt("nope-nope")).status).toBe(401);
    expect((await attempt(TEST_PASSWORD)).status).toBe(429);
  });

  it("a disabled account answers 423 without counting, and never confirms a password", async () => {
    const { user } = await createStudent(state.db, { disabled_at: new Date(Date.now() - 1000) });
    const now = new Date();
    for (let i = 0; i < FREE_ATTEMPTS + 3; i++) {
      const password = i % 2 ? TEST_PASSWORD : "nope-nope";
      expect((await statusOf(login(state.db, { username: user.username, password }, caller(newAddress()), now))).status).toBe(423);
    }
  });

  it(`throttles verify-user after ${FREE_ATTEMPTS} wrong passwords, with Retry-After`, async () => {
    const account = await createStaff(state.db);
    const token = await tokenFor(state.db, account);
    for (let i = 0; i < FREE_ATTEMPTS; i++) {
      expect((await call(verifyUserRoute, { token, body: { password: `wrong-${i}` } })).status).toBe(401);
    }
    const refused = await call(verifyUserRoute, { token, body: { password: TEST_PASSWORD } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(FIRST_DELAY_SECONDS);
  });
});

describe("per address", () => {
  it(`slows an address down after ${ADDRESS_FAILURE_BURST} failures for a few seconds, never for 15 minutes`, async () => {
    const address = newAddress();
    const now = new Date();
    // A school full of typos: one failure for each of many different students.
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

  it("never fills up with successful sign-ins (a school signing in together)", async () => {
    const address = newAddress();
    const now = new Date();
    const { user } = await createStudent(state.db);
    for (let i = 0; i < 40; i++) {
      expect((await statusOf(login(state.db, { username: user.username, password: TEST_PASSWORD }, caller(address), now))).status).toBe(200);
    }
  });

  it(`lets exactly ${ADDRESS_FAILURE_BURST} of ${ADDRESS_FAILURE_BURST + 20} concurrent failures from one address through`, async () => {
    const address = newAddress();
    const now = new Date();
    const results = await Promise.all(
      Array.from({ length: ADDRESS_FAILURE_BURST + 20 }, (_, i) =>
        statusOf(login(state.db, { username: `concurrent-${i}`, password: "wrong-one" }, caller(address), now)),
      ),
    );
    expect(tally(results.map((r) => r.status))).toEqual({ 404: ADDRESS_FAILURE_BURST, 429: 20 });
  });
});

describe("check-user", () => {
  /** What a look-up said: the account's avatar, the withheld answer every username gets once the misses are used up, or a status. */
  async function lookUp(username: string, address: string, now: Date): Promise<"avatar" | "withheld" | number> {
    try {
      const answer = await checkUser(state.db, username, caller(address), now);
      return "withheld" in answer ? "withheld" : "avatar";
    } catch (error) {
      const e = error as { status?: number };
      if (typeof e.status !== "number") throw error;
      return e.status;
    }
  }
  const lookUpAnswer = (res: { status: number; body: { withheld?: boolean } }) =>
    res.status === 200 ? (res.body.withheld ? "withheld" : "avatar") : res.status;

  it("answers a class of 150 pressing Next together from one address without one refusal", async () => {
    const address = newAddress();
    const now = new Date();
    const { user } = await createStudent(state.db);
    const results = await Promise.all(Array.from({ length: 150 }, () => lookUp(user.username, address, now)));
    expect(tally(results as never[])).toEqual({ avatar: 150 });
  });

  it(`counts only unknown usernames: ${CHECK_USER_MISS_BURST} at once, then one every ${CHECK_USER_DRAIN_SECONDS} s; past them every username gets the same withheld answer`, async () => {
    const address = newAddress();
    const now = new Date();
    const { user } = await createStudent(state.db);
    for (let i = 0; i < CHECK_USER_MISS_BURST; i++) {
      expect(await lookUp(user.username, address, now)).toBe("avatar");
      expect(await lookUp(`7${i}`.padEnd(7, "0"), address, now)).toBe(404);
    }
    // Used up: an unknown username and a known one answer alike, so a script learns nothing more.
    expect(await lookUp("7999999", address, now)).toBe("withheld");
    const known = await checkUser(state.db, user.username, caller(address), now);
    const unknown = await checkUser(state.db, "7999999", caller(address), now);
    expect(known).toEqual({ ...unknown, username: user.username });
    expect(unknown).toEqual({ username: "7999999", initials: "?", color: "blue-grey", password_sign_in: true, withheld: true });
    expect(await lookUp(user.username, newAddress(), now)).toBe("avatar");
    const waited = later(now, CHECK_USER_DRAIN_SECONDS);
    expect(await lookUp("7999999", address, waited)).toBe(404);
    expect(await lookUp("7999998", address, waited)).toBe("withheld");
  });

  it("never refuses a known username because of others' misses from its address: after a walk through 300 unknown numbers, the student still gets to the password step and signs in", async () => {
    const address = newAddress();
    const now = new Date();
    const { user } = await createStudent(state.db);
    for (let i = 0; i < 300; i++) expect(await lookUp(`55${String(i).padStart(5, "0")}`, address, now)).toBe(404);
    const statuses = await Promise.all(Array.from({ length: 30 }, () => lookUp(user.username, address, now)));
    expect(tally(statuses as never[])).toEqual({ withheld: 30 });
    // The misses of check-user never touch login's own limits.
    await login(state.db, { username: user.username, password: TEST_PASSWORD }, caller(address), now);
  });

  it("counts the socket's address through the route: a new X-Forwarded-For on every miss buys no more look-ups", async () => {
    // Filled through the service, stamped a minute ahead so that the real clock the route reads drains nothing meanwhile.
    const ahead = new Date(Date.now() + 60_000);
    for (let i = 0; i < CHECK_USER_MISS_BURST; i++) {
      expect(await lookUp(`nobody-${i}`, "203.0.113.250", ahead)).toBe(404);
    }
    const answers: (string | number)[] = [];
    for (let i = 0; i < 5; i++) {
      const headers = { [PEER_HEADER]: "203.0.113.250", "x-forwarded-for": `198.51.100.${i}, 192.0.2.${i}` };
      answers.push(lookUpAnswer(await call(checkUserRoute, { body: { username: `nobody-x${i}` }, headers })));
    }
    expect(tally(answers as never[])).toEqual({ withheld: 5 });
    const elsewhere = await call(checkUserRoute, { body: { username: "nobody-y" }, headers: { [PEER_HEADER]: "203.0.113.251" } });
    expect(elsewhere.status).toBe(404);
  });

  it("counts an IPv6 caller by its /64: a host can take a fresh address inside it for every request", async () => {
    const now = new Date();
    const inOne64 = (i: number) => `2001:db8:7:8:${(i + 1).toString(16)}::${(i * 7 + 1).toString(16)}`;
    for (let i = 0; i < CHECK_USER_MISS_BURST; i++) {
      expect(await lookUp(`nobody-${i}`, inOne64(i), now)).toBe(404);
    }
    expect(await lookUp("nobody-x", inOne64(999), now)).toBe("withheld");
    // The next /64 is someone else.
    expect(await lookUp("nobody-x", "2001:db8:7:9::1", now)).toBe(404);
  });

  it("reads a bucket another request stamped a moment after this one's clock as full, for known and unknown usernames alike", async () => {
    // Concurrent requests each read their own clock: the one that fills the bucket may be a few
    // milliseconds ahead of the one asking. Time must not run backwards in the bucket.
    const now = new Date();
    const ahead = new Date(now.getTime() + 5);
    const { user } = await createStudent(state.db);
    for (let i = 0; i < CHECK_USER_MISS_BURST; i++) {
      expect(await lookUp(`nobody-${i}`, "198.51.100.77", ahead)).toBe(404);
    }
    expect(await lookUp("nobody-x", "198.51.100.77", now)).toBe("withheld");
    expect(await lookUp(user.username, "198.51.100.77", now)).toBe("withheld");
  });

  it("answers a concurrent burst of misses with exactly the allowed number of look-ups and the withheld answer for the rest", async () => {
    // All but 20 places taken first, stamped a minute ahead so the real clock the route reads drains none meanwhile.
    const ahead = new Date(Date.now() + 60_000);
    for (let i = 0; i < CHECK_USER_MISS_BURST - 20; i++) {
      expect(await lookUp(`early-${i}`, "203.0.113.252", ahead)).toBe(404);
    }
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(checkUserRoute, { body: { username: `nobody-${i}` }, headers: { [PEER_HEADER]: "203.0.113.252" } }),
      ),
    );
    expect(tally(results.map(lookUpAnswer) as never[])).toEqual({ 404: 20, withheld: 20 });
  });
});
