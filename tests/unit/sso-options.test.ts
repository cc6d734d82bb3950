/** @jest-environment node */
import { encode } from "next-auth/jwt";
import { resetEnvCache } from "@/lib/core/env.server";
import {
  clearSsoCookies,
  cookiesOf,
  googleDomains,
  sameSiteRedirect,
  ssoConfigured,
  ssoIdentityOf,
  ssoOptions,
  ssoProviders,
} from "@/lib/auth/sso";

// Single sign-on's next-auth wiring: which providers a school's environment turns on, where a finished
// provider step may send the person, and the cookies that carry (and clear) the step's proof.

const SSO_ENV = [
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "GOOGLE_WORKSPACE_DOMAINS",
  "AZURE_AD_CLIENT_ID",
  "AZURE_AD_CLIENT_SECRET",
  "AZURE_AD_TENANT_ID",
  "OIDC_ISSUER",
  "OIDC_CLIENT_ID",
  "OIDC_CLIENT_SECRET",
  "OIDC_NAME",
  "NEXTAUTH_URL",
  "NEXTAUTH_SECRET",
];
const saved = Object.fromEntries(SSO_ENV.map((name) => [name, process.env[name]]));

function withEnv(values: Record<string, string>) {
  for (const name of SSO_ENV) delete process.env[name];
  Object.assign(process.env, values);
  resetEnvCache();
}

afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
});

const google = { GOOGLE_CLIENT_ID: "g-id", GOOGLE_CLIENT_SECRET: "g-secret", GOOGLE_WORKSPACE_DOMAINS: " CedarRidge.ca " };
const azure = { AZURE_AD_CLIENT_ID: "a-id", AZURE_AD_CLIENT_SECRET: "a-secret", AZURE_AD_TENANT_ID: "0f6b1e7c-5d2a-4c1b-9a57-2b7e0c8d1f23" };
const oidc = { OIDC_ISSUER: "https://id.example.org/", OIDC_CLIENT_ID: "o-id", OIDC_CLIENT_SECRET: "o-secret" };
type Authorized = { authorization: { params: Record<string, string> } };
/** next-auth's built-in providers keep their settings under `options`; the generic OIDC one is written out. */
const params = (provider: unknown) => ((provider as { options?: Authorized }).options ?? (provider as Authorized)).authorization.params;

describe("the providers a school turns on", () => {
  it("none without configuration", () => {
    withEnv({});
    expect(ssoProviders()).toEqual([]);
    expect(ssoConfigured()).toBe(false);
  });

  it("each provider only with all of its settings", () => {
    withEnv({ GOOGLE_CLIENT_ID: "g-id", GOOGLE_WORKSPACE_DOMAINS: "cedarridge.ca", OIDC_ISSUER: "https://id.example.org", OIDC_CLIENT_ID: "o-id" });
    expect(ssoProviders()).toEqual([]);
    withEnv({ OIDC_ISSUER: "https://id.example.org", OIDC_CLIENT_SECRET: "o-secret" });
    expect(ssoProviders()).toEqual([]);
    withEnv({ ...google, ...azure, ...oidc });
    expect(ssoProviders().map((provider) => provider.id)).toEqual(["google", "azure-ad", "oidc"]);
    expect(ssoConfigured()).toBe(true);
  });

  it("Google: one Workspace domain is passed as the hint; several are not", () => {
    withEnv(google);
    expect(googleDomains()).toEqual(["cedarridge.ca"]);
    expect(params(ssoProviders()[0])).toEqual({ scope: "openid email profile", hd: "cedarridge.ca" });
    withEnv({ ...google, GOOGLE_WORKSPACE_DOMAINS: "cedarridge.ca, Students.CedarRidge.ca" });
    expect(googleDomains()).toEqual(["cedarridge.ca", "students.cedarridge.ca"]);
    expect(params(ssoProviders()[0])).toEqual({ scope: "openid email profile" });
  });

  it("asking for the account adds each provider's own prompt", () => {
    withEnv({ ...google, ...oidc });
    const [g, o] = ssoProviders(true);
    expect(params(g).prompt).toBe("select_account");
    expect(params(o)).toEqual({ scope: "openid email profile", prompt: "login" });
    expect(params(ssoProviders(false)[1])).not.toHaveProperty("prompt");
  });

  it("a generic OIDC provider is found at its issuer's well-known address, under the school's name for it", () => {
    withEnv({ ...oidc, OIDC_NAME: "Cedar Ridge ID" });
    const [provider] = ssoProviders() as unknown as { wellKnown: string; name: string; checks: string[]; idToken: boolean }[];
    expect(provider.wellKnown).toBe("https://id.example.org/.well-known/openid-configuration");
    expect(provider.name).toBe("Cedar Ridge ID");
    expect(provider.checks).toEqual(["pkce", "state", "nonce"]);
    expect(provider.idToken).toBe(true);
  });
});

