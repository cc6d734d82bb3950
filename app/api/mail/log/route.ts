import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { mailLogAnswer } from "@/lib/reach/answers";
import { mailLog } from "@/lib/reach/mail-admin.server";
import { mailLogQuery } from "@/lib/reach/schemas";

// GET /api/mail/log?limit=&status=: the outbox, newest first (administrators)
export const GET = route({ roles: ROLES.admins, query: mailLogQuery, response: mailLogAnswer }, ({ db, query }) => mailLog(db, query));
