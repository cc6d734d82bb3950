import { route } from "@/lib/http/route.server";
import { ssoProviders } from "@/lib/auth/sso";
import { publicSettingsAnswer } from "@/lib/settings/answers";
import { getSettings } from "@/lib/settings/service.server";

// GET /api/settings/unauthenticated: what the login screen shows (school name and logo, and the
// single sign-on providers the school configured, so it never has to ask next-auth when there are none)
export const GET = route({ roles: "public", response: publicSettingsAnswer }, async ({ db }) => ({
  ...(await getSettings(db, true)),
  sso: ssoProviders().map((provider) => ({ id: provider.id, name: provider.name })),
}));
