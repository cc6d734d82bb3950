import { route } from "@/lib/api/route";
import { ROLES } from "@/lib/auth/roles";
import { settingsUpdateBody } from "@/lib/settings/schemas";
import { getSettings, updateSettings } from "@/lib/settings/service";

// GET /api/settings: every setting, by key and by group
export const GET = route({ roles: ROLES.anyone, allowExpiredPassword: true }, ({ db }) => getSettings(db));

// PUT /api/settings: change setting values ({ values: { key: value } }), administrators only
export const PUT = route({ roles: ROLES.admins, body: settingsUpdateBody }, ({ db, user, body, now }) =>
  updateSettings(db, user, body, now),
);
