import { route } from "@/lib/http/route.server";
import { currentUserAnswer } from "@/lib/people/answers";
import { presentCurrentUser } from "@/lib/people/current-user";
import { ROLES } from "@/lib/auth/roles";

// GET /api/user: the signed-in user (also while their password is expired)
export const GET = route({ roles: ROLES.anyone, allowExpiredPassword: true, response: currentUserAnswer }, ({ user, now }) =>
  presentCurrentUser(user, now, user.signInMethod),
);
