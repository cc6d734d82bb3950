/** @jest-environment node */
import { hash } from "@node-rs/argon2";
import { and, eq, inArray } from "drizzle-orm";
import { POST as loginRoute } from "@/app/api/login/route";
import { PUT as saveSettings } from "@/app/api/settings/route";
import { updateSettingValue } from "@/db/queries/settings";
import { authThrottle, loginAttempts, users } from "@/db/schema";
import { DEVICE_COOKIE, deviceCookieHeader } from "@/lib/auth/device-cookie.server";
import { hashPassword } from "@/lib/auth/password.server";
import { checkUser, login, type Caller } from "@/lib/auth/service.server";
import {
  ADDRESS_FAILURE_BURST,
  CHECK_USER_MISS_BURST,
  FIRST_DELAY_SECONDS,
  FREE_ATTEMPTS,
  MAX_GUESSES_PER_DAY,
  SCHOOL_NETWORKS_SETTING,
} from "@/lib/auth/throttle.server";
import { createStudents } from "../helpers/bulk-factories";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStudent, TEST_PASSWORD, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

/**
 * The throttle against its design figures (docs/design/sign-in-throttle.md): an attacker with 1,000 wrong passwords
 * from 100 addresses gets at most 100 counted guesses a day while the owner's device still signs in,
 * and the owner on a new device is delayed, not locked; device cookies cannot be forged or borrowed;
 * 1,200 students signing in from one address within 5 minutes meet no refusal; the school networks
 * setting. Clocks are injected (the services take `now`).
 */
const state = useTestDb();
const PEER_HEADER = process.env.FLEXBLOCK_PEER_HEADER!;

beforeEach(async () => {
  // eslint-disable-next-line drizzle/enforce-delete-with-where -- start from an empty throttle
  await state.db.delete(authThrottle);
  await updateSettingValue(state.db, SCHOOL_NETWORKS_SETTING, "");
});

const later = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000);

async function statusOf(work: Promise<unknown>): Promise<{ status: number; retryAfter?: number }> {
  try {
    await work;
    return { status: 200 };
  } catch (error) {
    const e = error as { status?: number; retryAfterSeconds?: number };
    if (typeof e.status !== "number") throw error;
    return { status: e.status, retryAfter: e.retryAfterSeconds };
  }
}
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

/** Signs in like a browser: sends its cookie, keeps the device cookie a success sets. */
class Browser {
  cookie: string | null = null;
  constructor(readonly address: string) {}
  caller(): Caller {
    return {
      address: this.address,
      userAgent: "jest",
      cookies: this.cookie,
      onSignedIn: (account) => {
        this.cookie = deviceCookieHeader(this.cookie, account, false).split(";")[0]!;
      },
    };
  }
  login(username: string, password: string, now: Date) {
    return statusOf(login(state.db, { username, password }, this.caller(), now));
  }
}

/** The owner's password hash, to sign a cookie as the server would. */
const accountOf = async (username: string) =>
  (await state.db.select({ username: users.username, password_hash: users.password_hash }).from(users).where(eq(users.username, username)))[0]!;

