import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { auditLogAnswer } from "@/lib/audit/answers";
import { auditQuery } from "@/lib/audit/schemas";
import { auditLogView } from "@/lib/audit/service.server";

// GET /api/audit: the audit log, newest first, filtered by actor, action and dates (administrators and sysadmins)
export const GET = route({ roles: ROLES.admins, query: auditQuery, response: auditLogAnswer }, ({ db, query }) =>
  auditLogView(db, query),
);
