import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { importListAnswer } from "@/lib/imports/answers";
import { importsList } from "@/lib/imports/report.server";

// GET /api/imports: past imports (CSV files of students and staff, OneRoster bundles, calendar files) with their outcome, newest first
export const GET = route({ roles: ROLES.admins, response: importListAnswer }, ({ db }) => importsList(db));
