import { identityFromClaims, identityRefusal, type SsoIdentity } from "@/lib/auth/sso-identity";
import { sameOriginPath } from "@/lib/auth/redirect";

const rules = { googleDomains: ["school.example", "students.school.example"], azureTenant: "0f6b1e7c-5d2a-4c1b-9a57-2b7e0c8d1f23" };
const google = (claims: Record<string, unknown>) => identityFromClaims("google", { sub: "g-1", ...claims }) as SsoIdentity;
const entra = (claims: Record<string, unknown>) => identityFromClaims("azure-ad", { sub: "per-app", oid: "o-1", ...claims });
const oidc = (claims: Record<string, unknown>) => identityFromClaims("oidc", { sub: "s-1", ...claims }) as SsoIdentity;

describe("what a provider's claims say about a person", () => {
  it("keys Microsoft accounts on tenant and object id, others on sub, and lower-cases the email", () => {
    expect(entra({ tid: "T-1", email: "A@School.Example" })).toMatchObject({ subject: "t-1:o-1", email: "a@school.example" });
    expect(entra({ email: "a@school.example" })).toBeNull();
    expect(oidc({ email: "B@x.example" })).toMatchObject({ subject: "s-1", email: "b@x.example", emailVerified: null });
    expect(identityFromClaims("oidc", { email: "b@x.example" })).toBeNull();
    // Entra's sign-in name stands in for a missing email (the school's tenant administers both).
    expect(entra({ tid: "t", preferred_username: "c@school.example" })?.email).toBe("c@school.example");
  });

  it("keys an OpenID provider's subject by its issuer, and folds only ASCII letters of an email", () => {
    expect(oidc({ iss: "https://idp.example", email: "A@x.example" }).subject).toBe("https://idp.example|s-1");
    // The Kelvin sign (U+212A) lower-cases to "k" in full Unicode: it must not become kate@…
    expect(oidc({ email: "\u212Aate@school.example" }).email).toBe("\u212Aate@school.example");
  });

  it("keeps short claims a school may name for the SIS identifier, never the token's own", () => {
    const identity = oidc({ employee_id: 12345, student_id: "S-9", nonce: "n", long: "x".repeat(201), nested: { a: 1 } });
    expect(identity.claims).toEqual({ employee_id: "12345", student_id: "S-9" });
  });
});

describe("whether the provider vouches for the person", () => {
  it("takes Google accounts only of the school's Workspace domains, with a verified email", () => {
    expect(identityRefusal(google({ email: "t@school.example", email_verified: true, hd: "school.example" }), rules)).toBeNull();
    expect(identityRefusal(google({ email: "s@students.school.example", email_verified: true, hd: "students.school.example" }), rules)).toBeNull();
    expect(identityRefusal(google({ email: "jo@gmail.example", email_verified: true }), rules)).toBe("wrong_domain");
    expect(identityRefusal(google({ email: "t@school.example", email_verified: true }), rules)).toBe("wrong_domain");
    expect(identityRefusal(google({ email: "t@other.example", email_verified: true, hd: "other.example" }), rules)).toBe("wrong_domain");
    expect(identityRefusal(google({ email: "t@school.example", email_verified: false, hd: "school.example" }), rules)).toBe("unverified_email");
  });

  it("refuses the tenant's guests (another organisation's or a personal account invited in)", () => {
    expect(identityRefusal(entra({ tid: rules.azureTenant, email: "t@school.example", idp: "live.com" })!, rules)).toBe("wrong_tenant");
    expect(identityRefusal(entra({ tid: rules.azureTenant, email: "t@school.example", acct: 1 })!, rules)).toBe("wrong_tenant");
    expect(identityRefusal(entra({ tid: rules.azureTenant, email: "t@school.example", acct: 0 })!, rules)).toBeNull();
  });

  it("takes Microsoft accounts only of the school's own tenant", () => {
    expect(identityRefusal(entra({ tid: rules.azureTenant, email: "t@school.example" })!, rules)).toBeNull();
    expect(identityRefusal(entra({ tid: "another-tenant", email: "admin@school.example" })!, rules)).toBe("wrong_tenant");
    expect(identityRefusal(entra({ tid: rules.azureTenant, email: "t@school.example" })!, { ...rules, azureTenant: null })).toBe("wrong_tenant");
  });

  it("takes other providers' emails only when marked verified", () => {
    expect(identityRefusal(oidc({ email: "a@x.example", email_verified: true }), rules)).toBeNull();
    expect(identityRefusal(oidc({ email: "a@x.example", email_verified: "true" }), rules)).toBeNull();
    expect(identityRefusal(oidc({ email: "a@x.example" }), rules)).toBe("unverified_email");
    expect(identityRefusal(oidc({ email: "a@x.example", email_verified: "false" }), rules)).toBe("unverified_email");
    expect(identityRefusal(oidc({}), rules)).toBe("no_email");
  });
});

describe("redirects after sign-in", () => {
  const origin = "http://flexblock.test";
  it("keep paths of this site", () => {
    expect(sameOriginPath("/staff/3?date=2026-03-02#x", origin)).toBe("/staff/3?date=2026-03-02#x");
    expect(sameOriginPath("http://flexblock.test/login?sso=1", origin)).toBe("/login?sso=1");
  });
  it.each([
    "http://flexblock.test.evil.example/",
    "//evil.example/x",
    "https://evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/%09/evil.example".replace("%09", "\u0009"),
    "http://flexblock.test@evil.example/",
    "javascript:alert(1)",
    "",
  ])("refuse %j", (value) => {
    expect(sameOriginPath(value, origin)).toBeNull();
  });
});
