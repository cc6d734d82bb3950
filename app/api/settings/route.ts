import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { wakeRecurringCheck } from "@/lib/jobs/wake.server";
import { settingsAnswer } from "@/lib/settings/answers";
import { settingsUpdateBody } from "@/lib/settings/schemas";
import { getSettings, updateSettings } from "@/lib/settings/service.server";

// GET /api/settings: every setting, by key and by group
export const GET = route({ roles: ROLES.anyone, allowExpiredPassword: true, response: settingsAnswer }, ({ db }) => getSettings(db));

// PUT /api/settings: change setting values ({ values: { key: value } }), administrators only
// (a new placement cutoff may have passed already: the job runner checks for due placement at once, lib/placement/job.server.ts)
export const PUT = route({ roles: ROLES.admins, body: settingsUpdateBody, response: settingsAnswer }, async ({ db, user, body, now }) => {
  const answer = await updateSettings(db, user, body, now);
  if ("placement_cutoff" in body.values) wakeRecurringCheck();
  return answer;
});
