import type { AuthOptions } from "next-auth";
import type { Provider } from "next-auth/providers/index";
import AzureADProvider from "next-auth/providers/azure-ad";
import GoogleProvider from "next-auth/providers/google";
import { env } from "@/lib/env";

/**
 * Single sign-on through next-auth, on only for the providers a school configures. next-auth proves
 * who the person is; /api/auth/sso-token then turns that into our own session token, so every
 * other rule (roles, locks, expiry) stays in one place.
 */
export function ssoProviders(): Provider[] {
  const config = env();
  const providers: Provider[] = [];
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    providers.push(
      GoogleProvider({ clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET }),
    );
  }
  // Never without the school's own tenant (lib/env.ts refuses to start so): "common" would let any
  // Microsoft tenant assert any address.
  if (config.AZURE_AD_CLIENT_ID && config.AZURE_AD_CLIENT_SECRET && config.AZURE_AD_TENANT_ID) {
    providers.push(
      AzureADProvider({
        clientId: config.AZURE_AD_CLIENT_ID,
        clientSecret: config.AZURE_AD_CLIENT_SECRET,
        tenantId: config.AZURE_AD_TENANT_ID,
      }),
    );
  }
  if (config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET) {
    providers.push({
      id: "oidc",
      name: "School account",
      type: "oauth",
      wellKnown: `${config.OIDC_ISSUER.replace(/\/$/, "")}/.well-known/openid-configuration`,
      clientId: config.OIDC_CLIENT_ID,
      clientSecret: config.OIDC_CLIENT_SECRET,
      authorization: { params: { scope: "openid email profile" } },
      idToken: true,
      checks: ["pkce", "state"],
      profile: (profile: { sub: string; name?: string; email?: string }) => ({
        id: profile.sub,
        name: profile.name ?? profile.email ?? profile.sub,
        email: profile.email ?? null,
      }),
    });
  }
  return providers;
}

/** True when the school configured at least one provider; without one every SSO route answers 404. */
export const ssoConfigured = () => ssoProviders().length > 0;

export const SSO_NOT_CONFIGURED = "Single sign-on is not set up for this school.";

/**
 * Whether the provider vouches for the email. Google and OIDC providers send `email_verified`: it must be
 * true (an unverified, or missing, claim could be anyone's address). Microsoft Entra ID sends no such
 * claim; there the address counts only from the school's own tenant (the token's `tid`), whose
 * addresses the school administers.
 */
export function emailVerified(
  profile: unknown,
  provider?: string | null,
  tenantId = env().AZURE_AD_TENANT_ID,
): boolean {
  if (!profile || typeof profile !== "object") return false;
  if ("email_verified" in profile) {
    const value = (profile as { email_verified: unknown }).email_verified;
    return value === true || value === "true";
  }
  if (provider !== "azure-ad" || !tenantId) return false;
  const tid = (profile as { tid?: unknown }).tid;
  return typeof tid === "string" && tid.toLowerCase() === tenantId.toLowerCase();
}

/**
 * The claims of the ID token the provider's token endpoint sent us (over TLS, with our client secret: its
 * issuer is the endpoint we called). next-auth's Microsoft provider reads the profile from Microsoft's
 * userinfo, which has no `tid`; the tenant is read from here.
 */
export function idTokenClaims(idToken: string | undefined | null): Record<string, unknown> {
  const payload = idToken?.split(".")[1];
  if (!payload) return {};
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return claims && typeof claims === "object" ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** After sign-in: only a path of this site (compared by origin, so `https://school.example.evil` is not one). */
export function sameSiteRedirect(url: string, baseUrl: string): string {
  const fallback = `${baseUrl}/login?sso=1`;
  if (/[\u0000-\u001f\\]/.test(url)) return fallback;
  try {
    const base = new URL(baseUrl);
    const target = new URL(url, base);
    return target.origin === base.origin ? target.toString() : fallback;
  } catch {
    return fallback;
  }
}

export function ssoOptions(): AuthOptions {
  return {
    providers: ssoProviders(),
    secret: env().NEXTAUTH_SECRET,
    session: { strategy: "jwt", maxAge: 10 * 60 },
    pages: { signIn: "/login", error: "/login" },
    callbacks: {
      // Only people who already have an account may finish; the email is the link between the two,
      // so it must be one the provider has verified.
      signIn: ({ user, account, profile }) =>
        Boolean(user.email) && emailVerified(profile, account?.provider),
      redirect: ({ url, baseUrl }) => sameSiteRedirect(url, baseUrl),
    },
  };
}