describe("after the provider step", () => {
  it("only a path of this site, else the login screen's exchange", () => {
    expect(sameSiteRedirect("/check-in?x=1", "https://school.example")).toBe("https://school.example/check-in?x=1");
    expect(sameSiteRedirect("https://evil.example/", "https://school.example")).toBe("https://school.example/login?sso=1");
    const { callbacks } = ssoOptions();
    expect(callbacks!.redirect!({ url: "//evil.example", baseUrl: "https://school.example" })).toBe("https://school.example/login?sso=1");
  });

  it("signs in only with a profile that names a subject, and keeps the identity in the token", async () => {
    withEnv(oidc);
    const { callbacks, session, pages } = ssoOptions();
    expect(session).toEqual({ strategy: "jwt", maxAge: 600 });
    expect(pages).toEqual({ signIn: "/login", error: "/login" });
    const account = { provider: "oidc", type: "oauth", providerAccountId: "s1" } as never;
    expect(await callbacks!.signIn!({ account, profile: { sub: "s1", email: "a@b.c" } } as never)).toBe(true);
    expect(await callbacks!.signIn!({ account, profile: {} } as never)).toBe(false);
    expect(await callbacks!.signIn!({ account: null, profile: { sub: "s1" } } as never)).toBe(false);
    const token = (await callbacks!.jwt!({ token: {}, account, profile: { sub: "s1", email: "a@b.c" } } as never)) as { identity?: object };
    expect(token.identity).toMatchObject({ subject: "s1", authenticatedAt: expect.any(Number) });
    expect(await callbacks!.jwt!({ token: { kept: 1 } } as never)).toEqual({ kept: 1 });
    expect(await callbacks!.jwt!({ token: { kept: 1 }, account } as never)).toEqual({ kept: 1 });
  });
});

describe("the provider step's cookies", () => {
  it("are cleared with their chunks, Secure on an https site", () => {
    withEnv({ NEXTAUTH_URL: "https://school.example" });
    const secure = clearSsoCookies();
    expect(secure).toHaveLength(4);
    expect(secure[0]).toBe("__Secure-next-auth.session-token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure");
    expect(secure[3]).toMatch(/^__Secure-next-auth\.session-token\.2=;/);
    withEnv({ NEXTAUTH_URL: "http://localhost:3000" });
    expect(clearSsoCookies()[1]).toBe("next-auth.session-token.0=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
    withEnv({});
    expect(clearSsoCookies()[0]).toMatch(/^next-auth\.session-token=;/);
  });

  it("are read by name as sent", () => {
    const request = new Request("https://school.example/", { headers: { cookie: "a=1; next-auth.session-token=x=y ;=z; bare" } });
    expect(cookiesOf(request)).toEqual({ a: "1", "next-auth.session-token": "x=y" });
    expect(cookiesOf(new Request("https://school.example/"))).toEqual({});
  });
});

describe("the provider's claims", () => {
  type Claimed = {
    profile: (claims: object) => object;
    userinfo: { request: (context: object) => Promise<Record<string, unknown>> };
  };
  const provider = () => {
    withEnv(oidc);
    return ssoProviders()[0] as unknown as Claimed;
  };

  it("next-auth's user is named by the name, else the email, else the subject", () => {
    const { profile } = provider();
    expect(profile({ sub: "s1", name: "Maya", email: "m@x.org" })).toEqual({ id: "s1", name: "Maya", email: "m@x.org" });
    expect(profile({ sub: "s1", email: "m@x.org" })).toEqual({ id: "s1", name: "m@x.org", email: "m@x.org" });
    expect(profile({ sub: "s1" })).toEqual({ id: "s1", name: "s1", email: null });
  });

  it("the ID token's claims, completed from userinfo only when they lack the email, keeping the token's subject", async () => {
    const { userinfo } = provider();
    const asked: unknown[] = [];
    const client = { userinfo: async (tokens: unknown) => (asked.push(tokens), { email: "m@x.org", sub: "other", name: "Maya" }) };
    const tokens = (claims: object, access_token?: string) => ({ claims: () => claims, access_token });
    expect(await userinfo.request({ tokens: tokens({ sub: "s1", email: "a@x.org" }, "at"), client })).toEqual({ sub: "s1", email: "a@x.org" });
    expect(asked).toEqual([]);
    expect(await userinfo.request({ tokens: tokens({ sub: "s1" }), client })).toEqual({ sub: "s1" });
    expect(await userinfo.request({ tokens: tokens({ sub: "s1" }, "at"), client })).toEqual({ sub: "s1", email: "m@x.org", name: "Maya" });
    expect(asked).toHaveLength(1);
  });
});

describe("the identity a finished provider step left", () => {
  const secret = "a-test-secret-of-enough-length";
  const requestWith = async (token: Record<string, unknown>) =>
    new Request("http://localhost:3000/", { headers: { cookie: `next-auth.session-token=${await encode({ token, secret })}` } });

  it("is read from next-auth's cookie; anything else there is no identity", async () => {
    withEnv({ NEXTAUTH_SECRET: secret, NEXTAUTH_URL: "http://localhost:3000" });
    const identity = { provider: "oidc", subject: "s1", email: "m@x.org" };
    expect(await ssoIdentityOf(await requestWith({ identity }))).toEqual(identity);
    expect(await ssoIdentityOf(await requestWith({ identity: { provider: "oidc" } }))).toBeNull();
    expect(await ssoIdentityOf(await requestWith({ identity: "s1" }))).toBeNull();
    expect(await ssoIdentityOf(await requestWith({}))).toBeNull();
    expect(await ssoIdentityOf(new Request("http://localhost:3000/"))).toBeNull();
  });
});
