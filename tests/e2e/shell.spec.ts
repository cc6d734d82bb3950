import { accountButton, expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

const mainMenu = (page: import("@playwright/test").Page) => page.getByRole("navigation", { name: "Main", exact: true });

test.describe("the navigation shell", () => {
  test("/ opens check-in, and the side menu has the administrator's screens", async ({ page }) => {
    await signIn(page, "admin", "/");
    await expect(page).toHaveURL(/\/check-in$/);
    await expect(page.getByText("Demo Secondary School", { exact: true }).first()).toBeVisible();
    for (const name of [
      "Check-in",
      "Staff",
      "Students",
      "Power Scheduler",
      "Credentials Manager",
      "Settings",
    ]) {
      await expect(mainMenu(page).getByRole("link", { name, exact: true })).toBeVisible();
    }
    await mainMenu(page).getByRole("link", { name: "Credentials Manager", exact: true }).click();
    await expect(page).toHaveURL(/\/credentials-manager$/);
    await expect(page).toHaveTitle("Flexblock - Credentials Manager");
  });

  test("a teacher has no Credentials Manager, and is sent to / when visiting it", async ({ page }) => {
    await signIn(page, "teacher", "/settings");
    await expect(mainMenu(page).getByRole("link", { name: "Students", exact: true })).toBeVisible();
    await expect(mainMenu(page).getByRole("link", { name: "Credentials Manager", exact: true })).toHaveCount(0);
    await page.goto("/credentials-manager");
    await expect(page).toHaveURL(/\/check-in$/);
  });

  test("the menu-open state is remembered on the device, open by default", async ({ page }) => {
    await signIn(page, "admin", "/settings");
    await expect(mainMenu(page)).toBeVisible();
    await page.getByRole("button", { name: "Hide menu", exact: true }).click();
    await expect(mainMenu(page)).toBeHidden();
    await page.reload();
    await expect(page.getByRole("button", { name: "Show menu", exact: true })).toBeVisible();
    await expect(mainMenu(page)).toBeHidden();
    await page.getByRole("button", { name: "Show menu", exact: true }).click();
    await expect(mainMenu(page)).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem("flexblock.menu-open"))).toBe("true");
  });

  test("the account menu shows who is signed in and links to their profile", async ({ page }) => {
    const me = await (async () => {
      const token = await signIn(page, "teacher", "/settings");
      return (await page.request.get("/api/user", { headers: { authorization: `Bearer ${token}` } })).json();
    })();
    await accountButton(page, "teacher").click();
    const menu = page.getByRole("menu");
    await expect(menu).toContainText(me.display_name);
    await expect(menu).toContainText("Teacher");
    await expect(menu.getByRole("menuitem", { name: "Profile", exact: true })).toHaveAttribute(
      "href",
      `/staff/${me.details.id}`,
    );
    await expectNoSeriousA11yViolations(page);
  });

  test("a system administrator gets the badge and no Profile link", async ({ page }) => {
    await signIn(page, "sysadmin", "/settings");
    await accountButton(page, "sysadmin").click();
    const menu = page.getByRole("menu");
    await expect(menu.getByText("Systems Admin", { exact: true })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Profile", exact: true })).toHaveCount(0);
  });

  test("Help has About (version 1.2.9) and the wiki", async ({ page }) => {
    await signIn(page, "teacher", "/settings");
    await page.getByRole("button", { name: "Help", exact: true }).click();
    await page.getByRole("menuitem", { name: "About", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "About Flexblock", exact: true })).toContainText("Version 1.2.9");
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("dialog").getByRole("button", { name: "Close", exact: true }).first().click();
    await page.getByRole("button", { name: "Help", exact: true }).click();
    await page.getByRole("menuitem", { name: "Flexblock Wiki", exact: true }).click();
    await expect(page).toHaveURL(/\/wiki$/);
  });

  test("an unknown path shows 'No match for' and a way back", async ({ page }) => {
    await signIn(page, "teacher", "/no/such/place");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No match for /no/such/place");
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "Back to Dashboard", exact: true }).click();
    await expect(page).toHaveURL(/\/check-in$/);
  });

  test("an unknown API path answers JSON 404", async ({ request }) => {
    const response = await request.get("/api/no-such-route");
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ code: "not_found" });
  });

  test("on a phone the menu is a drawer", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, "admin", "/settings");
    await expect(mainMenu(page)).toBeHidden();
    await page.getByRole("button", { name: "Open menu", exact: true }).click();
    await expect(mainMenu(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await mainMenu(page).getByRole("link", { name: "Students", exact: true }).click();
    await expect(page).toHaveURL(/\/students$/);
    await expect(mainMenu(page)).toBeHidden();
  });

  test("Search finds people by name, grouped by kind, and opens their page", async ({ page }) => {
    await signIn(page, "teacher", "/settings");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const panel = page.getByRole("dialog", { name: "Search", exact: true });
    await panel.getByRole("searchbox").fill("Castellano");
    const students = panel.getByRole("region", { name: "Students", exact: true });
    await expect(students.getByRole("link", { name: "Maya Castellano", exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await panel.getByRole("searchbox").fill("zzzz-nobody");
    await expect(panel.getByText("No search results found", { exact: true })).toBeVisible();
    await panel.getByRole("searchbox").fill("Castellano");
    await students.getByRole("link", { name: "Maya Castellano", exact: true }).click();
    await expect(page).toHaveURL(/\/students\/\d+$/);
    await expect(panel).toBeHidden();
  });

  test("Starred is empty for a system administrator; Notifications has nothing to show", async ({
    page,
  }) => {
    await signIn(page, "sysadmin", "/settings");
    await page.getByRole("button", { name: "Starred", exact: true }).click();
    await expect(
      page.getByRole("dialog", { name: "Starred", exact: true }).getByText("Your Starred list is empty", { exact: true }),
    ).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Notifications", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Notifications", exact: true })).toContainText("Nothing to show");
  });
});

test.describe("students", () => {
  test("a student reaches only /profile, with their name, grade and Sign Out", async ({ page }) => {
    await signIn(page, "student", "/staff");
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page).toHaveTitle("Flexblock - Profile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/\S/);
    await expect(page.getByText(/^Grade \d+$/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/profile$/);
    await page.getByRole("button", { name: "Sign Out", exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem("flexblock.token"))).toBeNull();
  });

  test("staff visiting /profile go to the shell", async ({ page }) => {
    await signIn(page, "teacher", "/profile");
    await expect(page).toHaveURL(/\/check-in$/);
  });
});
