import { z } from "zod";
import { conditionalJson } from "@/lib/api/conditional.server";
import { route } from "@/lib/http/route.server";
import { inboxEntryAnswer } from "@/lib/notifications/answers";
import { ROLES } from "@/lib/auth/roles";
import { inbox } from "@/lib/notifications/service.server";

// GET /api/notifications/inbox: the caller's messages that are not archived (sysadmins and students: the system's messages to them)
// Polled by the rail's badge: an ETag, and 304 when nothing changed (lib/api/conditional.server.ts).
export const GET = route({ roles: ROLES.anyone, response: z.array(inboxEntryAnswer) }, async ({ db, user, now, request }) =>
  conditionalJson({ request, db, caller: user.user.id, now }, () => inbox(db, user, now)),
);
