/** @jest-environment node */
import { sql } from "drizzle-orm";
import { POST as createToken } from "@/app/api/api-tokens/route";
import { DELETE as deleteSource, GET as getSource, PUT as putSource } from "@/app/api/rostering/source/route";
import { resultRows } from "@/db/queries/checkin";
import { updateSettingValue } from "@/db/queries/settings";
import { decryptSecret } from "@/lib/oneroster/rest/secret.server";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, TEST_PASSWORD, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

const state = useTestDb();
const tokens = {} as Record<"admin" | "sysadmin" | "teacher" | "student", string>;

beforeAll(async () => {
  tokens.admin = await tokenFor(state.db, await createAdmin(state.db));
  tokens.sysadmin = await tokenFor(state.db, await createSysadmin(state.db));
  tokens.teacher = await tokenFor(state.db, await createStaff(state.db));
  tokens.student = await tokenFor(state.db, await createStudent(state.db));
});

const SECRET = "s3cret-of-the-sis";
const source = {
  base_url: "https://sis.school.example/ims/oneroster/v1p1/",
  token_url: "https://sis.school.example/oauth/token",
  client_id: "flexblock",
  client_secret: SECRET,
  version: "1.1",
  school_sourced_id: "org-school-1",
  schedule: "02:00",
  archive_missing: false,
};

const put = (body: unknown, token = tokens.admin) => call(putSource, { token, body, method: "PUT" });
const get = (token = tokens.admin) => call(getSource, { token });
const stored = async () => resultRows(await state.db.execute(sql`select * from roster_sources`))[0] as Record<string, unknown> | undefined;

describe("the roster source", () => {
  it("none yet: 404 roster_source_missing", async () => {
    const res = await get();
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: "roster_source_missing", error: "No roster source is set up." });
    expect((await call(deleteSource, { token: tokens.admin, method: "DELETE" })).status).toBe(404);
  });

  it("PUT stores it with the secret encrypted; GET answers it without the secret", async () => {
    const res = await put(source);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      base_url: "https://sis.school.example/ims/oneroster/v1p1",
      token_url: "https://sis.school.example/oauth/token",
      client_id: "flexblock",
      client_secret: null,
      client_secret_set: true,
      version: "1.1",
      school_sourced_id: "org-school-1",
      schedule: "02:00",
      archive_missing: false,
      last_run: null,
    });
    expect(typeof res.body.updated_at).toBe("string");
    expect(Date.parse(res.body.next_run_at)).toBeGreaterThan(Date.now());
    const row = await stored();
    expect(String(row!.client_secret)).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(SECRET);
    expect(await decryptSecret(state.db, String(row!.client_secret))).toBe(SECRET);
    const again = await get();
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    expect(JSON.stringify(again.body)).not.toContain(SECRET);
  });

  it("a later PUT without the secret (or with an empty one) keeps it; a new one replaces it", async () => {
    const before = String((await stored())!.client_secret);
    const { client_secret: _omitted, ...rest } = source;
    expect((await put({ ...rest, schedule: null })).body).toMatchObject({ schedule: null, next_run_at: null, client_secret_set: true });
    expect(String((await stored())!.client_secret)).toBe(before);
    expect((await put({ ...source, client_secret: "" })).status).toBe(200);
    expect(String((await stored())!.client_secret)).toBe(before);
    // Only spaces is no secret, on the server as on the screen: the stored one stays.
    expect((await put({ ...source, client_secret: "   " })).status).toBe(200);
    expect(String((await stored())!.client_secret)).toBe(before);
    expect((await put({ ...source, client_secret: "another" })).status).toBe(200);
    expect(await decryptSecret(state.db, String((await stored())!.client_secret))).toBe("another");
    await put(source);
  });

  it("the saved secret is kept only for the addresses it was saved with: a new base or token URL needs it again", async () => {
    const before = String((await stored())!.client_secret);
    const { client_secret: _omitted, ...rest } = source;
    for (const moved of [{ token_url: "https://collector.example/token" }, { base_url: "https://collector.example/ims/oneroster/v1p1/" }]) {
      const res = await put({ ...rest, ...moved });
      expect(res.status).toBe(422);
      expect(res.body.errors.client_secret).toEqual(["Enter the client secret again: the saved one is sent only to the addresses it was saved with."]);
    }
    expect(String((await stored())!.client_secret)).toBe(before);
    expect((await stored())!.token_url).toBe(source.token_url);
    expect((await put({ ...rest, token_url: "https://sis2.school.example/oauth/token", client_secret: "new-one" })).status).toBe(200);
    await put(source);
  });

  it("422 with field errors", async () => {
    const res = await put({ base_url: "ftp://sis.example/x", token_url: "not a url", client_id: "", version: "2.0", schedule: "2am", archive_missing: "no" });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(["archive_missing", "base_url", "client_id", "schedule", "token_url", "version"]);
    const credentials = await put({ ...source, base_url: "https://user:pw@sis.school.example/oneroster" });
    expect(credentials.status).toBe(422);
    expect(credentials.body.errors.base_url[0]).toMatch(/user name or password/);
    expect((await put({ ...source, schedule: "24:00" })).body.errors.schedule).toBeDefined();
  });

  it("plain http only on loopback, unless the sysadmin's setting allows it", async () => {
    const res = await put({ ...source, base_url: "http://sis.school.example/oneroster", token_url: "http://sis.school.example/token" });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(["base_url", "token_url"]);
    for (const host of ["127.0.0.1:8080", "localhost:9", "[::1]:4000"]) {
      expect((await put({ ...source, base_url: `http://${host}/oneroster`, token_url: `http://${host}/token` })).status).toBe(200);
    }
    await updateSettingValue(state.db, "roster-source-allow-http", "true");
    try {
      expect((await put({ ...source, base_url: "http://sis.school.example/oneroster" })).status).toBe(200);
    } finally {
      await updateSettingValue(state.db, "roster-source-allow-http", "false");
    }
    await put(source);
  });

  it("400 for a body that is not JSON", async () => {
    const res = await call(putSource, { token: tokens.admin, rawBody: "{not json", method: "PUT" });
    expect(res.status).toBe(400);
  });

  it("administrators and sysadmins only: 401 signed out, 403 teachers, students and API tokens", async () => {
    expect((await get(tokens.sysadmin)).status).toBe(200);
    expect((await put(source, tokens.sysadmin)).status).toBe(200);
    expect((await call(getSource, {})).status).toBe(401);
    for (const token of [tokens.teacher, tokens.student]) {
      expect((await get(token)).status).toBe(403);
      expect((await put(source, token)).status).toBe(403);
      expect((await call(deleteSource, { token, method: "DELETE" })).status).toBe(403);
    }
    const made = await call(createToken, { token: tokens.admin, body: { name: "SIS push", scopes: ["roster:write"], password: TEST_PASSWORD } });
    expect(made.status).toBe(201);
    const apiToken = made.body.token as string;
    expect([401, 403]).toContain((await get(apiToken)).status);
    expect([401, 403]).toContain((await put(source, apiToken)).status);
  });

  it("the first PUT needs the secret", async () => {
    expect((await call(deleteSource, { token: tokens.admin, method: "DELETE" })).status).toBe(204);
    const { client_secret: _omitted, ...rest } = source;
    const res = await put(rest);
    expect(res.status).toBe(422);
    expect(res.body.errors.client_secret).toEqual(["The client secret is required."]);
    expect(await stored()).toBeUndefined();
  });
});
