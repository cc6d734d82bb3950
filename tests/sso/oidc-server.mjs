/**
 * A real, standards-compliant OpenID provider for the tests (oidc-provider, panva), on loopback.
 *
 *   node tests/sso/oidc-server.mjs            (environment below; prints "listening <issuer>" when ready)
 *
 * OIDC_TEST_PORT       port (0: any free one; the issuer printed tells which)
 * OIDC_TEST_MODE       "userinfo" (the provider's default: with the code flow the ID token carries only
 *                      `sub`; email, name and the rest come from the userinfo endpoint) or "id-token"
 *                      (the claims are in the ID token too)
 * OIDC_TEST_REDIRECT   the client's redirect URI (Flexblock's /api/auth/callback/oidc)
 * OIDC_TEST_ACCOUNTS   JSON: { "<login>": { email, email_verified, name, student_id, … } }; a login not
 *                      listed signs in as an account with no claims but its `sub`
 *
 * The person signs in on the provider's own (development) login form with any listed login and any
 * password; consent is granted automatically. For the forged-token tests, POST /__test/forge with
 * {"kind": "issuer" | "audience" | "signature" | "expired" | "email" | "no-nonce" | "other-nonce"} makes the
 * next token response carry an ID token altered that way (signed with the provider's key, except for
 * "signature" and "email"): "no-nonce" drops the request's nonce, "other-nonce" puts another sign-in's there.
 */
import http from "node:http";
import * as jose from "jose";
import Provider from "oidc-provider";

const port = Number(process.env.OIDC_TEST_PORT ?? 0);
const mode = process.env.OIDC_TEST_MODE === "id-token" ? "id-token" : "userinfo";
const redirect = process.env.OIDC_TEST_REDIRECT ?? "http://127.0.0.1:3000/api/auth/callback/oidc";
const accounts = JSON.parse(process.env.OIDC_TEST_ACCOUNTS ?? "{}");

const { privateKey } = await jose.generateKeyPair("RS256", { extractable: true });
const signingKey = { ...(await jose.exportJWK(privateKey)), kid: "test-key", alg: "RS256", use: "sig" };
let forge = null;

const server = http.createServer();
await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: "flexblock",
      client_secret: "flexblock-test-secret",
      redirect_uris: [redirect],
      grant_types: ["authorization_code"],
      response_types: ["code"],
    },
  ],
  jwks: { keys: [signingKey] },
  cookies: { keys: ["oidc-test-cookie-key"] },
  claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "student_id", "hd"] },
  conformIdTokenClaims: mode === "userinfo",
  features: { devInteractions: { enabled: true } },
  pkce: { required: () => true },
  async findAccount(_ctx, id) {
    return { accountId: id, claims: async () => ({ sub: id, ...(accounts[id] ?? {}) }) };
  },
  // Consent is not what is tested: every client gets the scopes and claims it asked for.
  async loadExistingGrant(ctx) {
    const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
    if (grantId) return ctx.oidc.provider.Grant.find(grantId);
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope("openid email profile");
    await grant.save();
    return grant;
  },
});
provider.proxy = false;

provider.use(async (ctx, next) => {
  if (ctx.path === "/__test/forge" && ctx.method === "POST") {
    let raw = "";
    for await (const chunk of ctx.req) raw += chunk;
    forge = JSON.parse(raw || "{}").kind ?? null;
    ctx.body = { forge };
    return;
  }
  await next();
  if (ctx.path === "/token" && forge && ctx.body?.id_token) {
    ctx.body = { ...ctx.body, id_token: await forged(ctx.body.id_token, forge) };
    forge = null;
  }
});

async function forged(idToken, kind) {
  const claims = jose.decodeJwt(idToken);
  const now = Math.floor(Date.now() / 1000);
  if (kind === "issuer") claims.iss = "http://127.0.0.1:1/another-issuer";
  if (kind === "audience") claims.aud = "another-client";
  if (kind === "expired") Object.assign(claims, { iat: now - 7200, exp: now - 3600 });
  if (kind === "email") Object.assign(claims, { email: "admin@demo.school", email_verified: true });
  if (kind === "no-nonce") delete claims.nonce;
  if (kind === "other-nonce") claims.nonce = "a-nonce-from-another-sign-in";
  const key =
    kind === "signature" || kind === "email" ? (await jose.generateKeyPair("RS256")).privateKey : privateKey;
  return new jose.SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: "test-key" }).sign(key);
}

server.on("request", provider.callback());
console.log(`listening ${issuer}`);
