/** @jest-environment node */
import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { closeDatabase } from "@/db";
import { getDatabaseHandle } from "@/lib/setup/boot.server";
import type { DbHandle } from "@/db/client";
import {
  auditLog,
  setupTokens,
  settingGroups,
  settings,
  sysadmins,
  users,
  wikiGroups,
  wikiPosts,
} from "@/db/schema";
import { POST as setupRoute } from "@/app/api/setup/route";
import { GET as settingsRoute, PUT as saveSettings } from "@/app/api/settings/route";
import { GET as publicSettingsRoute } from "@/app/api/settings/unauthenticated/route";
import { GET as userRoute } from "@/app/api/user/route";
import { SETTING_GROUPS, SETTINGS } from "@/lib/setting-definitions";
import { createSetupLink, prepareSchool, SETUP_LINK_HOURS } from "@/lib/setup/first-run.server";
import { SETUP_MESSAGES } from "@/lib/setup/schemas";
import { createEmptyPostgresDatabase } from "../helpers/db";
import { call } from "../helpers/http";

/**
 * A real school's first start: a migrated database that no seed and no test helper has touched, opened
 * the way the server opens it (db/index.ts boot), with the demo school off.
 */
let handle: DbHandle;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  process.env.SEED_DEMO = "0";
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const database = await createEmptyPostgresDatabase(serverUrl, "flexblock_first_run");
    process.env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  } else {
    delete process.env.DATABASE_URL;
    process.env.PGLITE_DIR = "memory://";
  }
  handle = await getDatabaseHandle();
}, 60_000);

afterAll(async () => {
  await closeDatabase();
  await dropDatabase?.();
});

const db = () => handle.db;
const BASE = "http://localhost:3000";
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;
const countOf = async (table: typeof users | typeof setupTokens | typeof sysadmins) =>
  (await db().select({ n: count() }).from(table))[0]!.n;

const school = (token: string, overrides: Record<string, unknown> = {}) => ({
  token,
  school_name: "Riverside Secondary",
  timezone: "America/Toronto",
  name: "Morgan Tremblay",
  email: "IT@Riverside.example",
  password: "correct horse battery staple",
  ...overrides,
});

describe("a fresh database", () => {
  it("has every setting with its default, the server's time zone, and no account", async () => {
    const rows = await db().select().from(settings);
    expect(rows.map((row) => row.key).sort()).toEqual(SETTINGS.map((s) => s.key).sort());
    const groups = await db().select().from(settingGroups);
    expect(groups.map((g) => g.name).sort()).toEqual(SETTING_GROUPS.map((g) => g.name).sort());
    const zone = rows.find((row) => row.key === "timezone")!.value;
    expect(zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(rows.find((row) => row.key === "school_name")!.value).toBe("My School");
    expect(await countOf(users)).toBe(0);
  });

  it("ships the product's help, with links between posts that resolve", async () => {
    const groups = await db().select().from(wikiGroups);
    expect(groups.map((g) => g.title)).toEqual(
      expect.arrayContaining(["Getting started", "For administrators", "For students", "Change Log"]),
    );
    expect(groups.find((g) => g.title === "For students")!.audience).toBe("everyone");
    expect(groups.find((g) => g.title === "For administrators")!.audience).toBe("staff");
    const posts = await db().select().from(wikiPosts);
    const ids = new Set(posts.map((p) => p.id));
    const links = posts.flatMap((p) =>
      [...p.body.matchAll(/\]\(\/wiki\/post\/(\d+)\)/g)].map((m) => Number(m[1])),
    );
    expect(links.length).toBeGreaterThan(5);
    for (const id of links) expect(ids).toContain(id);
    expect(posts.some((p) => p.body.includes("(post:"))).toBe(false);
    expect(posts.every((p) => p.author_name === "Flexblock")).toBe(true);
  });

  it("makes nothing twice when the server starts again", async () => {
    const before = await Promise.all(
      [settings, wikiGroups, wikiPosts].map(async (t) => (await db().select({ n: count() }).from(t))[0]!.n),
    );
    await prepareSchool(db(), new Date());
    await prepareSchool(db(), new Date());
    const after = await Promise.all(
      [settings, wikiGroups, wikiPosts].map(async (t) => (await db().select({ n: count() }).from(t))[0]!.n),
    );
    expect(after).toEqual(before);
  });
});

