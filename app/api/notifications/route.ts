import { route } from "@/lib/http/route.server";
import { sentEntryAnswer } from "@/lib/notifications/answers";
import { ROLES } from "@/lib/auth/roles";
import { sendNotificationBody } from "@/lib/notifications/schemas";
import { sendNotification } from "@/lib/notifications/service.server";

// POST /api/notifications: send a message to one or more staff members
export const POST = route({ roles: ROLES.staff, body: sendNotificationBody, response: sentEntryAnswer }, ({ db, user, body, now }) =>
  sendNotification(db, user, body, now),
);