describe("an attack on one account", () => {
  it("1,000 wrong passwords from 100 addresses over a day count at most 100 guesses, and the owner's device signs in throughout", async () => {
    const { user } = await createStudent(state.db);
    const t0 = new Date();
    const owner = new Browser("192.0.2.10");
    expect((await owner.login(user.username, TEST_PASSWORD, t0)).status).toBe(200);
    expect(owner.cookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));

    const counted: number[] = [];
    const statuses: number[] = [];
    // Two days of an attacker that never stops: one attempt every 86.4 seconds (1,000 a day).
    for (let i = 0; i < 2000; i++) {
      const at = later(t0, 1 + i * 86.4);
      const attacker = new Browser(`198.51.100.${i % 100}`);
      const r = await attacker.login(user.username, `guess-${i}`, at);
      statuses.push(r.status);
      if (r.status === 401) counted.push(at.getTime());
      if (i % 100 === 50) {
        // The owner, on the device that signed in before, is never refused.
        expect((await owner.login(user.username, TEST_PASSWORD, later(at, 1))).status).toBe(200);
      }
    }
    expect(new Set(statuses)).toEqual(new Set([401, 429]));
    const firstDay = counted.filter((t) => t < later(t0, 86_400).getTime());
    expect(firstDay.length).toBeLessThanOrEqual(MAX_GUESSES_PER_DAY);
    // Any rolling 24 hours, not only the first.
    for (let i = 0; i < counted.length; i++) {
      const inDay = counted.filter((t) => t >= counted[i]! && t < counted[i]! + 86_400_000).length;
      expect(inDay).toBeLessThanOrEqual(MAX_GUESSES_PER_DAY);
    }
    // The record agrees: only counted guesses were checked.
    const failures = await state.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.username, user.username), eq(loginAttempts.succeeded, false)));
    expect(failures).toHaveLength(counted.length);
  }, 240_000);

  it("one burst of 1,000 wrong passwords delays the owner on a new device by 30 seconds, not hours", async () => {
    const { user } = await createStudent(state.db);
    const now = new Date();
    const results: number[] = [];
    for (let i = 0; i < 1000; i++) {
      results.push((await new Browser(`198.51.100.${i % 100}`).login(user.username, `guess-${i}`, now)).status);
    }
    expect(tally(results)).toEqual({ 401: FREE_ATTEMPTS, 429: 1000 - FREE_ATTEMPTS });
    const newDevice = new Browser("192.0.2.20");
    const early = await newDevice.login(user.username, TEST_PASSWORD, later(now, 10));
    expect(early).toEqual({ status: 429, retryAfter: FIRST_DELAY_SECONDS - 10 });
    expect((await newDevice.login(user.username, TEST_PASSWORD, later(now, FIRST_DELAY_SECONDS))).status).toBe(200);
  }, 120_000);

  it("40 simultaneous wrong passwords from a device with a cookie get its 5 free checks, and leave the account's own allowance alone", async () => {
    const { user } = await createStudent(state.db);
    const now = new Date();
    const device = new Browser("192.0.2.30");
    expect((await device.login(user.username, TEST_PASSWORD, now)).status).toBe(200);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => device.login(user.username, `wrong-${i}`, now)));
    expect(tally(results.map((r) => r.status))).toEqual({ 401: FREE_ATTEMPTS, 429: 40 - FREE_ATTEMPTS });
    // Somebody else (no cookie) is not slowed by the device's failures, nor the device by theirs.
    expect((await new Browser("192.0.2.31").login(user.username, TEST_PASSWORD, now)).status).toBe(200);
  });

  it("a forged cookie, another account's cookie or one from before a password change gives no allowance", async () => {
    const victim = await createStudent(state.db);
    const other = await createStudent(state.db);
    const now = new Date();
    const owner = new Browser("192.0.2.40");
    expect((await owner.login(victim.user.username, TEST_PASSWORD, now)).status).toBe(200);
    const ownerCookie = owner.cookie!;
    const attacker = new Browser("192.0.2.41");
    expect((await attacker.login(other.user.username, TEST_PASSWORD, now)).status).toBe(200);
    for (let i = 0; i < FREE_ATTEMPTS; i++) expect((await new Browser("198.51.100.1").login(victim.user.username, "guess", now)).status).toBe(401);

    // The attacker's own device cookie (for their own account) and an entry naming the victim with a made-up MAC.
    expect((await attacker.login(victim.user.username, TEST_PASSWORD, now)).status).toBe(429);
    const victimName = Buffer.from(victim.user.username).toString("base64url");
    attacker.cookie = `${DEVICE_COOKIE}=${victimName}.${"A".repeat(22)}.${"B".repeat(22)}`;
    expect((await attacker.login(victim.user.username, TEST_PASSWORD, now)).status).toBe(429);
    // Signed with another secret (the right format, the wrong key).
    attacker.cookie = deviceCookieHeader(null, { ...(await accountOf(victim.user.username)), password_hash: "guessed" }, false).split(";")[0]!;
    expect((await attacker.login(victim.user.username, TEST_PASSWORD, now)).status).toBe(429);

    // The owner's own cookie still works; after a password change it no longer does.
    expect((await owner.login(victim.user.username, TEST_PASSWORD, now)).status).toBe(200);
    await state.db.update(users).set({ password_hash: await hashPassword(TEST_PASSWORD) }).where(eq(users.id, victim.user.id));
    const stale = new Browser("192.0.2.40");
    stale.cookie = ownerCookie;
    expect((await stale.login(victim.user.username, TEST_PASSWORD, now)).status).toBe(429);
  });

  it("POST /api/login sets the device cookie HttpOnly, SameSite=Strict, for /api/login only, and reads it back", async () => {
    const { user } = await createStudent(state.db);
    const headers = { [PEER_HEADER]: "192.0.2.50" };
    const first = await call(loginRoute, { body: { username: user.username, password: TEST_PASSWORD }, headers });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ token_type: "Bearer" });
    const setCookie = first.headers.get("set-cookie")!;
    expect(setCookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=[A-Za-z0-9_.~-]+; Path=/api/login; Max-Age=\\d+; HttpOnly; SameSite=Strict$`));
    const cookie = setCookie.split(";")[0]!;
    for (let i = 0; i < FREE_ATTEMPTS; i++) {
      expect((await call(loginRoute, { body: { username: user.username, password: "guess" }, headers: { [PEER_HEADER]: "198.51.100.9" } })).status).toBe(401);
    }
    expect((await call(loginRoute, { body: { username: user.username, password: TEST_PASSWORD }, headers: { [PEER_HEADER]: "192.0.2.51" } })).status).toBe(429);
    const back = await call(loginRoute, { body: { username: user.username, password: TEST_PASSWORD }, headers: { ...headers, cookie } });
    expect(back.status).toBe(200);
    // Over https (as the trusted proxy in front says) the cookie is Secure too; on a client's word it is not.
    const saved = process.env.TRUSTED_PROXIES;
    process.env.TRUSTED_PROXIES = "192.0.2.50";
    try {
      const secure = await call(loginRoute, {
        body: { username: user.username, password: TEST_PASSWORD },
        headers: { ...headers, cookie, "x-forwarded-proto": "https" },
      });
      expect(secure.headers.get("set-cookie")).toMatch(/; Secure$/);
    } finally {
      if (saved === undefined) delete process.env.TRUSTED_PROXIES;
      else process.env.TRUSTED_PROXIES = saved;
    }
    const claimed = await call(loginRoute, {
      body: { username: user.username, password: TEST_PASSWORD },
      headers: { ...headers, cookie, "x-forwarded-proto": "https" },
    });
    expect(claimed.headers.get("set-cookie")).not.toMatch(/Secure/);
    // Failures set none.
    const wrong = await call(loginRoute, { body: { username: user.username, password: "guess" }, headers: { ...headers, cookie } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("set-cookie")).toBeNull();
  });
});

/** Students who can sign in, cheaply: a low-cost argon2id hash (the throttle, not the hash, is under test). */
async function studentsWhoSignIn(count: number) {
  const rows = await createStudents(state.db, count);
  const cheap = await hash(TEST_PASSWORD, { algorithm: 2, memoryCost: 64, timeCost: 1, parallelism: 1 });
  await state.db.update(users).set({ password_hash: cheap }).where(inArray(users.id, rows.map((r) => r.user_id)));
  return rows.map((r) => r.student_number);
}

describe("a whole school behind one address", () => {
  it("1,200 students sign in (check-user, then login) within 5 minutes, one in ten after a typo: none refused", async () => {
    const numbers = await studentsWhoSignIn(1200);
    const t0 = new Date();
    const school = "203.0.113.200";
    const statuses: number[] = [];
    // 20 at a time, 4 a second: 1,200 within 300 seconds.
    for (let batch = 0; batch < numbers.length; batch += 20) {
      const now = later(t0, batch / 4);
      const results = await Promise.all(
        numbers.slice(batch, batch + 20).map(async (number, j) => {
          const i = batch + j;
          const caller = { address: school, userAgent: "jest" };
          const out: number[] = [];
          if (i % 10 === 3) out.push((await statusOf(checkUser(state.db, `0${number}`, caller, now))).status);
          out.push((await statusOf(checkUser(state.db, number, caller, now))).status);
          if (i % 10 === 7) out.push((await statusOf(login(state.db, { username: number, password: "typo-typo" }, caller, now))).status);
          out.push((await statusOf(login(state.db, { username: number, password: TEST_PASSWORD }, caller, now))).status);
          return out;
        }),
      );
      statuses.push(...results.flat());
    }
    expect(tally(statuses)).toEqual({ 200: 2400, 404: 120, 401: 120 });
  }, 240_000);
});

describe("school networks", () => {
  it("never limits an address in the setting as a group; the per-account rules still apply there", async () => {
    await updateSettingValue(state.db, SCHOOL_NETWORKS_SETTING, "203.0.113.0/24, 2001:db8:1200::/48");
    const now = new Date();
    const inSchool = "203.0.113.77";
    const statuses: number[] = [];
    for (let i = 0; i < ADDRESS_FAILURE_BURST + 50; i++) {
      statuses.push((await statusOf(login(state.db, { username: `typo-${i}`, password: "x" }, { address: inSchool, userAgent: "jest" }, now))).status);
    }
    for (let i = 0; i < CHECK_USER_MISS_BURST + 50; i++) {
      statuses.push((await statusOf(checkUser(state.db, `typo-${i}`, { address: "2001:db8:1200:5::9", userAgent: "jest" }, now))).status);
    }
    expect(tally(statuses)).toEqual({ 404: ADDRESS_FAILURE_BURST + CHECK_USER_MISS_BURST + 100 });
    // An address outside is limited as before.
    const outside = { address: "198.51.100.200", userAgent: "jest" };
    for (let i = 0; i < CHECK_USER_MISS_BURST; i++) expect((await statusOf(checkUser(state.db, `typo-${i}`, outside, now))).status).toBe(404);
    expect(await checkUser(state.db, "typo-x", outside, now)).toMatchObject({ withheld: true });
    // One account from inside the school: its own delays still count.
    const { user } = await createStudent(state.db);
    for (let i = 0; i < FREE_ATTEMPTS; i++) {
      expect((await statusOf(login(state.db, { username: user.username, password: "guess" }, { address: inSchool, userAgent: "jest" }, now))).status).toBe(401);
    }
    expect((await statusOf(login(state.db, { username: user.username, password: TEST_PASSWORD }, { address: inSchool, userAgent: "jest" }, now))).status).toBe(429);
  }, 120_000);

  it("gives an account's attempts from the school networks their own allowance: guesses from outside never delay its owner at school", async () => {
    await updateSettingValue(state.db, SCHOOL_NETWORKS_SETTING, "203.0.113.0/24");
    const now = new Date();
    const { user } = await createStudent(state.db);
    // An attacker outside keeps the account's streak going (and fills its daily bound).
    for (let i = 0; i < 30; i++) {
      await statusOf(login(state.db, { username: user.username, password: `guess-${i}` }, { address: `198.51.100.${i}`, userAgent: "jest" }, now));
    }
    expect((await statusOf(login(state.db, { username: user.username, password: TEST_PASSWORD }, { address: "198.51.100.99", userAgent: "jest" }, now))).status).toBe(429);
    // The owner on a lab computer (no device cookie for them) signs in at once.
    const atSchool = await statusOf(login(state.db, { username: user.username, password: TEST_PASSWORD }, { address: "203.0.113.40", userAgent: "jest" }, now));
    expect(atSchool.status).toBe(200);
  });

  it("is a setting administrators save as CIDR ranges of both families; anything else is 422 with the reason", async () => {
    const token = await tokenFor(state.db, await createAdmin(state.db));
    const save = (value: unknown) => call(saveSettings, { token, method: "PUT", body: { values: { [SCHOOL_NETWORKS_SETTING]: value } } });
    const ok = await save(" 203.0.113.0/24,2001:DB8:1200::/48\n198.51.100.7 ");
    expect(ok.status).toBe(200);
    expect(ok.body.values[SCHOOL_NETWORKS_SETTING].value).toBe("203.0.113.0/24, 2001:db8:1200::/48, 198.51.100.7");
    expect(ok.body.groups.find((g: { name: string }) => g.name === "Sign-in").settings.map((s: { key: string }) => s.key)).toContain(SCHOOL_NETWORKS_SETTING);
    for (const [value, message] of [
      ["10.0.0.0/33", /"10\.0\.0\.0\/33" is not an address or CIDR range/],
      ["school wifi", /"school" is not an address or CIDR range/],
      ["0.0.0.0/0", /too wide/],
      ["2001:db8::/8", /too wide/],
      [42, /Must be text/],
    ] as const) {
      const refused = await save(value);
      expect(refused.status).toBe(422);
      expect(refused.body.errors[SCHOOL_NETWORKS_SETTING][0]).toMatch(message);
    }
    expect((await save("")).body.values[SCHOOL_NETWORKS_SETTING].value).toBe("");
    const student = await createStudent(state.db);
    expect((await call(saveSettings, { token: await tokenFor(state.db, student), method: "PUT", body: { values: { [SCHOOL_NETWORKS_SETTING]: "" } } })).status).toBe(403);
  });
});
