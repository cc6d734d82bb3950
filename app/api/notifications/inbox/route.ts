import { route } from "@/lib/api/route";
import { ROLES } from "@/lib/auth/roles";
import { inbox } from "@/lib/notifications/service";

// GET /api/notifications/inbox: the caller's messages that are not archived (empty for sysadmins)
export const GET = route({ roles: ROLES.shell }, ({ db, user, now }) => inbox(db, user, now));
