import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { credentialUserListAnswer } from "@/lib/credentials/answers";
import { listUsers } from "@/lib/credentials/service.server";

// GET /api/users: every account with its account and password status (administrators and sysadmins)
export const GET = route({ roles: ROLES.admins, response: credentialUserListAnswer }, ({ db, user, now }) => listUsers(db, user, now));
