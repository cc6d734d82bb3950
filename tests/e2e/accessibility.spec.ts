import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

/**
 * The Accessibility page and the promises it makes: reached from Help with the keyboard, axe at
 * both sizes, nothing outside a landmark, scanner-only check-in, and the screens that only links lead to.
 */

/** Presses Tab until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Every landmark rule axe has, at every impact (the outside review's one finding was "region", moderate). */
async function expectEverythingInLandmarks(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    // A tooltip or menu open at the time belongs to the button it comes from, not to the page's content.
    .exclude("[data-radix-popper-content-wrapper]")
    .withRules([
      "region",
      "landmark-one-main",
      "landmark-unique",
      "landmark-no-duplicate-main",
      "landmark-complementary-is-top-level",
      "landmark-main-is-top-level",
    ])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/**
 * A day ahead with a Focus Block that the other check-in tests leave alone: Thursday two weeks on,
 * or the latest Focus Block day before it that is still ahead (the school year may end sooner).
 */
async function focusDayAhead(page: Page, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const today: string = (await (await page.request.get("/api/check-in/status", { headers })).json()).today;
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 14 + 4 - day.getUTCDay());
  for (; day.toISOString().slice(0, 10) > today; day.setUTCDate(day.getUTCDate() - 1)) {
    const date = day.toISOString().slice(0, 10);
    const status = await page.request.get(`/api/check-in/status/${date}`, { headers });
    if (status.ok() && (await status.json()).blocks.length > 0) return date;
  }
  throw new Error(`No Focus Block day ahead of ${today}`);
}

const SECTIONS = ["Our target", "How each screen is tested", "Known exceptions", "Report a barrier"];

test("a teacher opens Accessibility from Help with the keyboard; it passes axe at both sizes", async ({
  page,
}) => {
  await signIn(page, "teacher", "/check-in");
  const help = page.getByRole("button", { name: "Help", exact: true });
  await tabTo(page, help);
  await page.keyboard.press("Enter");
  const item = page.getByRole("menuitem", { name: "Accessibility", exact: true });
  await expect(item).toBeVisible();
  for (let i = 0; i < 6 && !(await item.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("ArrowDown");
  }
  await expect(item).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(page).toHaveTitle("Flexblock - Accessibility");
  await expect(page.getByRole("heading", { name: "Accessibility", level: 1, exact: true })).toBeVisible();
  for (const name of SECTIONS) {
    await expect(page.getByRole("heading", { name, level: 2, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("region", { name: "Our target", exact: true })).toContainText(
    "WCAG) 2.2 at level AA",
  );
  await expectNoSeriousA11yViolations(page);
  await expectEverythingInLandmarks(page);

  // Report a barrier opens the feedback form; closing it puts focus back on the button.
  const report = page.getByRole("button", { name: "Report a barrier", exact: true });
  await report.click();
  const feedback = page.getByRole("dialog", { name: "Provide Feedback", exact: true });
  await expect(feedback.getByRole("textbox", { name: "Your feedback", exact: true })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(report).toBeFocused();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("heading", { name: "Report a barrier", level: 2, exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("the desktop side menu's school name sits inside a landmark, as does everything else", async ({
  page,
}) => {
  await signIn(page, "admin", "/check-in");
  const side = page.getByRole("complementary", { name: "Side menu", exact: true });
  await expect(side.getByText("Demo Secondary School", { exact: true })).toBeVisible();
  await expect(side.getByRole("navigation", { name: "Main", exact: true })).toBeVisible();
  await expectEverythingInLandmarks(page);
  await page.goto("/students");
  await expect(page.getByRole("heading", { name: "Students", level: 1, exact: true })).toBeVisible();
  await expectEverythingInLandmarks(page);
});

test("check-in from a scanner alone: numbers and Enter, then Ctrl+Enter, the cursor never leaving the box", async ({
  page,
}) => {
  const token = await signIn(page, "teacher", "/check-in");
  await page.goto(`/check-in?date=${await focusDayAhead(page, token)}`);

  const box = page.getByRole("textbox", { name: "Student numbers", exact: true });
  await expect(box).toBeFocused();
  // What a scanner sends: the digits, then Enter, with no mouse and no other key.
  await page.keyboard.type("100021\n", { delay: 5 });
  await page.keyboard.type("100022\n", { delay: 5 });
  await expect(
    page
      .getByRole("list", { name: "Student numbers waiting to be checked in", exact: true })
      .getByRole("listitem"),
  ).toHaveCount(2);
  await expect(box).toBeFocused();
  await page.keyboard.press("Control+Enter");
  // A day that is not today asks first (a check-in for the wrong day is easy to make); the keyboard answers it too.
  const ask = page.getByRole("dialog").filter({ hasText: "is not today" });
  const confirm = ask.getByRole("button", { name: "Check in", exact: true });
  await expect(ask).toBeVisible();
  for (let i = 0; i < 3 && !(await confirm.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(confirm).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Checked in 2 students", { exact: true })).toBeVisible();
  await expect(box).toBeFocused();
  await expectNoSeriousA11yViolations(page);
});

test("an administrator's import list and a wiki post's editor pass axe at both sizes", async ({ page }) => {
  const token = await signIn(page, "admin", "/imports");
  await expect(page).toHaveTitle("Flexblock - Imports");
  await expectNoSeriousA11yViolations(page);

  const headers = { authorization: `Bearer ${token}` };
  const groups = (await (await page.request.get("/api/wiki/groups", { headers })).json()) as { id: number }[];
  const posts = (await (await page.request.get(`/api/wiki/groups/${groups[0]!.id}`, { headers })).json()) as {
    id: number;
    title: string;
  }[];
  await page.goto(`/wiki/post/${posts[0]!.id}/edit`);
  await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(posts[0]!.title);
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("textbox", { name: "Title", exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto("/imports");
  await expect(page).toHaveTitle("Flexblock - Imports");
  await expectNoSeriousA11yViolations(page);
});
