import type { APIRequestContext } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_USERS, TOKEN_KEY, expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

/** POST /api/login through the API; answers the status and the token. */
async function login(request: APIRequestContext, username: string, password: string) {
  const response = await request.post("/api/login", { data: { username, password } });
  return { status: response.status(), token: response.ok() ? ((await response.json()).access_token as string) : "" };
}

const userStatus = async (request: APIRequestContext, token: string) =>
  (await request.get("/api/user", { headers: { authorization: `Bearer ${token}` } })).status();

test("a teacher changes their own password from the account menu, and their other devices are signed out", async ({ page }) => {
  // A teacher of this test's own: the demo accounts' passwords stay as other tests expect them.
  const email = `vera.lindqvist.${Date.now()}@demo.school`;
  const admin = await login(page.request, DEMO_USERS.admin, DEMO_PASSWORD);
  const created = await page.request.post("/api/staff", {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { email, first_name: "Vera", last_name: "Lindqvist", title: "Ms.", initials: "VL", administrator: false, password: DEMO_PASSWORD },
  });
  expect(created.status()).toBe(201);
  const initial = (await created.json()).initial_password as string;
  // The initial password is expired: the first sign-in changes it (through the API here).
  const first = await login(page.request, email, initial);
  const firstPassword = "quiet-meadow-lantern-41";
  const forced = await page.request.post("/api/change-password", {
    headers: { authorization: `Bearer ${first.token}` },
    data: { password: initial, new_password: firstPassword },
  });
  expect(forced.status()).toBe(200);

  // Signed in on this computer (a second session: the first stands for another device).
  const here = await login(page.request, email, firstPassword);
  await page.goto("/api/health");
  await page.evaluate(([key, token]) => window.localStorage.setItem(key!, JSON.stringify(token)), [TOKEN_KEY, here.token]);
  await page.goto("/check-in");
  await expect(page.getByText("Loading Flexblock…", { exact: true })).toHaveCount(0);

  const account = page.getByRole("button", { name: "Account: Ms. Lindqvist, Vera", exact: true });
  await account.click();
  await page.getByRole("menuitem", { name: "Change Password", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Change your password", exact: true });
  await expect(dialog.getByText("Other computers and phones signed in to your account will be signed out.", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const change = dialog.getByRole("button", { name: "Change Password", exact: true });
  await dialog.getByLabel("Old password", { exact: true }).fill("not-my-password");
  await dialog.getByLabel("New password", { exact: true }).fill("amber-harbour-violin-77");
  await dialog.getByLabel("Confirm new password", { exact: true }).fill("amber-harbour-violin-77");
  await change.click();
  await expect(dialog.getByText("That didn't work. Please try again.", { exact: true })).toBeVisible();

  await dialog.getByLabel("Old password", { exact: true }).fill(firstPassword);
  await change.click();
  await expect(page.getByText("Changed passsword.", { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(account).toBeFocused();

  // This computer stays signed in; the other device's session is gone; only the new password works.
  expect(await userStatus(page.request, here.token)).toBe(200);
  expect(await userStatus(page.request, first.token)).toBe(401);
  await expect(page.getByRole("navigation", { name: "Main", exact: true })).toBeVisible();
  expect((await login(page.request, email, firstPassword)).status).toBe(401);
  expect((await login(page.request, email, "amber-harbour-violin-77")).status).toBe(200);
});

test("a student opens Change Password from their profile, and Cancel leaves everything as it was", async ({ page }) => {
  await signIn(page, "student", "/profile");
  await page.getByRole("button", { name: "Change Password", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Change your password", exact: true });
  await expect(dialog.getByLabel("Old password", { exact: true })).toBeFocused();
  await expect(dialog.getByRole("button", { name: "Change Password", exact: true })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Change Password", exact: true })).toBeFocused();
  expect((await login(page.request, DEMO_USERS.student, DEMO_PASSWORD)).status).toBe(200);
});
