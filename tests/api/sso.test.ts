/** @jest-environment node */
import { GET as nextAuthGet, POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";
import { POST as ssoToken } from "@/app/api/auth/sso-token/route";
import { emailVerified, ssoOptions } from "@/lib/auth/sso";
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
    const res = await call(handler, { path: `/api/auth/${path}`, ...(method === "POST" ? { body: {} } : {}) });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Single sign-on is not set up for this school.", code: "sso_not_configured" });
  });

  it("POST /api/auth/sso-token answers 404 in the JSON error shape", async () => {
    const res = await call(ssoToken, { body: {} });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Single sign-on is not set up for this school.", code: "sso_not_configured" });
  });
});

describe("the provider's email", () => {
  it("must be verified where the provider says whether it is", () => {
    expect(emailVerified({ email: "a@school.example", email_verified: true })).toBe(true);
    expect(emailVerified({ email: "a@school.example", email_verified: "true" })).toBe(true);
    expect(emailVerified({ email: "a@school.example", email_verified: false })).toBe(false);
    expect(emailVerified({ email: "a@school.example", email_verified: "false" })).toBe(false);
    expect(emailVerified({ email: "a@school.example", email_verified: null })).toBe(false);
    // Microsoft Entra ID sends no such claim: its addresses belong to the tenant.
    expect(emailVerified({ email: "a@school.example" })).toBe(true);
  });

  it("ends the sign-in when the email is missing or unverified", async () => {
    const signIn = ssoOptions().callbacks!.signIn!;
    const user = { id: "1", email: "teacher@school.example" };
    const attempt = (profile: object, email: string | null = user.email) =>
      signIn({ user: { ...user, email }, account: null, profile } as Parameters<typeof signIn>[0]);
    expect(await attempt({ email_verified: true })).toBe(true);
    expect(await attempt({ email_verified: false })).toBe(false);
    expect(await attempt({})).toBe(true);
    expect(await attempt({ email_verified: true }, null)).toBe(false);
  });
});
