import type { Page } from "@playwright/test";
import {
  accountButton,
  DEMO_PASSWORD,
  DEMO_USERS,
  expect,
  expectNoSeriousA11yViolations,
  signIn,
  signInThroughForm,
  test,
  TOKEN_KEY,
} from "./helpers";

const storedToken = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);

/** Every caller is signed in as the teacher. */
async function signOutFromShell(page: Page) {
  await accountButton(page, "teacher").click();
  await page.getByRole("menuitem", { name: "Sign Out", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test.describe("signing in", () => {
  for (const [who, landing, check] of [
    ["admin", /\/check-in$/, "Credentials Manager"],
    ["teacher", /\/check-in$/, "Staff"],
    ["sysadmin", /\/check-in$/, "Credentials Manager"],
    ["student", /\/profile$/, "Sign Out"],
  ] as const) {
    test(`a ${who} signs in through the form and lands on their first screen`, async ({ page }) => {
      await page.goto("/");
      await expect(page).toHaveURL(/\/login/);
      await expect(page).toHaveTitle("Flexblock - Login");
      await expect(page.getByText("Demo Secondary School", { exact: true })).toBeVisible();
      await signInThroughForm(page, DEMO_USERS[who]);
      await expect(page).toHaveURL(landing);
      if (who === "student") await expect(page.getByRole("button", { name: check, exact: true })).toBeVisible();
      else
        await expect(
          page.getByRole("navigation", { name: "Main", exact: true }).getByRole("link", { name: check, exact: true }),
        ).toBeVisible();
      expect(await storedToken(page)).toBeTruthy();
    });
  }

  test("the login screen passes axe, in both steps", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByLabel("Email or Student Number", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("Email or Student Number", { exact: true }).fill(DEMO_USERS.teacher);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("empty fields are refused without a request", async ({ page }) => {
    await page.goto("/login");
    let calls = 0;
    page.on("request", (request) => {
      if (request.url().includes("/api/check-user") || request.url().includes("/api/login")) calls++;
    });
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page.getByText("A username is required to log in.", { exact: true })).toBeVisible();
    await page.getByLabel("Email or Student Number", { exact: true }).fill(DEMO_USERS.teacher);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText("A password is required to log in.", { exact: true })).toBeVisible();
    expect(calls).toBe(1); // only the check-user of the Next click
  });

  test("an unknown user is told so under the username, a wrong password under the password", async ({
    page,
  }) => {
    await page.goto("/login");
    await page.getByLabel("Email or Student Number", { exact: true }).fill("nobody-here@demo.school");
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page.getByLabel("Email or Student Number", { exact: true })).toHaveAccessibleDescription(
      "The user could not be found. Please check with your administrator.",
    );
    await page.getByLabel("Email or Student Number", { exact: true }).fill(DEMO_USERS.teacher);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
      "The given credentials were not correct.",
    );
  });

  test("too many attempts are refused with a clear message", async ({ page }) => {
    // A demo student no other test signs in as: after five wrong passwords in a row the next attempt waits 30 s.
    await page.goto("/login");
    await page.getByLabel("Email or Student Number", { exact: true }).fill("100077");
    await page.getByRole("button", { name: "Next", exact: true }).click();
    const password = page.getByLabel("Password", { exact: true });
    for (let attempt = 0; attempt < 5; attempt++) {
      await password.fill(`wrong-password-${attempt}`);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(password).toHaveAccessibleDescription("The given credentials were not correct.");
    }
    // Delayed now (never locked): even the right password waits out the 30 seconds.
    await password.fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText(/^Too many attempts\. Please wait \d+ seconds and try again\.$/)).toBeVisible();
  });

  test("after sign-in the user returns to the page they came from", async ({ page }) => {
    await page.goto("/settings?tab=1");
    await expect(page).toHaveURL(/\/login\?from=%2Fsettings%3Ftab%3D1$/);
    await signInThroughForm(page, DEMO_USERS.admin);
    await expect(page).toHaveURL(/\/settings\?tab=1$/);
    await expect(page.getByRole("heading", { level: 1, name: "Settings", exact: true })).toBeVisible();
  });

  test("when settings fail to load the user is signed out and the login screen raises the flag", async ({
    page,
  }) => {
    await page.route("**/api/settings", (route) =>
      route.fulfill({ status: 500, json: { message: "boom", code: "server_error" } }),
    );
    await page.goto("/login");
    await signInThroughForm(page, DEMO_USERS.teacher);
    await expect(page.getByTestId("settings-failed")).toHaveText(
      "Unable to download app settings. Please try again.",
    );
    await expect(page).toHaveURL(/\/login/);
    // The login screen still shows the school from the signed-out settings.
    await expect(page.getByText("Demo Secondary School", { exact: true })).toBeVisible();
    // The token leaves once this device's push is forgotten and the server told (lib/pwa/push.client.ts: a few seconds at most).
    await expect.poll(() => storedToken(page), { timeout: 10_000 }).toBeNull();
  });

  test("an origin on another site is ignored", async ({ page }) => {
    await page.goto("/login?from=//evil.example/x");
    await signInThroughForm(page, DEMO_USERS.teacher);
    await expect(page).toHaveURL(/\/check-in$/);
  });
});

