import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { uploadOneRoster } from "@/lib/oneroster/service.server";

// POST /api/rostering/oneroster: a OneRoster 1.1/1.2 CSV bundle (multipart file, dry_run, org_sourced_id, periods); the dry run's plan, or 202 with the import job
export const POST = route({ roles: ROLES.admins, tokenScopes: ["roster:write"] }, ({ db, user, apiToken, request }) =>
  uploadOneRoster(db, request, user, apiToken),
);
