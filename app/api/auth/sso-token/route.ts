import { route } from "@/lib/http/route.server";
import { ApiError, errorResponse } from "@/lib/api/errors.server";
import { clearSsoCookies, SSO_NOT_CONFIGURED, ssoConfigured, ssoIdentityOf } from "@/lib/auth/sso";
import { signInWithSso } from "@/lib/auth/sso-sign-in.server";

// POST /api/auth/sso-token: turn a finished single sign-on into a Flexblock session token
export const POST = route({ roles: "public" }, async ({ db, request, address, now, requestId }) => {
  if (!ssoConfigured()) throw new ApiError(404, "sso_not_configured", SSO_NOT_CONFIGURED);
  const caller = { address, userAgent: request.headers.get("user-agent") };
  let response: Response;
  try {
    response = Response.json(await signInWithSso(db, await ssoIdentityOf(request), caller, now));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    response = errorResponse(error, requestId);
  }
  // The provider's proof has done its job, taken or refused: leave nothing behind on a shared computer.
  for (const cookie of clearSsoCookies()) response.headers.append("set-cookie", cookie);
  return response;
});
