import { route } from "@/lib/http/route.server";
import { messageAnswer } from "@/lib/api/answer-schemas";
import { ROLES } from "@/lib/auth/roles";
import { changePasswordBody } from "@/lib/auth/schemas";
import { changePassword } from "@/lib/auth/service.server";

// POST /api/change-password: replace the caller's password (the way out of an expired password)
export const POST = route(
  { roles: ROLES.anyone, body: changePasswordBody, allowExpiredPassword: true, response: messageAnswer },
  ({ db, user, body, request, address, now }) =>
    changePassword(db, user, body, { address, userAgent: request.headers.get("user-agent") }, now),
);
