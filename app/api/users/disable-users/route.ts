import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { credentialsResultAnswer } from "@/lib/credentials/answers";
import { userIdsBody } from "@/lib/credentials/schemas";
import { applyCredentialsAction } from "@/lib/credentials/service.server";

// POST /api/users/disable-users: lock the accounts and sign them out
export const POST = route({ roles: ROLES.admins, body: userIdsBody, response: credentialsResultAnswer }, ({ db, user, body, now }) =>
  applyCredentialsAction(db, user, "disable-users", body, now),
);
