import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { importReportAnswer } from "@/lib/imports/answers";
import { importOrRosterReport } from "@/lib/oneroster/report.server";
import { importParams } from "@/lib/imports/schemas";

// GET /api/imports/{id}: an import's report, every row's outcome (a OneRoster import's result in `oneroster`, a calendar file's in `calendar`)
export const GET = route({ roles: ROLES.admins, params: importParams, response: importReportAnswer }, ({ db, user, params, now }) =>
  importOrRosterReport(db, user, params.id, now),
);
