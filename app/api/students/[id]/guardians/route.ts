import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { guardianAnswer, guardianListAnswer } from "@/lib/guardians/answers";
import { guardianBody, studentGuardiansParams } from "@/lib/guardians/schemas";
import { addGuardian, listGuardians } from "@/lib/guardians/service.server";

// GET /api/students/{id}/guardians: the student's family contacts (administrators see addresses;
// teachers names and relationship only)
export const GET = route({ roles: ROLES.shell, params: studentGuardiansParams, response: guardianListAnswer }, ({ db, user, params }) =>
  listGuardians(db, user, params.id),
);

// POST /api/students/{id}/guardians {name, email, relationship?}: add a family contact by hand
// (409 guardian_exists for an address the student already has)
export const POST = route(
  { roles: ROLES.admins, params: studentGuardiansParams, body: guardianBody, status: 201, response: guardianAnswer },
  ({ db, user, params, body, now }) => addGuardian(db, user, params.id, body, now),
);
