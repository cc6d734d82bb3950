import { defineConfig } from "@playwright/test";
import { findChromium } from "./scripts/find-chromium.mjs";
import { clockOffsetMs, faketimeOffset, hasFaketime } from "./tests/e2e/clock";

const chromium = findChromium();
if (chromium.path === null) {
  // One sentence rather than a launch error with a stack trace in every test.
  console.error(chromium.message);
  process.exit(1);
}

const port = Number(process.env.E2E_PORT ?? 3200);
const baseURL = `http://127.0.0.1:${port}`;
const distDir = process.env.NEXT_DIST_DIR ?? ".next";
// The app's own server (scripts/server.mjs), as `npm start` and the container run it. Idle keep-alive sockets
// live 30 s instead of Node's 5 s: Playwright's request client reuses a socket the server is closing at that
// moment (ECONNRESET) far more often when the 5 s edge falls inside a test.
const serverCommand = `${process.execPath} --max-semi-space-size=2 scripts/server.mjs -p ${port} --keepAliveTimeout 30000`;
// E2E_NOW (tests/e2e/clock.ts): the server runs under libfaketime, shifted by the same offset as the browsers.
const offset = clockOffsetMs();
if (offset !== null && !hasFaketime()) {
  console.error(
    "E2E_NOW moves the server's clock with libfaketime: install it with `apt-get install faketime`.",
  );
  process.exit(1);
}

/**
 * E2E_SSO=1 (the tests tagged @sso): a real OpenID provider (tests/sso/oidc-server.mjs) runs beside the
 * app on port + 1000, and the app is configured to sign in with it. Its accounts: the demo school's
 * teacher by email, two demo students by the student number in the `student_id` claim, someone with no
 * account, and an unverified email.
 */
const sso = process.env.E2E_SSO === "1";
const oidcIssuer = `http://127.0.0.1:${port + 1000}`;
export const E2E_SSO_ACCOUNTS = {
  teacher: { email: "teacher@demo.school", email_verified: true, name: "Daniel Reyes" },
  student: { email: "student100001@students.demo.school", email_verified: true, student_id: "100001" },
  // The next student at the same (shared) computer.
  student2: { email: "student100002@students.demo.school", email_verified: true, student_id: "100002" },
  stranger: { email: "jo@gmail.example", email_verified: true },
  unverified: { email: "admin@demo.school", email_verified: false },
};
const ssoServer = {
  command: "node tests/sso/oidc-server.mjs",
  url: `${oidcIssuer}/.well-known/openid-configuration`,
  reuseExistingServer: false,
  timeout: 30_000,
  env: {
    OIDC_TEST_PORT: String(port + 1000),
    OIDC_TEST_MODE: "userinfo",
    OIDC_TEST_REDIRECT: `${baseURL}/api/auth/callback/oidc`,
    OIDC_TEST_ACCOUNTS: JSON.stringify(E2E_SSO_ACCOUNTS),
  },
};
const ssoEnv = {
  OIDC_ISSUER: oidcIssuer,
  OIDC_CLIENT_ID: "flexblock",
  OIDC_CLIENT_SECRET: "flexblock-test-secret",
  OIDC_NAME: "Demo School account",
  NEXTAUTH_URL: baseURL,
  NEXTAUTH_SECRET: "an-e2e-secret-of-enough-length",
};

/**
 * The mailbox (tests/mail/catcher.mjs): a real SMTP server the app sends every email to, on port + 2000,
 * and its HTTP API over what arrived on port + 2001 (tests/e2e/mailbox.ts reads it).
 */
export const MAIL_CATCHER_HTTP = `http://127.0.0.1:${port + 2001}`;
const mailCatcher = {
  command: "node tests/mail/catcher.mjs",
  url: `${MAIL_CATCHER_HTTP}/health`,
  reuseExistingServer: false,
  timeout: 30_000,
  env: { MAIL_CATCHER_SMTP_PORT: String(port + 2000), MAIL_CATCHER_HTTP_PORT: String(port + 2001) },
};
const mailEnv = {
  SMTP_URL: `smtp://flexblock:relay-password@127.0.0.1:${port + 2000}`,
  MAIL_FROM: '"Demo School Flexblock" <flexblock@demo.school>',
  // Links in emails point at the app under test.
  NEXTAUTH_URL: baseURL,
};

/** End-to-end tests in Chromium (scripts/find-chromium.mjs) against the built app on a fresh embedded database. */
export default defineConfig({
  testDir: "tests/e2e",
  // The @sso tests need the provider; the others run without one.
  ...(sso ? { grep: /@sso/ } : { grepInvert: /@sso/ }),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: process.env.E2E_REPORT ?? "test-results/e2e.json" }]],
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results/artifacts",
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    // A trace is recorded only when a test is run again (CI retries once): recording every test's trace
    // cost about a quarter of the tier's CPU (the same three spec files, 29 and 36 CPU-s with
    // retain-on-failure against 23 and 28 without). E2E_TRACE=retain-on-failure records them all again.
    trace: (process.env.E2E_TRACE as "on-first-retry" | "retain-on-failure" | undefined) ?? "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromium.path,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: [
    ...(sso ? [ssoServer] : []),
    mailCatcher,
    {
      command: offset === null ? serverCommand : `faketime -f ${faketimeOffset(offset)} ${serverCommand}`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PGLITE_DIR: process.env.E2E_PGLITE_DIR ?? `.data/e2e-${port}-${Date.now()}`,
        NEXT_DIST_DIR: distDir,
        NEXT_TELEMETRY_DISABLED: "1",
        NEXT_MANUAL_SIG_HANDLE: "true",
        LOG_LEVEL: "warn",
        SCHOOL_TIMEZONE: process.env.SCHOOL_TIMEZONE ?? "America/Vancouver",
        // The pseudo-locale en-XA is offered beside the shipped languages (tests/e2e/languages.spec.ts).
        FLEXBLOCK_PSEUDO_LOCALE: "1",
        // Real timers in a shifted clock: only the wall clock moves.
        ...(offset === null ? {} : { FAKETIME_DONT_FAKE_MONOTONIC: "1" }),
        ...mailEnv,
        ...(sso ? ssoEnv : {}),
      },
    },
  ],
});
