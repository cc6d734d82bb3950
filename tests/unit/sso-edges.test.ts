/** @jest-environment node */
import { sameOriginPath } from "@/lib/auth/redirect";
import { providerErrorDetail } from "@/lib/auth/sso-errors";
import { identityFromClaims } from "@/lib/auth/sso-identity";

// The edges of single sign-on's pure rules: where a person may be sent, what a provider's failure
// logs, and which claims are kept.

const origin = "https://school.example";

describe("where a person may be sent after signing in", () => {
  it("refuses a control character even where the URL parser would drop it", () => {
    expect(sameOriginPath("/check\tin", origin)).toBeNull();
    expect(sameOriginPath("/check-in", origin)).toBe("/check-in");
  });

  it("refuses a path that normalizes to a protocol-relative one", () => {
    expect(sameOriginPath("/.//evil.example", origin)).toBeNull();
    expect(sameOriginPath("/staff//", origin)).toBe("/staff//");
  });
});

describe("a provider's failure in the server log", () => {
  it("a plain message, its control characters one space, trimmed", () => {
    expect(providerErrorDetail("  bad\u0000\u0001thing\n ")).toMatchObject({ detail: "bad thing" });
    expect(providerErrorDetail(new Error("state mismatch"))).toMatchObject({ detail: "state mismatch" });
    expect(providerErrorDetail(42)).toMatchObject({ detail: "unknown" });
  });

  it("an error object's provider is named, cut to 40 characters; an Error is not read as one", () => {
    expect(providerErrorDetail({ error: "boom", providerId: "p".repeat(50) })).toMatchObject({ detail: "boom", provider: "p".repeat(40) });
    expect(providerErrorDetail({ message: "from message", providerId: 7 })).not.toHaveProperty("provider");
    expect(providerErrorDetail({ message: "from message" })).toMatchObject({ detail: "from message" });
    const error = Object.assign(new Error("kept"), { providerId: "oidc" });
    expect(providerErrorDetail(error)).toEqual(expect.objectContaining({ detail: "kept" }));
    expect(providerErrorDetail(error)).not.toHaveProperty("provider");
  });
});

describe("the claims kept from a provider", () => {
  it("blank values are none, others trimmed; a subject is needed", () => {
    expect(identityFromClaims("google", { sub: "   " })).toBeNull();
    expect(identityFromClaims("google", { sub: " 123 ", name: "  " })).toMatchObject({ subject: "123", name: null });
  });

  it("an OpenID subject is qualified by its issuer only when there is one", () => {
    expect(identityFromClaims("oidc", { sub: "7", iss: "https://id.example.org" })?.subject).toBe("https://id.example.org|7");
    expect(identityFromClaims("oidc", { sub: "7" })?.subject).toBe("7");
    expect(identityFromClaims("google", { sub: "7", iss: "https://accounts.google.com" })?.subject).toBe("7");
  });

  it("keeps at most 40 other claims, each at most 200 characters", () => {
    const many = Object.fromEntries(Array.from({ length: 45 }, (_, i) => [`c${i}`, "x"]));
    expect(Object.keys(identityFromClaims("google", { sub: "1", ...many })!.claims)).toHaveLength(40);
    const sized = identityFromClaims("google", { sub: "1", fits: "y".repeat(200), long: "y".repeat(201) })!.claims;
    expect(Object.keys(sized)).toEqual(["fits"]);
  });
});
