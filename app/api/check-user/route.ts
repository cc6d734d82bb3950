import { route } from "@/lib/http/route.server";
import { checkUserAnswer } from "@/lib/auth/answers";
import { checkUserBody } from "@/lib/auth/schemas";
import { checkUser } from "@/lib/auth/service.server";

// POST /api/check-user: the avatar shown for a remembered username
export const POST = route({ roles: "public", body: checkUserBody, response: checkUserAnswer }, ({ db, body, request, address, now }) =>
  checkUser(db, body.username, { address, userAgent: request.headers.get("user-agent") }, now),
);
