import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { userIdsBody } from "@/lib/credentials/schemas";
import { applyCredentialsAction } from "@/lib/credentials/service.server";

// POST /api/users/invalidate-passwords: expire the accounts' passwords and sign them out
export const POST = route({ roles: ROLES.admins, body: userIdsBody }, ({ db, user, body, now }) =>
  applyCredentialsAction(db, user, "invalidate-passwords", body, now),
);
