/** @jest-environment node */
import { eq } from "drizzle-orm";
import { auditLog, settings, uploads } from "@/db/schema";
import { GET as settingsRoute, PUT as saveSettings } from "@/app/api/settings/route";
import { GET as logoRoute, POST as uploadLogoRoute } from "@/app/api/settings/logo/route";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

const state = useTestDb();

const valueOf = async (key: string) => {
  const [row] = await state.db.select().from(settings).where(eq(settings.key, key));
  return row?.value;
};

describe("PUT /api/settings", () => {
  it("saves typed values for an administrator, audits the change and answers with the new settings", async () => {
    const admin = await createAdmin(state.db);
    const token = await tokenFor(state.db, admin);
    const res = await call(saveSettings, {
      token,
      body: {
        values: {
          school_name: "  Hillside Secondary ",
          weekends: true,
          appointment_limit: 3,
          timezone: "Europe/Paris",
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.values.school_name.value).toBe("Hillside Secondary");
    expect(res.body.values.weekends.value).toBe(true);
    expect(res.body.values.appointment_limit.value).toBe(3);
    expect(res.body.values.timezone.value).toBe("Europe/Paris");
    expect(await valueOf("weekends")).toBe("true");
    const audits = await state.db.select().from(auditLog).where(eq(auditLog.action, "settings.update"));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actor_user_id).toBe(admin.user.id);
    expect(audits[0]!.details).toMatchObject({ changes: { appointment_limit: { from: "1", to: "3" } } });
    // GET sees the same thing
    const read = await call(settingsRoute, { token });
    expect(read.body.values.school_name.value).toBe("Hillside Secondary");
  });

  it("lets only a sysadmin turn on single sign-on for sysadmins (off by default), and says so in the settings", async () => {
    const adminToken = await tokenFor(state.db, await createAdmin(state.db));
    const sysadminToken = await tokenFor(state.db, await createSysadmin(state.db));
    const read = await call(settingsRoute, { token: adminToken });
    expect(read.body.values["sso-sysadmins"]).toMatchObject({ value: false, sysadmin_only: true });
    expect(read.body.values["sso-choose-account-students"]).toMatchObject({ value: true });
    expect(read.body.values["sso-choose-account-students"].sysadmin_only).toBeUndefined();
    const weekends = await valueOf("weekends");
    const refused = await call(saveSettings, {
      token: adminToken,
      method: "PUT",
      body: { values: { "sso-sysadmins": true, weekends: weekends !== "true" } },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: "forbidden",
      message: "Only a system administrator can change this setting.",
      errors: { "sso-sysadmins": ["Only a system administrator can change this setting."] },
    });
    expect([await valueOf("sso-sysadmins"), await valueOf("weekends")]).toEqual(["false", weekends]);
    // Sent as it is, it is no change: a client saving every setting still may.
    expect((await call(saveSettings, { token: adminToken, method: "PUT", body: { values: { "sso-sysadmins": false } } })).status).toBe(200);
    const saved = await call(saveSettings, { token: sysadminToken, method: "PUT", body: { values: { "sso-sysadmins": true } } });
    expect(saved.status).toBe(200);
    expect(await valueOf("sso-sysadmins")).toBe("true");
    // An administrator may still change the other sign-in settings, and may not turn this one off again either.
    expect((await call(saveSettings, { token: adminToken, method: "PUT", body: { values: { "sso-choose-account-teachers": true } } })).status).toBe(200);
    expect((await call(saveSettings, { token: adminToken, method: "PUT", body: { values: { "sso-sysadmins": false } } })).status).toBe(403);
    await call(saveSettings, { token: sysadminToken, method: "PUT", body: { values: { "sso-sysadmins": false, "sso-choose-account-teachers": false } } });
  });

  it("lets a system administrator save dates as YYYY-MM-DD", async () => {
    const token = await tokenFor(state.db, await createSysadmin(state.db));
    const year = new Date().getUTCFullYear();
    const res = await call(saveSettings, {
      token,
      body: { values: { start_datetime: `${year}-08-31`, end_datetime: `${year + 1}-06-27` } },
    });
    expect(res.status).toBe(200);
    expect(res.body.values.start_datetime.value).toBe(`${year}-08-31`);
  });

  it("refuses a wrong type, an out-of-range number, a bad zone and a bad date with 422 and saves nothing", async () => {
    const token = await tokenFor(state.db, await createAdmin(state.db));
    const before = await valueOf("school_name");
    const res = await call(saveSettings, {
      token,
      body: {
        values: {
          school_name: "Changed School",
          weekends: "yes",
          appointment_limit: 500,
          timezone: "Mars/Olympus_Mons",
          start_datetime: "2026-02-30",
          nonsense: 1,
        },
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("invalid");
    expect(res.body.errors).toEqual({
      weekends: ["Must be on or off."],
      appointment_limit: ["Must be at most 20."],
      timezone: ["Enter a valid time zone, such as America/Vancouver."],
      start_datetime: ["Enter a date as YYYY-MM-DD."],
      nonsense: ["There is no such setting."],
    });
    expect(await valueOf("school_name")).toBe(before);
  });

  it("refuses a school year that ends before it starts", async () => {
    const token = await tokenFor(state.db, await createAdmin(state.db));
    const res = await call(saveSettings, { token, body: { values: { end_datetime: "1999-01-01" } } });
    expect(res.status).toBe(422);
    expect(res.body.errors.end_datetime).toEqual(["The school year must end after it starts."]);
  });

  it("refuses a grade range that runs backwards, from either end, and takes one grade", async () => {
    const token = await tokenFor(state.db, await createAdmin(state.db));
    const save = (values: Record<string, unknown>) => call(saveSettings, { token, body: { values } });
    const high = await save({ grade_min: 13 });
    expect(high.status).toBe(422);
    expect(high.body.errors.grade_max).toEqual(["The lowest grade cannot be above the highest."]);
    expect((await save({ grade_max: 7 })).status).toBe(422);
    expect((await save({ grade_min: 12, grade_max: 12 })).status).toBe(200);
    expect((await save({ grade_min: 8 })).status).toBe(200);
  });

  it("refuses an external logo address (only uploads may set the logo)", async () => {
    const token = await tokenFor(state.db, await createAdmin(state.db));
    const res = await call(saveSettings, {
      token,
      body: { values: { school_logo: "https://evil.example/x.png" } },
    });
    expect(res.status).toBe(422);
  });

  it("answers 400 for an unreadable body and 422 for a body without values", async () => {
    const token = await tokenFor(state.db, await createAdmin(state.db));
    expect((await call(saveSettings, { token, rawBody: "{nope" })).status).toBe(400);
    const empty = await call(saveSettings, { token, body: { values: {} } });
    expect(empty.status).toBe(422);
    expect((await call(saveSettings, { token, body: { school_name: "x" } })).status).toBe(422);
  });

  it("is forbidden to teachers and students", async () => {
    for (const account of [await createStaff(state.db), await createStudent(state.db)]) {
      const res = await call(saveSettings, {
        token: await tokenFor(state.db, account),
        body: { values: { weekends: true } },
      });
      expect(res.status).toBe(403);
    }
  });

  it("answers 401 when signed out", async () => {
    expect((await call(saveSettings, { body: { values: { weekends: true } } })).status).toBe(401);
  });
});

/** Real 2 × 1 images: the logo's header is read for its size (huge images are refused), so a bare signature no longer passes. */
const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADklEQVQImWPwd3v6H4QBE5sE8yur3LYAAAAASUVORK5CYII=",
    "base64",
  ),
);
const WEBP = Uint8Array.from(Buffer.from("UklGRh4AAABXRUJQVlA4TBEAAAAvAQAAAAdQoz61vP+BiOh/AAA=", "base64"));

function upload(token: string | undefined, file?: { bytes: Uint8Array; name: string; type: string }) {
  const form = new FormData();
  if (file) form.set("file", new Blob([file.bytes as BlobPart], { type: file.type }), file.name);
  const headers = new Headers();
  if (token) headers.set("authorization", `Bearer ${token}`);
  const request = new Request("http://localhost/api/settings/logo", { method: "POST", headers, body: form });
  return uploadLogoRoute(request, { params: Promise.resolve({}) }).then(async (r) => ({
    status: r.status,
    body: await r.json(),
  }));
}

describe("POST /api/settings/logo", () => {
  it("stores a PNG, points school_logo at it, audits it and serves it", async () => {
    const admin = await createAdmin(state.db);
    const res = await upload(await tokenFor(state.db, admin), {
      bytes: PNG,
      name: "crest.png",
      type: "image/png",
    });
    expect(res.status).toBe(201);
    const [row] = await state.db.select().from(uploads).where(eq(uploads.kind, "logo"));
    expect(row).toMatchObject({ content_type: "image/png", size: PNG.length, uploaded_by: admin.user.id });
    // value: the file name the spec's original client reads under /static/images/logos/; url: ours, beside the spec's contract.
    expect(res.body.values.school_logo).toMatchObject({ value: `logo-${row!.id}.png`, url: `/api/settings/logo?v=${row!.id}` });
    const audits = await state.db.select().from(auditLog).where(eq(auditLog.action, "settings.logo"));
    expect(audits).toHaveLength(1);
    const served = await logoRoute(new Request("http://localhost/api/settings/logo"), {
      params: Promise.resolve({}),
    });
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it("decides the type from the bytes, not the name: WebP named .png is stored as WebP", async () => {
    const token = await tokenFor(state.db, await createSysadmin(state.db));
    // Whatever the name and the browser's claimed type say, the bytes decide what is stored and served.
    for (const [file, type] of [
      [{ bytes: WEBP, name: "logo.png", type: "image/png" }, "image/webp"],
      [{ bytes: PNG, name: "logo.jpg", type: "image/jpeg" }, "image/png"],
    ] as const) {
      const res = await upload(token, file);
      expect(res.status).toBe(201);
      const v = new URL(res.body.values.school_logo.url, "http://localhost").searchParams.get("v")!;
      const [row] = await state.db.select().from(uploads).where(eq(uploads.id, Number(v)));
      expect({ name: file.name, stored: row!.content_type }).toEqual({ name: file.name, stored: type });
      const served = await logoRoute(new Request(`http://localhost/api/settings/logo?v=${v}`), {
        params: Promise.resolve({}),
      });
      expect({ name: file.name, served: served.headers.get("content-type") }).toEqual({ name: file.name, served: type });
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(file.bytes);
    }
  });

  it("serves the logo a versioned address names, so an older logo can be put back", async () => {
    const token = await tokenFor(state.db, await createAdmin(state.db));
    const first = await upload(token, { bytes: PNG, name: "one.png", type: "image/png" });
    const second = await upload(token, { bytes: WEBP, name: "two.webp", type: "image/webp" });
    const firstUrl: string = first.body.values.school_logo.url;
    expect(second.body.values.school_logo.url).not.toBe(firstUrl);
    const v = new URL(firstUrl, "http://localhost").searchParams.get("v")!;
    const old = await call(logoRoute, { query: { v } });
    expect(old.status).toBe(200);
    expect(old.headers.get("content-type")).toBe("image/png");
    expect((await call(logoRoute, { query: { v: "999999" } })).status).toBe(404);
    const newest = await call(logoRoute, { query: { v: "junk" } });
    expect(newest.headers.get("content-type")).toBe("image/webp");
    const restored = await call(saveSettings, { token, body: { values: { school_logo: firstUrl } } });
    expect(restored.body.values.school_logo).toMatchObject({ value: `logo-${v}`, url: firstUrl });
    // The original client sends back the file name it read.
    const byName = await call(saveSettings, { token, body: { values: { school_logo: `logo-${v}.png` } } });
    expect(byName.body.values.school_logo).toMatchObject({ value: `logo-${v}.png`, url: firstUrl });
  });

  it("refuses a file that is not an image with 422, whatever it claims to be", async () => {
    const token = await tokenFor(state.db, await createAdmin(state.db));
    const res = await upload(token, {
      bytes: new TextEncoder().encode("<svg onload=alert(1)>"),
      name: "x.png",
      type: "image/png",
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.file).toEqual(["The logo must be a PNG, JPEG or WebP image."]);
  });

  it("refuses a file over 1 MB with 422", async () => {
    const token = await tokenFor(state.db, await createAdmin(state.db));
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(PNG);
    const res = await upload(token, { bytes: big, name: "big.png", type: "image/png" });
    expect(res.status).toBe(422);
    expect(res.body.errors.file).toEqual(["The logo must be at most 1 MB."]);
  });

  it("asks for a file when none is sent", async () => {
    const token = await tokenFor(state.db, await createAdmin(state.db));
    const res = await upload(token);
    expect(res.status).toBe(422);
    expect(res.body.errors.file).toEqual(["Choose an image file to upload."]);
  });

  it("answers 400 for a body that is not multipart", async () => {
    const token = await tokenFor(state.db, await createAdmin(state.db));
    const request = new Request("http://localhost/api/settings/logo", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{}",
    });
    expect((await uploadLogoRoute(request, { params: Promise.resolve({}) })).status).toBe(400);
  });

  it("is forbidden to teachers and answers 401 when signed out", async () => {
    const teacher = await tokenFor(state.db, await createStaff(state.db));
    expect((await upload(teacher, { bytes: PNG, name: "a.png", type: "image/png" })).status).toBe(403);
    expect((await upload(undefined, { bytes: PNG, name: "a.png", type: "image/png" })).status).toBe(401);
  });
});

describe("GET /api/settings/unauthenticated (single sign-on)", () => {
  it("lists no single sign-on providers when none is configured, so the login screen shows none", async () => {
    const { GET } = await import("@/app/api/settings/unauthenticated/route");
    const res = await call(GET);
    expect(res.status).toBe(200);
    expect(res.body.sso).toEqual([]);
  });
});
