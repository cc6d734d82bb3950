import { exportCaller, withExportSlot } from "@/lib/http/exports.server";
import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { auditQuery } from "@/lib/audit/schemas";
import { exportAuditCsv } from "@/lib/audit/service.server";

// GET /api/audit/export: the filtered audit log as a CSV file
export const GET = route({ roles: ROLES.admins, query: auditQuery }, ({ db, user, query, now }) =>
  withExportSlot(exportCaller(user, null), () => exportAuditCsv(db, query, now)),
);
