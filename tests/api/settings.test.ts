/** @jest-environment node */
import { GET as settingsRoute } from "@/app/api/settings/route";
import { GET as publicSettings } from "@/app/api/settings/unauthenticated/route";
import { GET as logo } from "@/app/api/settings/logo/route";
import { useTestDb } from "../helpers/db";
import { createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

const state = useTestDb();

describe("GET /api/settings", () => {
  it("gives typed values by key and groups with their settings", async () => {
    const token = await tokenFor(state.db, await createStudent(state.db));
    const res = await call(settingsRoute, { token });
    expect(res.status).toBe(200);
    expect(res.body.values.weekends.value).toBe(false);
    expect(res.body.values.appointment_limit).toMatchObject({ type: "numeric", value: 1 });
    expect(res.body.values.timezone.value).toBe("America/Vancouver");
    expect(res.body.values.start_datetime.value).toMatch(/^\d{4}-09-01$/);
    expect(res.body.groups.map((g: { name: string }) => g.name)).toEqual([
      "General settings",
      "Calendar",
      "Air Check-in",
      "Privacy",
      "Default placement",
      "Choosing",
      "Sign-in",
      "Notifications",
    ]);
    const general = res.body.groups[0];
    expect(general.description).toBe("Common settings for Flexblock");
    expect(general.settings[0]).toMatchObject({ key: "school_name", type: "string", value: "My School" });
    expect(Object.keys(general.settings[0]).sort()).toEqual(
      ["description", "id", "key", "max", "min", "type", "value"].sort(),
    );
  });

  it("answers 401 when signed out", async () => {
    expect((await call(settingsRoute)).status).toBe(401);
  });
});

describe("GET /api/settings/unauthenticated", () => {
  it("serves only the school name, the logo and whether password links are offered to signed-out clients", async () => {
    const res = await call(publicSettings);
    expect(res.status).toBe(200);
    // and whether "Forgot your password?" is offered (the login screen's password step reads it)
    expect(Object.keys(res.body.values).sort()).toEqual(["password-reset-by-email", "school_logo", "school_name"]);
  });
});

describe("GET /api/settings/logo", () => {
  it("answers 404 before a logo is uploaded", async () => {
    expect((await call(logo)).status).toBe(404);
  });
});
