import { z } from "zod";
import { route } from "@/lib/http/route.server";
import { sentEntryAnswer } from "@/lib/notifications/answers";
import { ROLES } from "@/lib/auth/roles";
import { outbox } from "@/lib/notifications/service.server";

// GET /api/notifications/outbox: the messages the caller sent (empty for sysadmins)
export const GET = route({ roles: ROLES.shell, response: z.array(sentEntryAnswer) }, ({ db, user, now }) => outbox(db, user, now));
