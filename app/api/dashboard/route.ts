import { ROLES } from "@/lib/auth/roles";
import { dashboardAnswer, dashboardQuery } from "@/lib/dashboard/schemas";
import { dashboard } from "@/lib/dashboard/service.server";
import { exportCaller, withExportSlot } from "@/lib/http/exports.server";
import { route } from "@/lib/http/route.server";

// GET /api/dashboard: who is falling through for a range (participation, students to follow up, not seen by their own teachers, teacher load, unmet requests); JSON, or one list as CSV with format=csv&list=…
export const GET = route({ roles: ROLES.shell, tokenScopes: ["reports:read"], query: dashboardQuery, response: dashboardAnswer }, ({ db, user, apiToken, query, now }) =>
  query.format === "csv"
    ? withExportSlot(exportCaller(user, apiToken), () => dashboard(db, user, query, now))
    : dashboard(db, user, query, now),
);
