/** @jest-environment node */
import { eq } from "drizzle-orm";
import { PUT as putPreferences } from "@/app/api/user/preferences/route";
import { GET as getUser } from "@/app/api/user/route";
import { PUT as putSettings } from "@/app/api/settings/route";
import { settings } from "@/db/schema";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

const state = useTestDb();

describe("PUT /api/user/preferences", () => {
  it("keeps a student's language, shown in GET /api/user, and null follows the browser again", async () => {
    const s = await createStudent(state.db);
    const token = await tokenFor(state.db, s);
    expect((await call(getUser, { token })).body).toMatchObject({ locale: null });
    const saved = await call(putPreferences, { method: "PUT", token, body: { locale: "fr-CA" } });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ locale: "fr-CA" });
    expect((await call(getUser, { token })).body).toMatchObject({ locale: "fr-CA" });
    await call(putPreferences, { method: "PUT", token, body: { locale: null } });
    expect((await call(getUser, { token })).body).toMatchObject({ locale: null });
  });

  it("changes only the caller's own language", async () => {
    const teacher = await createStaff(state.db);
    const other = await createStaff(state.db);
    await call(putPreferences, { method: "PUT", token: await tokenFor(state.db, teacher), body: { locale: "es" } });
    expect((await call(getUser, { token: await tokenFor(state.db, other) })).body).toMatchObject({ locale: null });
  });

  it("refuses a language Flexblock does not offer, and the pseudo-locale where it is off (422)", async () => {
    const token = await tokenFor(state.db, await createStudent(state.db));
    for (const locale of ["de", "fr", "", 3, "en-XA"]) {
      const answer = await call(putPreferences, { method: "PUT", token, body: { locale } });
      expect([locale, answer.status]).toEqual([locale, 422]);
      expect(answer.body.errors.locale).toEqual(["Choose one of the languages Flexblock offers."]);
    }
    expect((await call(putPreferences, { method: "PUT", token, body: {} })).status).toBe(422);
  });

  it("answers 400 to an unreadable body and 401 signed out", async () => {
    const token = await tokenFor(state.db, await createStudent(state.db));
    expect((await call(putPreferences, { method: "PUT", token, rawBody: "{not json" })).status).toBe(400);
    expect((await call(putPreferences, { method: "PUT", body: { locale: "es" } })).status).toBe(401);
  });
});

describe("the school's default language (setting default-locale)", () => {
  it("an administrator sets it to French; anything but en, fr-CA or es is refused", async () => {
    const token = await tokenFor(state.db, await createAdmin(state.db));
    const bad = await call(putSettings, { method: "PUT", token, body: { values: { "default-locale": "de" } } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors["values.default-locale"] ?? bad.body.errors["default-locale"]).toEqual(["Choose en, fr-CA or es."]);
    const good = await call(putSettings, { method: "PUT", token, body: { values: { "default-locale": "fr-CA" } } });
    expect(good.status).toBe(200);
    const [row] = await state.db.select().from(settings).where(eq(settings.key, "default-locale"));
    expect(row!.value).toBe("fr-CA");
  });
});
