import { route } from "@/lib/http/route.server";
import { messageAnswer } from "@/lib/api/answer-schemas";
import { ROLES } from "@/lib/auth/roles";
import { verifyUserBody } from "@/lib/auth/schemas";
import { verifyUser } from "@/lib/auth/service.server";

// POST /api/verify-user: confirm the caller's password before a sensitive action
export const POST = route(
  { roles: ROLES.anyone, body: verifyUserBody, allowExpiredPassword: true, response: messageAnswer },
  ({ db, user, body, request, address, now }) =>
    verifyUser(db, user, body.password, { address, userAgent: request.headers.get("user-agent") }, now),
);
