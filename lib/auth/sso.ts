import type { AuthOptions } from "next-auth";
import type { Profile } from "next-auth";
import type { UserinfoEndpointHandler } from "next-auth/providers/oauth";
import type { TokenSet } from "openid-client";
import type { Provider } from "next-auth/providers/index";
import AzureADProvider from "next-auth/providers/azure-ad";
import GoogleProvider from "next-auth/providers/google";
import { getToken } from "next-auth/jwt";
import { env } from "@/lib/core/env.server";
import { log } from "@/lib/core/log.server";
import { providerErrorDetail } from "./sso-errors";
import { accountPrompt, identityFromClaims, type SsoIdentity, type SsoProviderId } from "./sso-identity";
import { sameOriginPath } from "./redirect";

/**
 * Single sign-on through next-auth, on only for the providers a school configures. next-auth proves
 * who the person is; /api/auth/sso-token then turns that into our own session token, so every
 * other rule (roles, locks, expiry) stays in one place.
 */
/**
 * Claims for every provider: the ID token's, validated by openid-client (issuer, audience, signature,
 * expiry), completed from the userinfo endpoint when the token lacks the email. The standard allows a
 * provider to send claims only from userinfo (oidc-provider's default); openid-client checks that the
 * userinfo's `sub` is the token's.
 */
const claimsWithUserinfo: UserinfoEndpointHandler = {
  async request({ tokens, client }) {
    // With idToken set, next-auth hands over openid-client's TokenSet (typed as its plain parameters).
    const tokenSet = tokens as TokenSet;
    const claims: Record<string, unknown> = { ...tokenSet.claims() };
    if (!claims.email && tokenSet.access_token) Object.assign(claims, await client.userinfo(tokenSet), { sub: claims.sub });
    return claims as Profile;
  },
};

/** next-auth's own user object; the identity itself travels in the JWT (see ssoOptions' jwt callback). */
const userFrom = (claims: { sub: string; name?: string; email?: string }) => ({
  id: claims.sub,
  name: claims.name ?? claims.email ?? claims.sub,
  email: claims.email ?? null,
});

/**
 * Every provider step sends and checks a nonce besides PKCE and state: openid-client then refuses an ID
 * token without this step's nonce (one replayed from another sign-in, or minted without the request).
 */
const common = {
  idToken: true,
  checks: ["pkce", "state", "nonce"] as ("pkce" | "state" | "nonce")[],
  userinfo: claimsWithUserinfo,
  profile: userFrom,
};

/** The providers the school configured; `askForAccount` adds the OpenID prompt to choose or re-enter the account. */
export function ssoProviders(askForAccount = false): Provider[] {
  const prompt = (provider: SsoProviderId) => (askForAccount ? { prompt: accountPrompt(provider) } : {});
  const config = env();
  const providers: Provider[] = [];
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    const domains = googleDomains();
    providers.push(
      GoogleProvider({
        clientId: config.GOOGLE_CLIENT_ID,
        clientSecret: config.GOOGLE_CLIENT_SECRET,
        // With one domain, Google's chooser offers only that Workspace's accounts; the check is ours anyway.
        authorization: { params: { scope: "openid email profile", ...prompt("google"), ...(domains.length === 1 ? { hd: domains[0] } : {}) } },
        ...common,
      }),
    );
  }
  // Never without the school's own tenant (lib/core/env.server.ts refuses to start so): "common" would let any
  // Microsoft tenant assert any address.
  if (config.AZURE_AD_CLIENT_ID && config.AZURE_AD_CLIENT_SECRET && config.AZURE_AD_TENANT_ID) {
    providers.push(
      AzureADProvider({
        clientId: config.AZURE_AD_CLIENT_ID,
        clientSecret: config.AZURE_AD_CLIENT_SECRET,
        tenantId: config.AZURE_AD_TENANT_ID,
        name: "Microsoft",
        authorization: { params: { scope: "openid profile email", ...prompt("azure-ad") } },
        ...common,
      }),
    );
  }
  if (config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET) {
    providers.push({
      id: "oidc",
      name: config.OIDC_NAME,
      type: "oauth",
      wellKnown: `${config.OIDC_ISSUER.replace(/\/$/, "")}/.well-known/openid-configuration`,
      clientId: config.OIDC_CLIENT_ID,
      clientSecret: config.OIDC_CLIENT_SECRET,
      authorization: { params: { scope: "openid email profile", ...prompt("oidc") } },
      ...common,
    });
  }
  return providers;
}

