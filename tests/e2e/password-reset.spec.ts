import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_USERS, expect, expectNoSeriousA11yViolations, signInThroughForm, test } from "./helpers";
import { linkIn, waitForMail } from "./mailbox";

/** POST /api/login through the API; answers the status and the token. */
async function login(request: APIRequestContext, username: string, password: string) {
  const response = await request.post("/api/login", { data: { username, password } });
  return { status: response.status(), token: response.ok() ? ((await response.json()).access_token as string) : "" };
}

const SENT = "If that account can reset its password by email, a link is on its way. It works for 30 minutes.";

async function screenshots(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `/tmp/password-reset-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a teacher who forgot their password gets a link by email, sets a new one and signs in with it", async ({ page }) => {
  // A teacher of this test's own: the demo accounts' passwords stay as other tests expect them.
  const email = `noor.haddad.${Date.now()}@demo.school`;
  const admin = await login(page.request, DEMO_USERS.admin, DEMO_PASSWORD);
  const created = await page.request.post("/api/staff", {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { email, first_name: "Noor", last_name: "Haddad", title: "Ms.", initials: "NH", administrator: false, password: DEMO_PASSWORD },
  });
  expect(created.status()).toBe(201);
  const elsewhere = await login(page.request, email, (await created.json()).initial_password as string);
  expect(elsewhere.status).toBe(200);

  await page.goto("/login");
  const main = page.getByRole("main");
  await main.getByLabel("Email or Student Number", { exact: true }).fill(email);
  await main.getByRole("button", { name: "Next", exact: true }).click();
  await expect(main.getByLabel("Password", { exact: true })).toBeFocused();
  await screenshots(page, "password-step");
  await main.getByRole("button", { name: "Forgot your password?", exact: true }).click();
  await expect(main.getByRole("status").filter({ hasText: SENT })).toBeVisible();
  await expect(main.getByRole("button", { name: "Forgot your password?", exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, "login");

  const mail = await waitForMail(email, /^Reset your Flexblock password$/);
  expect(mail.text).toContain("Hi Noor, someone asked to reset the Flexblock password of");
  expect(Object.keys(mail.headers).map((h) => h.toLowerCase())).not.toContain("list-unsubscribe");
  const link = linkIn(mail, "/reset-password?token=");

  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password(\?|$)/);
  await expect(main.getByRole("heading", { name: "Choose a new password", exact: true })).toBeVisible();
  const form = main.getByRole("form", { name: "Choose a new password" });
  await expect(form.getByLabel("New password", { exact: true })).toBeFocused();
  // The browser's own check first, then the server's rules (a common password), beside the field.
  await form.getByLabel("New password", { exact: true }).fill("short");
  await form.getByRole("button", { name: "Set new password", exact: true }).click();
  await expect(form.getByText("Password must be at least 8 characters.", { exact: true })).toBeVisible();
  await form.getByLabel("New password", { exact: true }).fill("password123");
  await form.getByLabel("Confirm new password", { exact: true }).fill("password123");
  await form.getByRole("button", { name: "Set new password", exact: true }).click();
  await expect(form.getByText(/^You cannot use that password\./)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, "form");

  const newPassword = "copper-lantern-meadow-58";
  await form.getByLabel("New password", { exact: true }).fill(newPassword);
  await form.getByLabel("Confirm new password", { exact: true }).fill(newPassword);
  await form.getByRole("button", { name: "Set new password", exact: true }).click();
  await expect(main.getByRole("heading", { name: "Password changed", exact: true })).toBeVisible();
  await expect(main.getByRole("status").filter({ hasText: "Your password was changed. Sign in with your new password." })).toBeVisible();
  await screenshots(page, "done");
  // Every other session of the account ended.
  expect((await page.request.get("/api/user", { headers: { authorization: `Bearer ${elsewhere.token}` } })).status()).toBe(401);

  await main.getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughForm(page, email, newPassword);
  await expect(page.getByRole("navigation", { name: "Main", exact: true })).toBeVisible();

  // The link again: a sentence and the way to ask for a new one, nothing changed.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password(\?|$)/);
  await form.getByLabel("New password", { exact: true }).fill("another-harbour-song-12");
  await form.getByLabel("Confirm new password", { exact: true }).fill("another-harbour-song-12");
  await form.getByRole("button", { name: "Set new password", exact: true }).click();
  await expect(main.getByRole("alert").filter({ hasText: /^This password link was used already\./ })).toBeVisible();
  await expect(main.getByRole("link", { name: "Ask for a new link", exact: true })).toHaveAttribute("href", "/login");
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, "used");
  expect((await login(page.request, email, newPassword)).status).toBe(200);
});