describe("the first-run setup link", () => {
  let link: string;
  let accessToken: string;

  it("is made while no account exists, and only its hash is kept", async () => {
    link = (await createSetupLink(db(), BASE, new Date()))!;
    expect(link).toMatch(/^http:\/\/localhost:3000\/setup\?token=[A-Za-z0-9_-]{43}$/);
    const [row] = await db().select().from(setupTokens);
    expect(row!.token_hash).not.toContain(tokenOf(link));
  });

  it("refuses a guessed link with 404 and creates nothing", async () => {
    const res = await call(setupRoute, { body: school(randomBytes(32).toString("base64url")) });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(SETUP_MESSAGES.invalidLink);
    expect(await countOf(users)).toBe(0);
  });

  it("refuses an expired link with 404", async () => {
    const long = new Date(Date.now() - (SETUP_LINK_HOURS + 1) * 3600_000);
    const old = (await createSetupLink(db(), BASE, long))!;
    const res = await call(setupRoute, { body: school(tokenOf(old)) });
    expect(res.status).toBe(404);
    expect(await countOf(users)).toBe(0);
  });

  it("names the field for an unknown time zone, a bad email, a missing name and a weak password (422)", async () => {
    const token = tokenOf(link);
    const zone = await call(setupRoute, { body: school(token, { timezone: "Mars/Olympus_Mons" }) });
    expect(zone.status).toBe(422);
    expect(zone.body.errors.timezone).toEqual([SETUP_MESSAGES.timezone]);
    const fields = await call(setupRoute, {
      body: school(token, { email: "not an email", name: " ", school_name: 12 }),
    });
    expect(fields.status).toBe(422);
    expect(Object.keys(fields.body.errors).sort()).toEqual(["email", "name", "school_name"]);
    const weak = await call(setupRoute, { body: school(token, { password: "password1" }) });
    expect(weak.status).toBe(422);
    expect(weak.body.errors.password[0]).toMatch(/^You cannot use that password\./);
    const unreadable = await call(setupRoute, { rawBody: "{" });
    expect(unreadable.status).toBe(400);
    expect(await countOf(users)).toBe(0);
  });

  it("works once: names the school, sets its zone, creates the administrator and signs them in", async () => {
    const token = tokenOf(link);
    // Two tabs sending the same link at once: one account.
    const [first, second] = await Promise.all([
      call(setupRoute, { body: school(token) }),
      call(setupRoute, { body: school(token) }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 404]);
    const ok = first.status === 200 ? first : second;
    expect(ok.body).toMatchObject({ token_type: "Bearer", expires_in: expect.any(Number) });
    accessToken = ok.body.access_token;
    expect(await countOf(users)).toBe(1);
    expect(await countOf(setupTokens)).toBe(0);

    const me = await call(userRoute, { token: accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      role: "sysadmin",
      username: "it@riverside.example",
      password_expired: false,
    });
    const open = await call(publicSettingsRoute);
    expect(open.body.values.school_name.value).toBe("Riverside Secondary");
    const all = await call(settingsRoute, { token: accessToken });
    expect(all.body.values.timezone.value).toBe("America/Toronto");
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, "setup.complete"));
    expect(audit!.details).toEqual({ school_name: "Riverside Secondary", timezone: "America/Toronto" });
  });

  it("is spent: the same link again is 404, and no new link is made once an account exists", async () => {
    const res = await call(setupRoute, {
      body: school(tokenOf(link), { email: "second@riverside.example" }),
    });
    expect(res.status).toBe(404);
    expect(await createSetupLink(db(), BASE, new Date())).toBeNull();
    expect(await countOf(users)).toBe(1);
  });

  it("leaves a settings page that saves every setting (its default back, a boolean flipped)", async () => {
    const read = await call(settingsRoute, { token: accessToken });
    expect(read.body.groups).toHaveLength(SETTING_GROUPS.length);
    for (const definition of SETTINGS) {
      const current = read.body.values[definition.key].value;
      const value = definition.type === "boolean" ? !current : current;
      const res = await call(saveSettings, {
        token: accessToken,
        method: "PUT",
        body: { values: { [definition.key]: value } },
      });
      expect({ key: definition.key, status: res.status, errors: res.body.errors }).toEqual({
        key: definition.key,
        status: 200,
        errors: undefined,
      });
      expect(res.body.values[definition.key].value).toEqual(value);
    }
  });

  it("refuses a setting of the wrong type with 422 naming it, never a 500", async () => {
    for (const definition of SETTINGS) {
      const res = await call(saveSettings, {
        token: accessToken,
        method: "PUT",
        body: { values: { [definition.key]: { nested: [1] } } },
      });
      expect({ key: definition.key, status: res.status, named: Object.keys(res.body.errors ?? {}) }).toEqual({
        key: definition.key,
        status: 422,
        named: [`values.${definition.key}`],
      });
    }
  });
});
