import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { csvDryRunAnswer } from "@/lib/imports/answers";
import { CSV_UPLOAD, uploadCsv } from "@/lib/imports/upload.server";

// POST /api/staff/upload: a staff CSV (multipart file, headers, password); 202 with the import job, or the dry run
export const POST = route({ roles: ROLES.admins, multipart: CSV_UPLOAD, response: csvDryRunAnswer }, ({ db, user, request, form, address, now }) =>
  uploadCsv(db, user, "staff", form, { address, userAgent: request.headers.get("user-agent") }, now),
);
