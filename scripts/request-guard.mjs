// What the app's server (scripts/server.mjs) does to every request before Next.js sees it; apart so a test
// can put it in front of a plain node:http server (tests/unit/request-guard.test.ts).
const UNSUPPORTED = new Set(["TRACE", "TRACK"]);
const ALLOW = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";

/**
 * Stamps the request with its socket's address under `peerHeader`, over any copy a client sent (route
 * handlers get no socket; lib/api/client-address.ts reads this header), or answers TRACE and TRACK with 405
 * (a Web Request cannot carry those methods, so Next.js would fail on them with a 500). True when it
 * answered the request itself.
 */
export function guardRequest(request, response, peerHeader) {
  if (UNSUPPORTED.has(request.method)) {
    const body = JSON.stringify({ message: "That method is not allowed.", code: "method_not_allowed" });
    response.writeHead(405, {
      allow: ALLOW,
      "content-type": "application/json",
      "cache-control": "no-store",
    });
    response.end(body);
    request.resume();
    return true;
  }
  request.headers[peerHeader] = request.socket.remoteAddress ?? "";
  return false;
}
