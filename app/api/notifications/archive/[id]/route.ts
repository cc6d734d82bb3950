import { route } from "@/lib/http/route.server";
import { inboxEntryAnswer } from "@/lib/notifications/answers";
import { ROLES } from "@/lib/auth/roles";
import { notificationParams } from "@/lib/notifications/schemas";
import { setFlag } from "@/lib/notifications/service.server";

// PUT /api/notifications/archive/{id}: archive one of the caller's messages (by notification id)
export const PUT = route({ roles: ROLES.anyone, params: notificationParams, response: inboxEntryAnswer }, ({ db, user, params, now }) =>
  setFlag(db, user, params.id, "archive", now),
);
