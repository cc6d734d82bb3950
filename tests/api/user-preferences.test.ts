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

describe("refusals in the caller's language", () => {
  it("a student who chose French reads the API's messages in French; the code is the same", async () => {
    const s = await createStudent(state.db);
    const token = await tokenFor(state.db, s);
    await call(putPreferences, { method: "PUT", token, body: { locale: "fr-CA" } });
    const refused = await call(putPreferences, { method: "PUT", token, body: { locale: "de" } });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: "invalid", message: "Les données fournies ne sont pas valides." });
    expect(refused.body.errors.locale).toEqual(["Choisissez une des langues offertes par Flexblock."]);
  });

  it("signed out, the browser's language: Spanish for es-MX, English for a language we do not speak", async () => {
    const spanish = await call(putPreferences, { method: "PUT", body: { locale: "es" }, headers: { "accept-language": "es-MX,es;q=0.9" } });
    expect(spanish.body).toEqual({ code: "unauthenticated", message: "Debes iniciar sesión." });
    const german = await call(putPreferences, { method: "PUT", body: { locale: "es" }, headers: { "accept-language": "de-DE" } });
    expect(german.body).toEqual({ code: "unauthenticated", message: "You must be signed in." });
  });

  it("the person's choice wins over the browser's, and a message with no translation stays English", async () => {
    const s = await createStudent(state.db);
    const token = await tokenFor(state.db, s);
    await call(putPreferences, { method: "PUT", token, body: { locale: "es" } });
    const refused = await call(putPreferences, { method: "PUT", token, body: { locale: "xx" }, headers: { "accept-language": "fr" } });
    expect(refused.body.message).toBe("Los datos enviados no son válidos.");
    const teacher = await createStaff(state.db);
    const forbidden = await call(putSettings, { method: "PUT", token: await tokenFor(state.db, teacher), body: { values: {} }, headers: { "accept-language": "fr-CA" } });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe("forbidden");
  });
});
