import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { notificationPreferencesAnswer, notificationPreferencesBody } from "@/lib/reach/preferences";
import { notificationPreferences, saveNotificationPreferences } from "@/lib/reach/preferences.server";

// GET /api/user/notification-preferences: the signed-in person's email and push switches per kind
export const GET = route({ roles: ROLES.anyone, response: notificationPreferencesAnswer }, ({ db, user }) => notificationPreferences(db, user));

// PUT /api/user/notification-preferences: turn kinds on or off (a mandatory kind cannot be turned off)
export const PUT = route({ roles: ROLES.anyone, body: notificationPreferencesBody, response: notificationPreferencesAnswer }, ({ db, user, body }) =>
  saveNotificationPreferences(db, user, body),
);
