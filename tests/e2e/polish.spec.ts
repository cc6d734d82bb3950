import type { Locator, Page } from "@playwright/test";
import {
  DEMO_USERS,
  expect,
  expectNoSeriousA11yViolations,
  signIn,
  signInThroughForm,
  test,
} from "./helpers";

/** Stars that agree everywhere, focus that returns to the calendar tile, and one message per event. */

async function studentByNumber(page: Page, token: string, number: string) {
  const res = await page.request.get(`/api/search?query=${number}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [student] = (await res.json()).results.students as {
    id: number;
    first_name: string;
    last_name: string;
  }[];
  return { id: student!.id, name: `${student!.first_name} ${student!.last_name}` };
}

/** Presses Tab until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

test("unstarring in the Starred panel empties the open profile's star without a reload", async ({ page }) => {
  const token = await signIn(page, "teacher", "/check-in");
  const student = await studentByNumber(page, token, "100011");
  await page.goto(`/students/${student.id}`);
  await expect(page.getByRole("heading", { name: student.name, exact: true })).toBeVisible();
  await page.getByRole("button", { name: `Star ${student.name}`, exact: true }).click();
  const onProfile = page.getByRole("button", { name: `Unstar ${student.name}`, exact: true });
  await expect(onProfile).toHaveAttribute("aria-pressed", "true");
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  await page.getByRole("button", { name: "Starred", exact: true }).click();
  const panel = page.getByRole("dialog", { name: "Starred", exact: true });
  await panel.getByRole("button", { name: `Unstar ${student.name}`, exact: true }).click();
  // Still listed, with an empty star, to star again.
  await expect(panel.getByRole("button", { name: `Star ${student.name}`, exact: true })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Starred", exact: true })).toBeFocused();

  const profileStar = page.getByRole("button", { name: `Star ${student.name}`, exact: true });
  await expect(profileStar).toHaveAttribute("aria-pressed", "false");
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  // Starred again before the panel closes, the profile follows that too.
  await page.getByRole("button", { name: "Starred", exact: true }).click();
  await expect(panel.getByRole("button", { name: `Star ${student.name}`, exact: true })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await profileStar.click();
  await page.getByRole("button", { name: "Starred", exact: true }).click();
  await panel.getByRole("button", { name: `Unstar ${student.name}`, exact: true }).click();
  const again = panel.getByRole("button", { name: `Star ${student.name}`, exact: true });
  await expect(again).not.toHaveAttribute("aria-busy", "true");
  await again.click();
  await expect(panel.getByRole("button", { name: `Unstar ${student.name}`, exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: `Unstar ${student.name}`, exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.getByRole("button", { name: `Unstar ${student.name}`, exact: true }).click();
  await expect(page.getByRole("button", { name: `Star ${student.name}`, exact: true })).toBeVisible();
});

for (const size of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`closing a calendar block returns focus to its tile, from the keyboard alone, at ${size.width}×${size.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const token = await signIn(page, "teacher", "/check-in");
    const student = await studentByNumber(page, token, "100001");
    await page.goto(`/students/${student.id}`);
    await expect(page.getByRole("heading", { name: student.name, exact: true })).toBeVisible();
    const tiles = page.locator("[data-tile]").filter({ visible: true });
    await expect(tiles.first()).toBeVisible();

    await tabTo(page, tiles.first());
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(tiles.first()).toBeFocused();

    // The dialog's own Close button returns focus the same way, for the next block too.
    if (size.width > 800) await page.keyboard.press("ArrowDown");
    else await page.keyboard.press("Tab");
    const second = page.locator("[data-tile]:focus");
    await expect(second).toHaveCount(1);
    const key = await second.getAttribute("data-tile");
    await page.keyboard.press("Enter");
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect(page.locator(`[data-tile="${key}"]`).filter({ visible: true })).toBeFocused();
  });
}

test("a settings failure at sign-in is told once, by the login screen's flag", async ({ page }) => {
  await page.route("**/api/settings", (route) =>
    route.fulfill({ status: 500, json: { message: "boom", code: "server_error" } }),
  );
  await page.goto("/login");
  await signInThroughForm(page, DEMO_USERS.teacher);
  await expect(
    page.getByRole("alert").filter({ hasText: "Unable to download app settings. Please try again." }),
  ).toBeVisible();
  // No snackbar says it a second time.
  await page.waitForTimeout(500);
  await expect(
    page.getByText("Unable to download app settings. Please try again.", { exact: true }),
  ).toHaveCount(1);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
});
