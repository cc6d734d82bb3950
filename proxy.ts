import { NextResponse, type NextRequest } from "next/server";
import { setupPageIsOpen } from "@/lib/setup/link-check.server";
import {
  API_CONTENT_SECURITY_POLICY,
  COMMON_SECURITY_HEADERS,
  isHttps,
  pageContentSecurityPolicy,
  STRICT_TRANSPORT_SECURITY,
} from "@/lib/security/headers";

/** A path whose percent-encoding is not UTF-8 (`/api/clusters/%ff%fe`): Next.js would answer a bare 500. */
function unreadablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/** 400 in our JSON error shape, with the headers every API answer carries. */
function unreadablePathAnswer(request: NextRequest): NextResponse {
  const response = NextResponse.json(
    { message: "The address could not be read: it is not valid UTF-8 percent-encoding.", code: "bad_request" },
    { status: 400 },
  );
  for (const { key, value } of COMMON_SECURITY_HEADERS) response.headers.set(key, value);
  response.headers.set("content-security-policy", API_CONTENT_SECURITY_POLICY);
  response.headers.set("cache-control", "no-store");
  if (isHttps(request)) response.headers.set("strict-transport-security", STRICT_TRANSPORT_SECURITY);
  return response;
}

/**
 * Every page request gets a fresh nonce in its Content-Security-Policy; Next.js reads the policy
 * from the request headers while rendering and puts the nonce on its own scripts. The root layout
 * reads the request headers, so every page renders per request and can carry the nonce.
 */
export async function proxy(request: NextRequest) {
  if (unreadablePath(request.nextUrl.pathname)) return unreadablePathAnswer(request);
  // API paths come here only for that check (the matcher's second entry): their own headers stand.
  if (request.nextUrl.pathname.startsWith("/api/")) return NextResponse.next();
  // /setup?token= is the first-run page, only for a live one-time link; /setup without a token is the setup
  // checklist, once an account exists (the page sends signed-out users to sign in). Anything else is a real
  // 404 (a page's notFound() would come too late to change the status of a streamed answer).
  if (request.nextUrl.pathname === "/setup" && !(await setupPageIsOpen(request.nextUrl.searchParams.get("token")))) {
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
    // Every page, prefetches too (a page fetched with a prefetch header must not escape the policy): API
    // answers and built assets get their headers from next.config.ts and the route wrapper.
    // `api(?:/|$)`: /api/… answers are not pages, but /api-docs is one.
    "/((?!api(?:/|$)|_next/static|_next/image|favicon.ico).*)",
    // API paths only when they carry percent-encoding, to refuse an unreadable one (the rest never pass here).
    "/api/(.*%.*)",
  ],
};
