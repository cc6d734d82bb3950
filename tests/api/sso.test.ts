/** @jest-environment node */
import { GET as nextAuthGet, POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";
import { POST as ssoToken } from "@/app/api/auth/sso-token/route";
import { useTestDb } from "../helpers/db";
import { call } from "../helpers/http";

useTestDb();

/** next-auth's catch-all takes its path segments as an array. */
const nextAuth = (handler: typeof nextAuthGet, ...segments: string[]) =>
  ((request: Request) => handler(request, { params: Promise.resolve({ nextauth: segments }) })) as Parameters<
    typeof call
  >[0];

describe("single sign-on with no provider configured", () => {
  it.each([
    ["GET", "providers"],
    ["GET", "session"],
    ["GET", "csrf"],
    ["POST", "signin/google"],
    ["GET", "callback/oidc"],
  ])("%s /api/auth/%s answers 404 in the JSON error shape", async (method, path) => {
    const handler = nextAuth(method === "GET" ? nextAuthGet : nextAuthPost, ...path.split("/"));
    const res = await call(handler, {
      path: `/api/auth/${path}`,
      ...(method === "POST" ? { body: {} } : {}),
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      message: "Single sign-on is not set up for this school.",
      code: "sso_not_configured",
    });
  });

  it("POST /api/auth/sso-token answers 404 in the JSON error shape", async () => {
    const res = await call(ssoToken, { body: {} });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      message: "Single sign-on is not set up for this school.",
      code: "sso_not_configured",
    });
  });
});
