import { route } from "@/lib/http/route.server";
import { staffProfileAnswer } from "@/lib/core/schedule/types";
import { ROLES } from "@/lib/auth/roles";
import { staffProfile } from "@/lib/people/profiles.server";
import { idParams } from "@/lib/schedule/schemas";

// GET /api/staff/profile/{id}: a staff member's profile
export const GET = route({ roles: ROLES.shell, params: idParams, response: staffProfileAnswer }, ({ db, user, params }) =>
  staffProfile(db, user, params.id),
);
