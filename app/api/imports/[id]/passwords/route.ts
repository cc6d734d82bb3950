import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { downloadPasswords } from "@/lib/imports/report.server";
import { importParams } from "@/lib/imports/schemas";

// POST /api/imports/{id}/passwords: the new accounts' initial passwords as CSV, once, for the uploader, within 24 hours
export const POST = route({ roles: ROLES.admins, params: importParams }, ({ db, user, params, now }) =>
  downloadPasswords(db, user, params.id, now),
);
