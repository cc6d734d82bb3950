import { route } from "@/lib/http/route.server";
import { messageAnswer } from "@/lib/api/answer-schemas";
import { ROLES } from "@/lib/auth/roles";
import { logout } from "@/lib/auth/service.server";

// POST /api/logout: end this device's session. The polled answers (check-in status, weeks, inbox) may be
// kept by the browser for revalidation (lib/api/conditional.server.ts): signing out clears that cache, so the
// next person on a shared computer finds nothing of this user's in it.
export const POST = route({ roles: ROLES.anyone, allowExpiredPassword: true, response: messageAnswer }, async ({ db, user }) =>
  Response.json(await logout(db, user), { headers: { "clear-site-data": '"cache"' } }),
);
