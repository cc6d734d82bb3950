import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import NextAuth from "next-auth";
import { ssoOptions } from "@/lib/auth/sso";
import { signInStep } from "@/lib/auth/sso-prompt.server";
import { resetEnvCache } from "@/lib/core/env.server";

/** Flexblock's address as next-auth sees it in the API tests (NEXTAUTH_URL). */
export const APP_URL = "http://flexblock.test";

export type ForgeKind = "issuer" | "audience" | "signature" | "expired" | "email" | "no-nonce" | "other-nonce";

export interface OidcTestProvider {
  issuer: string;
  /** The next token response carries an ID token altered this way (tests/sso/oidc-server.mjs). */
  forge(kind: ForgeKind): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts tests/sso/oidc-server.mjs (oidc-provider on loopback) and points Flexblock's OIDC_* settings
 * at it. `mode`: "userinfo", the provider's default (claims only from userinfo), or "id-token".
 */
export async function startOidcProvider(
  mode: "userinfo" | "id-token",
  accounts: Record<string, Record<string, unknown>>,
): Promise<OidcTestProvider> {
  const child: ChildProcess = spawn(process.execPath, [path.join(process.cwd(), "tests/sso/oidc-server.mjs")], {
    env: {
      ...process.env,
      OIDC_TEST_PORT: "0",
      OIDC_TEST_MODE: mode,
      OIDC_TEST_REDIRECT: `${APP_URL}/api/auth/callback/oidc`,
      OIDC_TEST_ACCOUNTS: JSON.stringify(accounts),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const issuer = await new Promise<string>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`the OpenID provider did not start:\n${output}`)), 20_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening (\S+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => reject(new Error(`the OpenID provider exited (${code}):\n${output}`)));
  });
  Object.assign(process.env, {
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: "flexblock",
    OIDC_CLIENT_SECRET: "flexblock-test-secret",
    NEXTAUTH_SECRET: "a-test-secret-of-enough-length",
    NEXTAUTH_URL: APP_URL,
  });
  resetEnvCache();
  return {
    issuer,
    async forge(kind) {
      await fetch(`${issuer}/__test/forge`, { method: "POST", body: JSON.stringify({ kind }) });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill();
      }),
  };
}

/** A browser's cookies, by name, for one site. */
export class Jar {
  readonly values = new Map<string, string>();
  take(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === "") this.values.delete(name);
      else this.values.set(name, value);
    }
  }
  header() {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  /** As a server framework hands them over: decoded. */
  object() {
    return Object.fromEntries([...this.values].map(([name, value]) => [name, decodeURIComponent(value)]));
  }
}

interface AuthAnswer {
  status: number;
  redirect?: string;
  body?: unknown;
}

/**
 * One request to next-auth's endpoints, through its public handler (the pages-style signature: the
 * App Router one reads next/headers, which needs a live Next.js request), with the browser's cookies.
 * The sign-in step goes through lib/auth/sso-prompt.server.ts as app/api/auth/[...nextauth]/route.ts does.
 */
async function nextAuth(
  jar: Jar,
  action: string,
  providerId: string | undefined,
  method: "GET" | "POST",
  query: Record<string, string> = {},
  body: Record<string, string> = {},
): Promise<AuthAnswer> {
  const headers = new Map<string, string | string[]>();
  const answer: AuthAnswer = { status: 200 };
  const res = {
    status(code: number) {
      answer.status = code;
      return res;
    },
    setHeader(name: string, value: string | string[]) {
      headers.set(name.toLowerCase(), value);
      return res;
    },
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    end() {},
    send(value: unknown) {
      answer.body = value;
    },
    json(value: unknown) {
      answer.body = value;
    },
  };
  const req = {
    method,
    body,
    query: { ...query, nextauth: [action, ...(providerId ? [providerId] : [])] },
    cookies: jar.object(),
    headers: { host: "flexblock.test" },
  };
  const step = action === "signin" && method === "POST" ? signInStep(jar.object(), providerId) : null;
  await (NextAuth as unknown as (req: unknown, res: unknown, options: unknown) => Promise<void>)(req, res, step?.options ?? ssoOptions());
  const cookies = headers.get("set-cookie") ?? [];
  jar.take(Array.isArray(cookies) ? cookies : [cookies]);
  const location = headers.get("location");
  if (typeof location === "string") answer.redirect = location;
  const asked = step?.cookieFor(answer.redirect ?? null);
  if (asked) jar.take([asked]);
  return answer;
}

