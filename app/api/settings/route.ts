import { route } from "@/lib/api/route";
import { ROLES } from "@/lib/auth/roles";
import { getSettings } from "@/lib/settings/service";

// GET /api/settings: every setting, by key and by group
export const GET = route({ roles: ROLES.anyone, allowExpiredPassword: true }, ({ db }) => getSettings(db));
