import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

/**
 * Single sign-on through a real OpenID provider (tests/sso/oidc-server.mjs, started beside the app when
 * E2E_SSO=1; its accounts are in playwright.config.ts). The provider gives the email only from its
 * userinfo endpoint, as a conformant provider does by default.
 */
test.describe("single sign-on @sso", () => {
  /** From the login screen through the provider's own sign-in form and back. */
  async function signInWithSchoolAccount(page: Page, login: string) {
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Demo School account", exact: true }).click();
    await atProviderSignIn(page, login);
  }

  /** The provider's own sign-in form (tests/sso/oidc-server.mjs: any password). */
  async function atProviderSignIn(page: Page, login: string) {
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill("anything");
    await page.locator('button[type="submit"]').click();
  }

  test.beforeAll(async ({ browser }) => {
    // Students are matched by the SIS identifier the provider sends in student_id (Settings → Sign-in).
    const page = await browser.newPage();
    const token = await signIn(page, "admin", "/api/health");
    const saved = await page.request.put("/api/settings", {
      headers: { authorization: `Bearer ${token}` },
      data: { values: { "sso-student-id-claim": "student_id" } },
    });
    expect(saved.status()).toBe(200);
    await page.close();
  });

  test("a teacher signs in with the school account and lands on their screen", async ({ page }) => {
    await signInWithSchoolAccount(page, "teacher");
    await expect(page.getByRole("button", { name: "Account: Mr. Reyes, Daniel", exact: true })).toBeVisible();
    await expect(page).not.toHaveURL(/\/login/);
    // Signing out says how to leave the school account on a shared computer.
    await page.getByRole("button", { name: "Account: Mr. Reyes, Daniel", exact: true }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await expect(page.getByText(/sign out of your school account too/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("a student signs in by the SIS identifier and lands on their profile", async ({ page }) => {
    await signInWithSchoolAccount(page, "student");
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText("Loading Flexblock…", { exact: true })).toHaveCount(0);
  });

  test("on a shared computer, the next student is asked for their own account after the one before signed out", async ({ page }) => {
    await signInWithSchoolAccount(page, "student");
    await expect(page).toHaveURL(/\/profile$/);
    const maya = page.getByRole("heading", { name: "Maya Castellano", exact: true });
    await expect(maya).toBeVisible();
    await page.getByRole("button", { name: "Sign Out", exact: true }).click();
    await expect(page).toHaveURL(/\/login/);
    // The provider still has Maya's session in this browser: it must ask, not sign her in again.
    await page.getByRole("button", { name: "Continue with Demo School account", exact: true }).click();
    await expect(page.locator('input[name="login"]')).toBeVisible();
    await atProviderSignIn(page, "student2");
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("button", { name: "Sign Out", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 }).last()).not.toHaveText("");
    await expect(maya).toHaveCount(0);
  });

  test("a student met without the question (after a teacher on this browser) is asked, and the login screen starts again by itself", async ({
    page,
    context,
  }) => {
    // A teacher's sign-in lets this browser skip the question next time (teachers are not asked by default).
    await signInWithSchoolAccount(page, "teacher");
    await expect(page.getByRole("button", { name: "Account: Mr. Reyes, Daniel", exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Account: Mr. Reyes, Daniel", exact: true }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/login/);
    // The provider's session is gone (it runs on this host too; its cookies start with "_"); Flexblock's stay.
    const providerCookies = (await context.cookies()).filter((cookie) => cookie.name.startsWith("_"));
    expect(providerCookies.length).toBeGreaterThan(0);
    for (const cookie of providerCookies) await context.clearCookies({ name: cookie.name });
    await page.getByRole("button", { name: "Continue with Demo School account", exact: true }).click();
    // The exchange's answer is read as it passes (the screen leaves it at once, and a body read after the
    // page has moved on may be gone).
    const exchanged = new Promise<[number, string]>((resolve) => {
      void page.route("**/api/auth/sso-token", async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { code?: string };
        resolve([response.status(), body.code ?? ""]);
        await route.fulfill({ response });
      });
    });
    await atProviderSignIn(page, "student");
    // Back at Flexblock the exchange asks for the question; the screen sends the student to the provider again.
    expect(await exchanged).toEqual([401, "sso_choose_account"]);
    await page.unroute("**/api/auth/sso-token");
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.locator('input[name="login"]')).toBeVisible();
    await atProviderSignIn(page, "student");
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { name: "Maya Castellano", exact: true })).toBeVisible();
  });

  test("someone without an account is told which account they used", async ({ page }) => {
    await signInWithSchoolAccount(page, "stranger");
    await expect(
      page.getByText(
        "The Demo School account jo@gmail.example does not belong to anyone at Demo Secondary School. Please check with your administrator.",
        { exact: true },
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("an unverified email is refused, even an administrator's", async ({ page }) => {
    await signInWithSchoolAccount(page, "unverified");
    await expect(page.getByText(/has no verified email address/)).toBeVisible();
    await expect(page.getByRole("button", { name: /^Account:/ })).toHaveCount(0);
  });
});
