import { route } from "@/lib/http/route.server";
import { deviceCookieHeader, type DeviceAccount } from "@/lib/auth/device-cookie.server";
import { tokenAnswer } from "@/lib/auth/answers";
import { loginBody } from "@/lib/auth/schemas";
import { login } from "@/lib/auth/service.server";
import { isHttps } from "@/lib/security/headers";

// POST /api/login: exchange a username and password for a bearer token; a success also sets the
// device cookie that gives this browser its own sign-in allowance for the account (lib/auth/throttle.server.ts)
export const POST = route({ roles: "public", body: loginBody, response: tokenAnswer }, async ({ db, body, request, address, now }) => {
  const cookies = request.headers.get("cookie");
  let signedIn: DeviceAccount | null = null;
  const token = await login(
    db,
    body,
    { address, userAgent: request.headers.get("user-agent"), cookies, onSignedIn: (account) => (signedIn = account) },
    now,
  );
  const headers = new Headers({ "content-type": "application/json" });
  if (signedIn) headers.append("set-cookie", deviceCookieHeader(cookies, signedIn, isHttps(request)));
  return new Response(JSON.stringify(token), { status: 200, headers });
});
