import { randomUUID } from "node:crypto";
import NextAuth from "next-auth";
import { ApiError, errorResponse } from "@/lib/api/errors.server";
import { SSO_NOT_CONFIGURED, ssoConfigured, ssoOptions } from "@/lib/auth/sso";

// /api/auth/*: next-auth's single sign-on endpoints (providers, sign-in, callback); 404 when no provider is set up
async function handler(request: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  if (!ssoConfigured()) {
    const requestId = request.headers.get("x-request-id")?.slice(0, 64) || randomUUID();
    return errorResponse(new ApiError(404, "sso_not_configured", SSO_NOT_CONFIGURED), requestId);
  }
  // next-auth's session endpoint would re-issue the provider step's proof with a fresh expiry on every
  // call; Flexblock never reads it (POST /api/auth/sso-token does, once): it answers no session.
  if ((await context.params).nextauth[0] === "session") return Response.json({});
  return NextAuth(request as never, context as never, ssoOptions());
}

export { handler as GET, handler as POST };
