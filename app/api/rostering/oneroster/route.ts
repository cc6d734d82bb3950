import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { oneRosterDryRunAnswer } from "@/lib/oneroster/answers";
import { ONEROSTER_UPLOAD, uploadOneRoster } from "@/lib/oneroster/service.server";

// POST /api/rostering/oneroster: a OneRoster 1.1/1.2 CSV bundle (multipart file, dry_run, org_sourced_id, periods); the dry run's plan
// (with the SIS's administrators, rows skipped to protect administrators and sysadmins, overwritten and kept values, terms matched),
// or 202 with the import job and its entry in the Imports history
export const POST = route({ roles: ROLES.admins, tokenScopes: ["roster:write"], multipart: ONEROSTER_UPLOAD, response: oneRosterDryRunAnswer }, ({ db, user, apiToken, form }) =>
  uploadOneRoster(db, form, user, apiToken),
);
