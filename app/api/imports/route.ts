import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { importsList } from "@/lib/imports/report.server";

// GET /api/imports: past CSV imports with their outcome, newest first
export const GET = route({ roles: ROLES.admins }, ({ db }) => importsList(db));
