import { route } from "@/lib/api/route";
import { loginBody } from "@/lib/auth/schemas";
import { login } from "@/lib/auth/service";

// POST /api/login: exchange a username and password for a bearer token
export const POST = route({ roles: "public", body: loginBody }, ({ db, body, request, address, now }) =>
  login(db, body, { address, userAgent: request.headers.get("user-agent") }, now),
);
