import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type Page } from "@playwright/test";
import { installClock } from "./clock";

/**
 * Spec files import `test` and `expect` from here, not from @playwright/test: this `test` puts each
 * browser context on the run's clock (tests/e2e/clock.ts), so a run moved to another date
 * (`npm run test:e2e:dates`) moves the browser with the server. Without E2E_NOW it changes nothing.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    await installClock(context);
    await use(context);
  },
});
export { expect };

/** A page in a new browser context of its own (a second user at the same time), on the run's clock. */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await installClock(context);
  return context.newPage();
}

/** The demo school's accounts (lib/demo); every password is `demo-password`. */
export const DEMO_PASSWORD = "demo-password";
export const DEMO_USERS = {
  sysadmin: "sysadmin@demo.school",
  admin: "admin@demo.school",
  teacher: "teacher@demo.school",
  student: "100001",
  /** Expired password: shows the forced change. Only tests/e2e/auth.spec.ts may sign in as this one. */
  expired: "new@demo.school",
} as const;
export type DemoUser = keyof typeof DEMO_USERS;
/** Their display names (lib/demo/people.server.ts), as the account button and the lists show them. */
export const DEMO_NAMES: Record<Exclude<DemoUser, "expired">, string> = {
  sysadmin: "System Administrator",
  admin: "Ms. Okafor, Amara",
  teacher: "Mr. Reyes, Daniel",
  student: "Maya Castellano",
};

/** The shell's account button (it opens the account menu) of a signed-in demo user. */
export const accountButton = (page: Page, who: keyof typeof DEMO_NAMES) =>
  page.getByRole("button", { name: `Account: ${DEMO_NAMES[who]}`, exact: true });

/** The localStorage key of the access token (lib/storage.client.ts). */
export const TOKEN_KEY = "flexblock.token";

/**
 * Signs in through the API (fast) and opens `path` (default "/"). Waits until the app has loaded
 * the user, i.e. the splash is gone.
 */
export async function signIn(page: Page, who: DemoUser, path = "/") {
  const response = await page.request.post("/api/login", {
    data: { username: DEMO_USERS[who], password: DEMO_PASSWORD },
  });
  expect(response.status(), `sign in as ${who}`).toBe(200);
  const { access_token } = (await response.json()) as { access_token: string };
  // A same-origin page that runs no app code, so nothing races the token being stored.
  await page.goto("/api/health");
  await page.evaluate(
    ([key, token]) => window.localStorage.setItem(key!, JSON.stringify(token)),
    [TOKEN_KEY, access_token],
  );
  await page.goto(path);
  await expect(page.getByText("Loading Flexblock…", { exact: true })).toHaveCount(0);
  return access_token;
}

/** Signs in through the login screen, as a person would. */
export async function signInThroughForm(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.getByLabel("Email or Student Number", { exact: true }).fill(username);
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/**
 * Waits for finite CSS animations and transitions to end: axe measures colour contrast on what is
 * painted, and a toast half-way through its fade-in has a faded colour that no person reads.
 */
async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** No serious or critical axe violation on the page as it is now (once its animations have ended). */
export async function expectNoSeriousA11yViolations(page: Page, options: { exclude?: string[] } = {}) {
  await settleAnimations(page);
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}
