/** @jest-environment node */
import { GET as settingsRoute } from "@/app/api/settings/route";
import { formatSchoolTime, offsetsAround, type ZoneOffset } from "@/lib/school-clock";
import { instantClockLabel } from "@/lib/time";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { setSetting } from "../helpers/schedule-factories";

/**
 * Issue 23 item 5, one clock: GET /api/settings sends, with the timezone setting, the zone's offsets by
 * the server's rules, and a screen writing an instant with them reads the time the server writes
 * (notifications, files) for every instant of the window, whatever the browser's own rules say.
 */
const state = useTestDb();

it("sends the zone's offsets with the timezone setting, to every signed-in role", async () => {
  const admin = await tokenFor(state.db, await createAdmin(state.db));
  const teacher = await tokenFor(state.db, await createStaff(state.db));
  for (const zone of ["America/Vancouver", "Europe/Paris", "Australia/Lord_Howe"]) {
    await setSetting(state.db, "timezone", zone);
    for (const token of [admin, teacher]) {
      const res = await call(settingsRoute, { token });
      expect(res.status).toBe(200);
      const setting = res.body.values.timezone as { value: string; offsets: ZoneOffset[] };
      expect(setting.value).toBe(zone);
      expect(setting.offsets).toEqual(offsetsAround(zone, new Date()));
      // Every hour of the last year and the next one reads as the server writes it.
      const now = Date.now();
      for (let ms = now - 365 * 86_400_000; ms < now + 365 * 86_400_000; ms += 3_600_000 * 7) {
        const iso = new Date(ms).toISOString();
        const shown = formatSchoolTime(iso, zone, setting.offsets);
        expect([iso, shown.slice(shown.lastIndexOf(", ") + 2)]).toEqual([iso, instantClockLabel(new Date(ms), zone)]);
      }
    }
  }
  await setSetting(state.db, "timezone", "America/Vancouver");
});
