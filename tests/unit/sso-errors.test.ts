/** @jest-environment node */
import { providerErrorDetail } from "@/lib/auth/sso-errors";

/** next-auth's logger gets an Error or `{ error, providerId }`; the log line says why, never "[object Object]". */
class OAuthCallbackError extends Error {
  name = "OAuthCallbackError";
}
const wrapped = (message: string) => ({ error: new OAuthCallbackError(message), providerId: "oidc" });

describe("providerErrorDetail", () => {
  it.each([
    ["failed to validate JWT signature", "signature"],
    ["aud mismatch, expected flexblock, got: another-client", "audience"],
    ["unexpected iss value, expected http://127.0.0.1:4000, got: http://127.0.0.1:1/another-issuer", "issuer"],
    ["JWT expired, now 1700000000, exp 1699996400", "expiry"],
    ["JWT issued too far in the past, now 1700000000, iat 1690000000", "expiry"],
    ["nonce mismatch, expected abc-iss-aud, got: undefined", "nonce"],
    ["State cookie was missing.", "state"],
    ["PKCE code_verifier cookie was missing.", "pkce"],
    ["something else went wrong", "other"],
  ])("%s → %s", (message, reason) => {
    expect(providerErrorDetail(wrapped(message))).toEqual({ reason, detail: message, provider: "oidc" });
  });

  it("reads a bare Error, the provider's own error with its description, and anything else", () => {
    expect(providerErrorDetail(new Error("JWT expired, now 2, exp 1"))).toEqual({ reason: "expiry", detail: "JWT expired, now 2, exp 1" });
    expect(
      providerErrorDetail({ error: new Error("access_denied"), error_description: "The user cancelled.", providerId: "google" }),
    ).toEqual({ reason: "provider", detail: "access_denied: The user cancelled.", provider: "google" });
    expect(providerErrorDetail(undefined)).toEqual({ reason: "other", detail: "unknown" });
  });

  it("keeps neither the ID token an error carries nor control characters, and stays short", () => {
    const error = Object.assign(new Error(`aud mismatch\n${"x".repeat(500)}`), { jwt: "eyJhbGciOiJSUzI1NiJ9.e30.sig" });
    const { detail } = providerErrorDetail({ error, providerId: "oidc" });
    expect(detail).not.toContain("eyJ");
    expect(detail).not.toMatch(/\n/);
    expect(detail.length).toBeLessThanOrEqual(300);
  });
});