test.describe("remembered users", () => {
  test("Remember me keeps the user on the device: pick to sign in, remove to forget", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email or Student Number", { exact: true }).fill(DEMO_USERS.teacher);
    await page.getByLabel("Remember me", { exact: true }).check();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/check-in$/);

    await signOutFromShell(page);
    // The token leaves once this device's push is forgotten and the server told (lib/pwa/push.client.ts: a few seconds at most).
    await expect.poll(() => storedToken(page), { timeout: 10_000 }).toBeNull();
    await page.getByRole("button", { name: `Sign in as ${DEMO_USERS.teacher}`, exact: true }).click();
    await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
    await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/check-in$/);

    await signOutFromShell(page);
    await page.getByRole("button", { name: `Remove ${DEMO_USERS.teacher}`, exact: true }).click();
    await expect(page.getByRole("button", { name: `Sign in as ${DEMO_USERS.teacher}`, exact: true })).toHaveCount(0);
    await expect(page.getByLabel("Email or Student Number", { exact: true })).toBeVisible();
  });
});

test.describe("signing out", () => {
  test("Sign Out ends the session: the token leaves the device and the server forgets it", async ({
    page,
  }) => {
    const token = await signIn(page, "teacher", "/settings");
    // A slow server: sign-out is still telling it when the login screen opens.
    await page.route("**/api/logout", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const visited: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await signOutFromShell(page);
    // The token leaves once this device's push is forgotten and the server told (lib/pwa/push.client.ts: a few seconds at most).
    await expect.poll(() => storedToken(page), { timeout: 10_000 }).toBeNull();
    // Meanwhile the login screen showed the splash: it never sent the leaving user back into the app.
    expect(visited).toEqual(["/login"]);
    const after = await page.request.get("/api/user", { headers: { authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);
    await page.goto("/staff");
    await expect(page).toHaveURL(/\/login\?from=%2Fstaff$/);
  });

  test("a dead session signs the user out with the session-expired banner", async ({ page }) => {
    // A same-origin page that runs no app code: on /login the app could read the planted token, sign
    // out with the banner and forget it before /students is opened, which would then see no token.
    await page.goto("/api/health");
    await page.evaluate(
      (key) => window.localStorage.setItem(key, JSON.stringify("not-a-real-token")),
      TOKEN_KEY,
    );
    await page.goto("/students");
    await expect(page).toHaveURL(/\/login\?from=%2Fstudents$/);
    await expect(page.getByText("Your session has expired. Please sign back in to continue.", { exact: true })).toBeVisible();
    // The token leaves once this device's push is forgotten and the server told (lib/pwa/push.client.ts: a few seconds at most).
    await expect.poll(() => storedToken(page), { timeout: 10_000 }).toBeNull();
  });
});

test.describe("forced password change", () => {
  // Only this test signs in as new@demo.school; it leaves the account with a known, unexpired password.
  const NEW_PASSWORD = "a-brand-new-passphrase";

  test("an expired password must be changed on the splash before the app opens", async ({ page }) => {
    await page.goto("/login");
    await signInThroughForm(page, DEMO_USERS.expired);
    await expect(page.getByText("Your old password has expired and must be changed.", { exact: true })).toBeVisible();
    await expect(page).toHaveTitle("Flexblock - Change Password");
    await expectNoSeriousA11yViolations(page);

    const change = page.getByRole("button", { name: "Change Password", exact: true });
    await expect(change).toBeDisabled();
    await page.getByLabel("Old password", { exact: true }).fill("wrong-old-password");
    await page.getByLabel("New password", { exact: true }).fill("short");
    await change.click();
    await expect(page.getByText("Password must be at least 8 characters.", { exact: true })).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm new password", { exact: true }).fill("something-else");
    await change.click();
    await expect(page.getByText("Passwords don't match.", { exact: true })).toBeVisible();
    // Shown in plain text, no confirmation is needed.
    await page.getByLabel("Show password", { exact: true }).check();
    await expect(page.getByLabel("Confirm new password", { exact: true })).toHaveCount(0);
    await change.click();
    await expect(page.getByText("That didn't work. Please try again.", { exact: true }).first()).toBeVisible();

    await page.getByLabel("Old password", { exact: true }).fill(DEMO_PASSWORD);
    await change.click();
    await expect(page.getByText("Changed passsword.", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/check-in$/);
    await expect(page.getByRole("navigation", { name: "Main", exact: true })).toBeVisible();

    const token = JSON.parse((await storedToken(page))!) as string;
    const user = await page.request.get("/api/user", { headers: { authorization: `Bearer ${token}` } });
    expect((await user.json()).password_expired).toBe(false);
  });

  test("Cancel on the forced change signs out", async ({ page }) => {
    // The expired account is changed by the test above; fake an expired user to see Cancel.
    await page.route("**/api/user", async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({ response, json: { ...body, password_expired: true } });
    });
    await signIn(page, "teacher", "/settings");
    await expect(page.getByText("Your old password has expired and must be changed.", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The token leaves once this device's push is forgotten and the server told (lib/pwa/push.client.ts: a few seconds at most).
    await expect.poll(() => storedToken(page), { timeout: 10_000 }).toBeNull();
  });
});
