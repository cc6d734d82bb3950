import { NextResponse, type NextRequest } from "next/server";
import { isHttps, pageContentSecurityPolicy, STRICT_TRANSPORT_SECURITY } from "@/lib/security/headers";

/**
 * Every page request gets a fresh nonce in its Content-Security-Policy; Next.js reads the policy
 * from the request headers while rendering and puts the nonce on its own scripts. The root layout
 * reads the request headers, so every page renders per request and can carry the nonce.
 */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const policy = pageContentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  if (isHttps(request)) response.headers.set("strict-transport-security", STRICT_TRANSPORT_SECURITY);
  return response;
}

export const config = {
  matcher: [
    // Pages only: API answers and built assets get their headers from next.config.ts and the route wrapper.
    {
      // `api(?:/|$)`: /api/… answers are not pages, but /api-docs is one.
      source: "/((?!api(?:/|$)|_next/static|_next/image|favicon.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
