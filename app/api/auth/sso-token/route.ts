import { route } from "@/lib/http/route.server";
import { ApiError, errorResponse } from "@/lib/api/errors.server";
import { clearSsoCookies, cookiesOf, SSO_NOT_CONFIGURED, ssoConfigured, ssoIdentityOf } from "@/lib/auth/sso";
import { exchangeCookies, stepAsked } from "@/lib/auth/sso-prompt.server";
import { tokenAnswer } from "@/lib/auth/answers";
import { signInWithSso } from "@/lib/auth/sso-sign-in.server";

// POST /api/auth/sso-token: turn a finished single sign-on into a Flexblock session token
export const POST = route({ roles: "public", response: tokenAnswer }, async ({ db, request, address, now, requestId }) => {
  if (!ssoConfigured()) throw new ApiError(404, "sso_not_configured", SSO_NOT_CONFIGURED);
  const caller = { address, userAgent: request.headers.get("user-agent") };
  const identity = await ssoIdentityOf(request);
  let response: Response;
  let quiet = false;
  try {
    const signedIn = await signInWithSso(db, identity, caller, now, stepAsked(cookiesOf(request), identity));
    quiet = signedIn.quiet;
    response = Response.json(signedIn.session);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    response = errorResponse(error, requestId);
  }
  // The provider's proof has done its job, taken or refused: leave nothing behind on a shared computer. The
  // browser's next provider step asks for the account unless this was a role let through without a question.
  for (const cookie of [...clearSsoCookies(), ...exchangeCookies(quiet)]) response.headers.append("set-cookie", cookie);
  return response;
});
