import { z } from "zod";
import { route } from "@/lib/http/route.server";
import { inboxEntryAnswer } from "@/lib/notifications/answers";
import { ROLES } from "@/lib/auth/roles";
import { archived } from "@/lib/notifications/service.server";

// GET /api/notifications/archived: the caller's archived messages, newest first (the newest 200; empty for those without an inbox)
export const GET = route({ roles: ROLES.anyone, response: z.array(inboxEntryAnswer) }, ({ db, user, now }) => archived(db, user, now));
