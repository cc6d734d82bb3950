import { z } from "zod";
import { route } from "@/lib/http/route.server";
import { inboxEntryAnswer } from "@/lib/notifications/answers";
import { ROLES } from "@/lib/auth/roles";
import { setAll } from "@/lib/notifications/service.server";

// PUT /api/notifications/read/all: read every message in the caller's inbox
export const PUT = route({ roles: ROLES.anyone, response: z.array(inboxEntryAnswer) }, ({ db, user, now }) => setAll(db, user, "read", now));
