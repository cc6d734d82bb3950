import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { credentialsResultAnswer } from "@/lib/credentials/answers";
import { userIdsBody } from "@/lib/credentials/schemas";
import { applyCredentialsAction } from "@/lib/credentials/service.server";

// POST /api/users/reset-sign-in: forget the accounts' school-account (single sign-on) links and sign them out
export const POST = route({ roles: ROLES.admins, body: userIdsBody, response: credentialsResultAnswer }, ({ db, user, body, now }) =>
  applyCredentialsAction(db, user, "reset-sign-in", body, now),
);
