import { randomUUID } from "node:crypto";
import NextAuth from "next-auth";
import { ApiError, errorResponse } from "@/lib/api/errors.server";
import { cookiesOf, SSO_NOT_CONFIGURED, ssoConfigured, ssoOptions } from "@/lib/auth/sso";
import { signInStep } from "@/lib/auth/sso-prompt.server";

// /api/auth/*: next-auth's single sign-on endpoints (providers, sign-in, callback); 404 when no provider is set up
async function handler(request: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  if (!ssoConfigured()) {
    const requestId = request.headers.get("x-request-id")?.slice(0, 64) || randomUUID();
    return errorResponse(new ApiError(404, "sso_not_configured", SSO_NOT_CONFIGURED), requestId);
  }
  const [action, providerId] = (await context.params).nextauth;
  // next-auth's session endpoint would re-issue the provider step's proof with a fresh expiry on every
  // call; Flexblock never reads it (POST /api/auth/sso-token does, once): it answers no session.
  if (action === "session") return Response.json({});
  if (action !== "signin" || request.method !== "POST") return NextAuth(request as never, context as never, ssoOptions());
  // The step to the provider asks for the account unless this browser is quiet (lib/auth/sso-prompt.server.ts).
  const step = signInStep(cookiesOf(request), providerId);
  const response: Response = await NextAuth(request as never, context as never, step.options);
  const asked = step.cookieFor(await providerAddressOf(response));
  if (asked) response.headers.append("set-cookie", asked);
  return response;
}

/** Where next-auth sends the browser: its redirect, or the `url` of its JSON answer to next-auth/react. */
async function providerAddressOf(response: Response): Promise<string | null> {
  const location = response.headers.get("location");
  if (location) return location;
  if (!response.headers.get("content-type")?.includes("application/json")) return null;
  const body = (await response.clone().json().catch(() => null)) as { url?: unknown } | null;
  return typeof body?.url === "string" ? body.url : null;
}

export { handler as GET, handler as POST };
