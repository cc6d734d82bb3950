import { exportCaller, withExportSlot } from "@/lib/http/exports.server";
import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { sisExportQuery } from "@/lib/reports/schemas";
import { reportReach, sisExport } from "@/lib/reports/service.server";

// GET /api/reports/sis-export: the SIS export CSV, one row per student per Focus Block date
export const GET = route(
  { roles: ROLES.shell, tokenScopes: ["reports:read"], query: sisExportQuery },
  ({ db, user, apiToken, query, now }) =>
    withExportSlot(exportCaller(user, apiToken), () => sisExport(db, reportReach(user), query, now)),
);
