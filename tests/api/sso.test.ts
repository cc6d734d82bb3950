/** @jest-environment node */
import { GET as nextAuthGet, POST as nextAuthPost } from "@/app/api/auth/[...nextauth]/route";
import { POST as ssoToken } from "@/app/api/auth/sso-token/route";
import { emailVerified, idTokenClaims, sameSiteRedirect, ssoOptions } from "@/lib/auth/sso";
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

describe("the provider's email", () => {
  it("must be verified where the provider says whether it is", () => {
    expect(emailVerified({ email: "a@school.example", email_verified: true })).toBe(true);
    expect(emailVerified({ email: "a@school.example", email_verified: "true" })).toBe(true);
    expect(emailVerified({ email: "a@school.example", email_verified: false })).toBe(false);
    expect(emailVerified({ email: "a@school.example", email_verified: "false" })).toBe(false);
    expect(emailVerified({ email: "a@school.example", email_verified: null })).toBe(false);
    // A missing claim is no proof, except from the school's own Microsoft Entra tenant.
    expect(emailVerified({ email: "a@school.example" })).toBe(false);
    expect(emailVerified({ email: "a@school.example" }, "oidc", "tenant-1")).toBe(false);
    expect(emailVerified({ email: "a@school.example", tid: "TENANT-1" }, "azure-ad", "tenant-1")).toBe(true);
    expect(emailVerified({ email: "admin@demo.school", tid: "other" }, "azure-ad", "tenant-1")).toBe(false);
    expect(emailVerified({ email: "admin@demo.school", tid: "tenant-1" }, "azure-ad", undefined)).toBe(false);
    expect(emailVerified(null)).toBe(false);
  });

  it("sends the browser only to this site after sign-in", () => {
    const base = "http://flexblock.test";
    expect(sameSiteRedirect("http://flexblock.test/login?sso=1&from=%2Fstaff", base)).toBe(
      "http://flexblock.test/login?sso=1&from=%2Fstaff",
    );
    expect(sameSiteRedirect("/login?sso=1", base)).toBe("http://flexblock.test/login?sso=1");
    for (const evil of [
      "http://flexblock.test.evil.example/",
      "//evil.example/x",
      "https://evil.example",
      "/\\evil.example",
      "http://flexblock.test@evil.example/",
      "javascript:alert(1)",
    ]) {
      expect(sameSiteRedirect(evil, base)).toBe("http://flexblock.test/login?sso=1");
    }
  });

  it("ends the sign-in when the email is missing or unverified", async () => {
    const signIn = ssoOptions().callbacks!.signIn!;
    const user = { id: "1", email: "teacher@school.example" };
    const attempt = (profile: object, email: string | null = user.email) =>
      signIn({ user: { ...user, email }, account: null, profile } as Parameters<typeof signIn>[0]);
    expect(await attempt({ email_verified: true })).toBe(true);
    expect(await attempt({ email_verified: false })).toBe(false);
    expect(await attempt({})).toBe(false);
    expect(await attempt({ email_verified: true }, null)).toBe(false);
  });

  it("reads a Microsoft account's tenant from the ID token, since Microsoft's userinfo has none", async () => {
    const signIn = ssoOptions().callbacks!.signIn!;
    const idToken = (claims: object) =>
      ["e30", Buffer.from(JSON.stringify(claims)).toString("base64url"), "c2ln"].join(".");
    const userinfo = { sub: "abc", name: "Tess Teacher", email: "teacher@school.example" };
    const attempt = (claims: object) =>
      signIn({
        user: { id: "abc", email: userinfo.email },
        account: { provider: "azure-ad", type: "oauth", providerAccountId: "abc", id_token: idToken(claims) },
        profile: userinfo,
      } as Parameters<typeof signIn>[0]);
    expect(idTokenClaims(idToken({ tid: "t-1", oid: "o" })).tid).toBe("t-1");
    expect(idTokenClaims("not a token")).toEqual({});
    expect(idTokenClaims(undefined)).toEqual({});
    expect(
      emailVerified({ ...userinfo, tid: idTokenClaims(idToken({ tid: "T-1" })).tid }, "azure-ad", "t-1"),
    ).toBe(true);
    expect(
      emailVerified({ ...userinfo, tid: idTokenClaims(idToken({ tid: "other" })).tid }, "azure-ad", "t-1"),
    ).toBe(false);
    // Without a configured tenant (this test's environment has none) no Microsoft token is taken.
    expect(await attempt({ tid: "t-1" })).toBe(false);
  });
});