/** GOOGLE_WORKSPACE_DOMAINS as a list, lower-cased. */
export const googleDomains = () =>
  (env().GOOGLE_WORKSPACE_DOMAINS ?? "")
    .split(",")
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);

/** True when the school configured at least one provider; without one every SSO route answers 404. */
export const ssoConfigured = () => ssoProviders().length > 0;

export const SSO_NOT_CONFIGURED = "Single sign-on is not set up for this school.";

/** After the provider: only a path of this site, else the login screen's exchange (lib/auth/redirect.ts). */
export function sameSiteRedirect(url: string, baseUrl: string): string {
  const path = sameOriginPath(url, baseUrl);
  return `${baseUrl}${path ?? "/login?sso=1"}`;
}

/** next-auth's options; `askForAccount` for the sign-in step that must ask (lib/auth/sso-prompt.server.ts). */
export function ssoOptions({ askForAccount = false }: { askForAccount?: boolean } = {}): AuthOptions {
  return {
    providers: ssoProviders(askForAccount),
    secret: env().NEXTAUTH_SECRET,
    session: { strategy: "jwt", maxAge: 10 * 60 },
    pages: { signIn: "/login", error: "/login" },
    // The provider step's failures (a forged or expired token, a spent state) go to the server log with
    // their reason, so IT can see why a sign-in did not finish; the person is sent to the login screen with ?error=.
    logger: {
      error: (code, metadata) => log.warn({ event: "sso.provider_error", code, ...providerErrorDetail(metadata) }, "single sign-on did not finish"),
      warn: (code) => log.warn({ event: "sso.provider_warning", code }, "single sign-on warning"),
      debug: () => undefined,
    },
    callbacks: {
      // next-auth proves who the person is; whether they may sign in, and as whom, is decided when the
      // login screen exchanges this for our own session (POST /api/auth/sso-token), where it can be said
      // in words and logged. Without a subject there is nothing to decide on.
      signIn: ({ account, profile }) =>
        Boolean(account && profile && identityFromClaims(account.provider as SsoProviderId, profile as Record<string, unknown>)),
      jwt: ({ token, account, profile }) => {
        if (account && profile) {
          const identity = identityFromClaims(account.provider as SsoProviderId, profile as Record<string, unknown>);
          token.identity = identity && { ...identity, authenticatedAt: Date.now() };
        }
        return token;
      },
      redirect: ({ url, baseUrl }) => sameSiteRedirect(url, baseUrl),
    },
  };
}

const secureCookies = () => env().NEXTAUTH_URL?.startsWith("https://") ?? false;

/** next-auth's session cookie, the carrier of a finished provider step (chunked as .0, .1 … when long). */
const sessionCookie = () => (secureCookies() ? "__Secure-next-auth.session-token" : "next-auth.session-token");

/**
 * Set-Cookie values that clear the provider step's proof once it is exchanged (or refused), chunks
 * included. A `__Secure-` cookie is only cleared by a Set-Cookie that says Secure too.
 */
export function clearSsoCookies(): string[] {
  const secure = secureCookies();
  const name = sessionCookie();
  return [name, `${name}.0`, `${name}.1`, `${name}.2`].map(
    (cookie) => `${cookie}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
  );
}

/** A request's cookies by name, as sent (next-auth reads its own encoded values as they are). */
export function cookiesOf(request: Request): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const pair of (request.headers.get("cookie") ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at > 0) cookies[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return cookies;
}

/** The identity a finished provider step left in next-auth's encrypted, 10-minute cookie; null without one. */
export async function ssoIdentityOf(request: Request): Promise<SsoIdentity | null> {
  const cookies = cookiesOf(request);
  const token = await getToken({
    req: { cookies, headers: request.headers } as unknown as Parameters<typeof getToken>[0]["req"],
    secret: env().NEXTAUTH_SECRET,
    cookieName: sessionCookie(),
    secureCookie: secureCookies(),
  });
  const identity = token?.identity;
  return identity && typeof identity === "object" && "subject" in identity ? (identity as SsoIdentity) : null;
}
