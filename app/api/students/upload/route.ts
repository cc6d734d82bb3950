import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { uploadCsv } from "@/lib/imports/upload.server";

// POST /api/students/upload: a student CSV (multipart file, headers, password); 202 with the import job, or the dry run
export const POST = route({ roles: ROLES.admins }, ({ db, user, request, address, now }) =>
  uploadCsv(db, user, "students", request, { address, userAgent: request.headers.get("user-agent") }, now),
);
