import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { idParams } from "@/lib/schedule/schemas";
import { deleteTopic } from "@/lib/topics/service.server";

// DELETE /api/topics/{id}: soft-delete one of the caller's topics
export const DELETE = route({ roles: ROLES.staff, params: idParams }, ({ db, user, params }) =>
  deleteTopic(db, user, params.id),
);
