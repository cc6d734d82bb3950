import { getServerSession } from "next-auth";
import { route } from "@/lib/api/route";
import { ApiError } from "@/lib/api/errors";
import { SSO_NOT_CONFIGURED, ssoConfigured, ssoOptions } from "@/lib/auth/sso";
import { exchangeSsoIdentity } from "@/lib/auth/service";

// POST /api/auth/sso-token: turn a finished single sign-on into a Flexblock session token
export const POST = route({ roles: "public" }, async ({ db, request, now }) => {
  if (!ssoConfigured()) throw new ApiError(404, "sso_not_configured", SSO_NOT_CONFIGURED);
  const session = await getServerSession(ssoOptions());
  const token = await exchangeSsoIdentity(db, session?.user?.email ?? null, request.headers.get("user-agent"), now);
  const response = Response.json(token);
  // The next-auth cookie has done its job; leave nothing behind on a shared computer.
  for (const name of ["next-auth.session-token", "__Secure-next-auth.session-token"]) {
    response.headers.append("set-cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
  }
  return response;
});
