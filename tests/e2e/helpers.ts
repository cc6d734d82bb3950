import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The demo school's accounts (db/seed); every password is `demo-password`. */
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

/** The localStorage key of the access token (lib/storage.ts). */
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
  await expect(page.getByText("Loading Flexblock…")).toHaveCount(0);
  return access_token;
}

/** Signs in through the login screen, as a person would. */
export async function signInThroughForm(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.getByLabel("Email or Student Number").fill(username);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** No serious or critical axe violation on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page, options: { exclude?: string[] } = {}) {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}
