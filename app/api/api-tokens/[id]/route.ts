import { route } from "@/lib/http/route.server";
import { revokedTokenAnswer } from "@/lib/api-tokens/answers";
import { ROLES } from "@/lib/auth/roles";
import { apiTokenParams } from "@/lib/api-tokens/schemas";
import { revokeApiTokenById } from "@/lib/api-tokens/service.server";

// DELETE /api/api-tokens/{id}: revoke an API token; it stops working immediately. Administrators only.
export const DELETE = route({ roles: ROLES.admins, params: apiTokenParams, response: revokedTokenAnswer }, ({ db, user, params, now }) =>
  revokeApiTokenById(db, user, params.id, now),
);
