import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { removedGuardianAnswer } from "@/lib/guardians/answers";
import { guardianParams } from "@/lib/guardians/schemas";
import { removeGuardian } from "@/lib/guardians/service.server";

// DELETE /api/students/{id}/guardians/{guardianId}: remove a family contact (whatever its source; a
// later OneRoster import that still lists them adds them again)
export const DELETE = route({ roles: ROLES.admins, params: guardianParams, response: removedGuardianAnswer }, ({ db, user, params, now }) =>
  removeGuardian(db, user, params.id, params.guardianId, now),
);
