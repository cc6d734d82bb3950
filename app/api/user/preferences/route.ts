import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { userPreferencesAnswer, userPreferencesBody } from "@/lib/people/preferences";
import { saveUserPreferences } from "@/lib/people/preferences.server";

// PUT /api/user/preferences: the signed-in person's language ({ "locale": "fr-CA" }, or null for the browser's)
export const PUT = route(
  { roles: ROLES.anyone, body: userPreferencesBody, response: userPreferencesAnswer },
  ({ db, user, body }) => saveUserPreferences(db, user, body),
);
