import { NextResponse, type NextRequest } from "next/server";
import { setupLinkIsOpen } from "@/lib/setup/link-check";
import { isHttps, pageContentSecurityPolicy, STRICT_TRANSPORT_SECURITY } from "@/lib/security/headers";

/**
 * Every page request gets a fresh nonce in its Content-Security-Policy; Next.js reads the policy
 * from the request headers while rendering and puts the nonce on its own scripts. The root layout
 * reads the request headers, so every page renders per request and can carry the nonce.
 */
export async function proxy(request: NextRequest) {
  // The first-run setup page exists only for a live one-time link: anything else is a real 404 (a page's
  // notFound() would come too late to change the status of a streamed answer).
  if (request.nextUrl.pathname === "/setup" && !(await setupLinkIsOpen(request.nextUrl.searchParams.get("token")))) {
    return new NextResponse("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
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
