import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

/** The wiki: reading it from Help, finding a post through search, and an administrator writing one. */

const postHeading = (page: Page, title: string) =>
  page.getByRole("heading", { name: title, level: 1, exact: true });

test("a teacher opens the wiki from Help, reads a post, follows a link and finds a post by a word in its body", async ({
  page,
}) => {
  await signIn(page, "teacher", "/check-in");
  await page.getByRole("button", { name: "Help", exact: true }).click();
  await page.getByRole("menuitem", { name: "Flexblock Wiki", exact: true }).click();
  await expect(page).toHaveURL(/\/wiki$/);
  await expect(page).toHaveTitle("Flexblock - Wiki");
  await expect(page.getByRole("link", { name: "Getting started", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "New group", exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "Getting started", exact: true }).click();
  await expect(page).toHaveURL(/\/wiki\/\d+$/);
  await expect(page.getByRole("heading", { name: "Getting started", level: 1, exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Welcome to the Wiki", exact: true }).click();
  await expect(page).toHaveURL(/\/wiki\/post\/\d+$/);
  await expect(postHeading(page, "Welcome to the Wiki")).toBeVisible();
  await expect(page).toHaveTitle("Flexblock - Welcome to the Wiki");
  // A markdown table, rendered as one.
  await expect(page.getByRole("columnheader", { name: "Where", exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A link in the post to another post stays in the app.
  await page.getByRole("link", { name: "Keyboard shortcuts", exact: true }).click();
  await expect(page).toHaveURL(/\/wiki\/post\/\d+$/);
  await expect(postHeading(page, "Keyboard shortcuts")).toBeVisible();
  await page
    .getByRole("navigation", { name: "Breadcrumb", exact: true })
    .getByRole("link", { name: "Getting started", exact: true })
    .click();
  await expect(page).toHaveURL(/\/wiki\/\d+$/);

  // "Bluetooth" is only in the body of the check-in post.
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const search = page.getByRole("dialog", { name: "Search", exact: true });
  await search.getByRole("searchbox").fill("bluetooth");
  const wiki = search.getByRole("region", { name: "Wiki", exact: true });
  await expect(wiki.getByRole("link")).toHaveCount(1);
  await expect(wiki.getByRole("link")).toContainText("USB or Bluetooth barcode scanner");
  await expectNoSeriousA11yViolations(page);
  await wiki.getByRole("link").click();
  await expect(postHeading(page, "Checking students in with a scanner")).toBeVisible();
});

test("an administrator writes a post with a table, sees it rendered, moves it, and deletes it and its group", async ({
  page,
}) => {
  const stamp = Date.now();
  const groupTitle = `Exam week ${stamp}`;
  const postTitle = `Exam rooms ${stamp}`;
  await signIn(page, "admin", "/wiki");

  await page.getByRole("button", { name: "New group", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "New group", exact: true });
  await dialog.getByRole("button", { name: "Create group", exact: true }).click();
  await expect(dialog.getByText("This field cannot be empty.", { exact: true })).toBeVisible();
  await dialog.getByRole("textbox", { name: "Title", exact: true }).fill(groupTitle);
  await dialog.getByRole("textbox", { name: "Subtitle", exact: true }).fill("Where each exam is held");
  await dialog.getByRole("button", { name: "Create group", exact: true }).click();
  await page.getByRole("link", { name: groupTitle, exact: true }).click();
  await expect(page.getByText("No Wiki posts were found", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "New post", exact: true }).click();
  await expect(page).toHaveURL(/\/wiki\/\d+\/new$/);
  await expect(page.getByRole("heading", { name: "New post", level: 1, exact: true })).toBeVisible();
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(postTitle);
  await page
    .getByRole("textbox", { name: "Post", exact: true })
    .fill(
      "Rooms for the week.\n\n| Exam | Room |\n| --- | --- |\n| Math 10 | Library |\n\n- [x] Book rooms\n- [ ] Post seating\n\n<b>not bold</b>\n",
    );
  // The live preview renders the table while typing.
  const preview = page.getByRole("region", { name: "Preview", exact: true });
  await expect(preview.getByRole("cell", { name: "Library", exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Publish", exact: true }).click();

  await expect(postHeading(page, postTitle)).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Room", exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Math 10", exact: true })).toBeVisible();
  await expect(page.getByText("Done:", { exact: true })).toBeAttached();
  // Raw HTML is shown as the text it is, never as markup.
  await expect(page.getByText("<b>not bold</b>", { exact: true })).toBeVisible();
  await expect(page.locator("article b")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Move it to another group from the editor.
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await page.getByLabel("Group", { exact: true }).selectOption({ label: "Getting started" });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb", exact: true });
  await expect(crumbs.getByRole("link", { name: "Getting started", exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete post", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Getting started", level: 1, exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: postTitle, exact: true })).toHaveCount(0);

  await page.goto("/wiki");
  await page.getByRole("button", { name: `Change ${groupTitle}`, exact: true }).click();
  await page.getByRole("menuitem", { name: "Delete", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete group", exact: true }).click();
  await expect(page.getByRole("link", { name: groupTitle, exact: true })).toHaveCount(0);
});

test("on a phone the wiki screens pass axe, and a path with no post says so", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "teacher", "/wiki");
  await expect(page.getByRole("link", { name: "Teaching with Flexblock", exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Teaching with Flexblock", exact: true }).click();
  await expect(
    page.getByRole("link", { name: "Booking appointments and amendments", exact: true }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Booking appointments and amendments", exact: true }).click();
  await expect(page).toHaveURL(/\/wiki\/post\/\d+$/);
  await expect(postHeading(page, "Booking appointments and amendments")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A table's words stay whole on a narrow screen ("Attended", not "Atte|nded"); a wide table scrolls.
  await page.goto("/wiki");
  await page.getByRole("link", { name: "Getting started", exact: true }).click();
  await page.getByRole("link", { name: "What the calendar colours mean", exact: true }).click();
  await expect(postHeading(page, "What the calendar colours mean")).toBeVisible();
  for (const word of ["Attended", "Missed", "Amended"]) {
    const cell = page.getByRole("cell", { name: word, exact: true });
    const lines = await cell.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines, `"${word}" on one line`).toBe(1);
  }

  await page.goto("/wiki/post");
  await expect(page.getByText("No Wiki post selected", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto("/wiki/post/999999");
  await expect(page.getByText("This wiki post could not be found.", { exact: true })).toBeVisible();
});

test("a post for students prints as the post alone: no menus, breadcrumbs or buttons", async ({ page }) => {
  await signIn(page, "admin", "/wiki");
  await page.getByRole("link", { name: "For students", exact: true }).click();
  const title = "Planning your Focus Block (for students)";
  await page.getByRole("link", { name: title, exact: true }).click();
  await expect(postHeading(page, title)).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit", exact: true })).toBeVisible();

  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("complementary", { name: "Side menu", exact: true })).toBeHidden();
  await expect(page.getByRole("complementary", { name: "Toolbar", exact: true })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Breadcrumb", exact: true })).toBeHidden();
  await expect(page.getByRole("link", { name: "Edit", exact: true })).toBeHidden();
  await expect(postHeading(page, title)).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Meaning", exact: true })).toBeVisible();
  // The post starts at the page's left edge, where the side menu was.
  expect((await page.getByRole("main").boundingBox())!.x).toBeLessThan(1);
  await page.emulateMedia({ media: "screen" });
  await expect(page.getByRole("navigation", { name: "Breadcrumb", exact: true })).toBeVisible();
});

test("students read only the help meant for them, and never the staff wiki's screens", async ({ page }) => {
  const token = await signIn(page, "student", "/profile");
  const response = await page.request.get("/api/wiki/groups", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  expect(((await response.json()) as { title: string }[]).map((group) => group.title)).toEqual(["For students"]);
  await page.goto("/wiki");
  await expect(page).toHaveURL(/\/profile$/);
});

test("an administrator's unsaved edits are not thrown away by Cancel or a link without asking", async ({ page }) => {
  await signIn(page, "admin", "/wiki");
  await page.getByRole("link", { name: "Getting started", exact: true }).click();
  await page.getByRole("link", { name: "Keyboard shortcuts", exact: true }).click();
  await expect(postHeading(page, "Keyboard shortcuts")).toBeVisible();
  const postUrl = page.url();

  await page.getByRole("link", { name: "Edit", exact: true }).click();
  const title = page.getByRole("textbox", { name: "Title", exact: true });
  await expect(title).toHaveValue("Keyboard shortcuts");
  await title.fill("Keyboard shortcuts (draft)");
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  const discard = page.getByRole("dialog", { name: "Discard your changes?", exact: true });
  await expect(discard).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await discard.getByRole("button", { name: "Keep editing", exact: true }).click();
  await expect(title).toHaveValue("Keyboard shortcuts (draft)");

  // A link to another screen asks too; staying keeps the words.
  const asked: string[] = [];
  page.once("dialog", (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page
    .getByRole("navigation", { name: "Breadcrumb", exact: true })
    .getByRole("link", { name: "Wiki", exact: true })
    .click();
  await expect.poll(() => asked).toEqual(["Leave without saving? Your changes to this post will be lost."]);
  await expect(title).toHaveValue("Keyboard shortcuts (draft)");

  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await discard.getByRole("button", { name: "Discard changes", exact: true }).click();
  await expect(page).toHaveURL(postUrl);
  await expect(postHeading(page, "Keyboard shortcuts")).toBeVisible();

  // Nothing changed: Cancel leaves at once.
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(title).toHaveValue("Keyboard shortcuts");
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(page).toHaveURL(postUrl);
});

test("a student opens Help from their page and reads the pages written for students, on a phone too", async ({
  page,
}) => {
  await signIn(page, "student", "/profile");
  await page.getByRole("link", { name: "Help", exact: true }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page).toHaveTitle("Flexblock - Help");
  await expect(page.getByRole("heading", { name: "For students", level: 2 })).toBeVisible();
  // Staff help is not offered to students.
  await expect(page.getByRole("heading", { name: "For administrators" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "Planning your Focus Block (for students)", exact: true }).click();
  await expect(page).toHaveURL(/\/help\/\d+$/);
  await expect(postHeading(page, "Planning your Focus Block (for students)")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole("link", { name: "All help", exact: true }).first().click();
  await expect(page).toHaveURL(/\/help$/);
  await page.getByRole("link", { name: "Back to your week", exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
