import { route } from "@/lib/api/route";
import { getSettings } from "@/lib/settings/service";

// GET /api/settings/unauthenticated: the settings the login screen shows (school name and logo)
export const GET = route({ roles: "public" }, ({ db }) => getSettings(db, true));
