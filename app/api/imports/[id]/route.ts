import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { importReport } from "@/lib/imports/report.server";
import { importParams } from "@/lib/imports/schemas";

// GET /api/imports/{id}: an import's report, every row's outcome
export const GET = route({ roles: ROLES.admins, params: importParams }, ({ db, user, params, now }) =>
  importReport(db, user, params.id, now),
);