export interface ProviderTrip {
  /** Where next-auth sent the browser at the end (the login screen's exchange, or ?error=…). */
  landedOn: string;
  /** The browser's cookies for Flexblock then: what POST /api/auth/sso-token reads. */
  cookie: string;
  /** The provider's redirect back to Flexblock (code and state), to replay it. */
  callbackQuery: Record<string, string>;
  jar: Jar;
  /** The address next-auth sent the browser to at the provider (its prompt, nonce …). */
  authorizationUrl: URL;
  /** Whether the provider showed its sign-in form (false: its session signed the browser's last person in). */
  signInFormShown: boolean;
}

/** One browser: Flexblock's cookies and the provider's (its session outlives a Flexblock sign-out). */
export interface Browser {
  app: Jar;
  provider: Jar;
}

export const newBrowser = (): Browser => ({ app: new Jar(), provider: new Jar() });

/**
 * A person clicks "Continue with …", signs in at the provider as `login`, and comes back: every step
 * as a browser makes it (next-auth's CSRF, state and PKCE cookies; the provider's own session cookies).
 */
export async function signInAtProvider(
  issuer: string,
  login: string,
  callbackUrl = `${APP_URL}/login?sso=1`,
  browser: Browser = newBrowser(),
): Promise<ProviderTrip> {
  const { app, provider } = browser;
  const csrf = await nextAuth(app, "csrf", undefined, "GET");
  const csrfToken = (csrf.body as { csrfToken: string }).csrfToken;
  const start = await nextAuth(app, "signin", "oidc", "POST", {}, { csrfToken, callbackUrl });
  let location = start.redirect ?? "";
  if (!location.startsWith(issuer)) throw new Error(`sign-in did not go to the provider: ${location}`);
  const authorizationUrl = new URL(location);

  let signInFormShown = false;
  let callbackQuery: Record<string, string> | null = null;
  for (let hop = 0; hop < 16 && !callbackQuery; hop++) {
    const url = new URL(location, issuer);
    if (url.origin !== new URL(issuer).origin) {
      callbackQuery = Object.fromEntries(url.searchParams);
      break;
    }
    const isLoginForm = /\/interaction\/[^/]+$/.test(url.pathname);
    let response = await fetch(url, { redirect: "manual", headers: { cookie: provider.header() } });
    provider.take(response.headers.getSetCookie());
    if (isLoginForm && response.status === 200) {
      signInFormShown = true;
      response = await fetch(url, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: provider.header(), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ prompt: "login", login, password: "any" }).toString(),
      });
      provider.take(response.headers.getSetCookie());
    } else if (response.status === 200) {
      // A page that submits itself (the provider ending the previous person's session before the next
      // one's): posted as the browser's script would.
      const html = await response.text();
      const form = /<form method="post" action="([^"]+)">/.exec(html);
      if (!form) throw new Error(`the provider stopped at ${url}: ${html.slice(0, 300)}`);
      const inputs = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [m[1]!, m[2]!]));
      response = await fetch(new URL(form[1]!.replace(/&amp;/g, "&"), issuer), {
        method: "POST",
        redirect: "manual",
        headers: { cookie: provider.header(), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(inputs).toString(),
      });
      provider.take(response.headers.getSetCookie());
    }
    const next = response.headers.get("location");
    if (!next) throw new Error(`the provider stopped at ${url} (${response.status}): ${(await response.text()).slice(0, 300)}`);
    location = next;
  }
  if (!callbackQuery) throw new Error("the provider never sent the browser back");
  const back = await finishAtApp(app, callbackQuery);
  return { landedOn: back, cookie: app.header(), callbackQuery, jar: app, authorizationUrl, signInFormShown };
}

/** The provider's redirect arrives at next-auth's callback; answers where next-auth sends the browser. */
export async function finishAtApp(app: Jar, query: Record<string, string>): Promise<string> {
  const answer = await nextAuth(app, "callback", "oidc", "GET", query);
  return answer.redirect ?? `(status ${answer.status})`;
}
