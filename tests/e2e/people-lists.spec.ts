import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

const bodyRows = (page: Page) => page.locator("table tbody tr");

test("a teacher searches, filters and pages the student list, then opens a profile", async ({ page }) => {
  await signIn(page, "teacher", "/students");
  await expect(page).toHaveTitle("Flexblock - Students");
  await expect(page.getByRole("heading", { name: "Students", exact: true, level: 1 })).toBeVisible();
  // A long list starts at 25 rows a page (10 meant paging all day).
  await expect(bodyRows(page)).toHaveCount(25);
  await expect(page.getByRole("columnheader")).toHaveText([/Last name/, /First name/, /Grade/, /Class/]);
  await expectNoSeriousA11yViolations(page);

  const search = page.getByRole("searchbox", { name: "Search students", exact: true });
  await search.fill("Castellano");
  const maya = page.getByRole("link", { name: "Castellano, Maya", exact: true });
  await expect(maya).toBeVisible();
  await expect(bodyRows(page).filter({ has: maya })).toContainText("11");
  await expect(bodyRows(page).filter({ has: maya })).toContainText("Senior");
  await search.fill("");

  // Seniors only, then the second page of them.
  await page.getByRole("combobox", { name: "Class", exact: true }).selectOption("Senior");
  const pager = page.getByText(/^\d+–\d+ of \d+$/);
  await expect(pager).toHaveText(/^1–25 of \d+$/);
  const seniors = Number((await pager.textContent())!.split(" of ")[1]);
  expect(seniors).toBeGreaterThan(25);
  const firstOnPageOne = await bodyRows(page).first().locator("a").textContent();
  await page.getByRole("button", { name: "Next page", exact: true }).click();
  await expect(pager).toHaveText(`26–${Math.min(50, seniors)} of ${seniors}`);
  await expect(bodyRows(page).first().locator("a")).not.toHaveText(firstOnPageOne!);
  for (const row of await bodyRows(page).all()) await expect(row.locator("td").nth(3)).toHaveText("Senior");

  // Back to everyone, find Maya again and open her profile from the keyboard.
  await page.getByRole("combobox", { name: "Class", exact: true }).selectOption("all");
  await search.fill("Maya");
  await maya.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/students\/\d+$/);
  await expect(page.getByRole("heading", { name: "Maya Castellano", exact: true })).toBeVisible();
});

test("a teacher opens the staff list and a colleague's profile", async ({ page }) => {
  await signIn(page, "teacher", "/staff");
  await expect(page).toHaveTitle("Flexblock - Staff");
  await expect(page.getByRole("heading", { name: "Staff", exact: true, level: 1 })).toBeVisible();
  await expect(page.getByRole("columnheader")).toHaveText([/Last name/, /First name/, /Email/, /Position/]);
  // 25 rows a page (other specs, such as the OneRoster import into the demo school, may have added staff).
  const range = page.getByText(/^1–\d+ of \d+$/);
  await expect(range).toBeVisible();
  const [, shown, total] = /^1–(\d+) of (\d+)$/.exec((await range.textContent()) ?? "")!;
  expect(Number(shown)).toBe(Math.min(25, Number(total)));
  await expect.poll(() => bodyRows(page).count()).toBeGreaterThan(5);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("searchbox", { name: "Search staff", exact: true }).fill("Okafor");
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText("admin@demo.school");
  await page.getByRole("link", { name: "Okafor, Amara", exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Ms. Okafor, Amara", exact: true })).toBeVisible();
  await expect(page.getByText("Administrator", { exact: true })).toBeVisible();
});

test("on a phone both lists fold first name and email under the last name", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "teacher", "/staff");
  await expect(page.getByRole("columnheader")).toHaveText([/Last name/]);
  const okafor = bodyRows(page).filter({ has: page.getByRole("link", { name: "Okafor, Amara", exact: true }) });
  await page.getByRole("searchbox", { name: "Search staff", exact: true }).fill("Okafor");
  await expect(okafor).toContainText("admin@demo.school");
  await expectNoSeriousA11yViolations(page);

  await page.goto("/students");
  await expect(page.getByRole("columnheader")).toHaveText([/Last name/, /Grade/, /Class/]);
  await expect(bodyRows(page)).toHaveCount(25);
  await expectNoSeriousA11yViolations(page);
});

test("the rows per page are remembered, and an administrator sees student numbers", async ({ page }) => {
  await signIn(page, "admin", "/students");
  // Administrators always see numbers; the column is there and searchable.
  await expect(page.getByRole("columnheader")).toHaveText([/Last name/, /First name/, /Grade/, /Class/, /Student number/]);
  await page.getByRole("searchbox", { name: "Search students", exact: true }).fill("100001");
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText("Castellano");
  await page.getByRole("searchbox", { name: "Search students", exact: true }).fill("");
  await page.getByRole("combobox", { name: "Rows per page", exact: true }).selectOption("50");
  await expect(bodyRows(page)).toHaveCount(50);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "test-results/people-lists/students-admin-1280.png" });
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Rows per page", exact: true })).toHaveValue("50");
  await expect(bodyRows(page)).toHaveCount(50);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("columnheader")).toHaveText([/Last name/, /Grade/, /Class/]);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "test-results/people-lists/students-admin-390.png" });
  // Another list keeps its own default.
  await page.goto("/staff");
  await expect(page.getByRole("combobox", { name: "Rows per page", exact: true })).toHaveValue("25");
});

test("students cannot read the staff or student lists", async ({ page }) => {
  const token = await signIn(page, "student", "/profile");
  const headers = { authorization: `Bearer ${token}` };
  expect((await page.request.get("/api/staff", { headers })).status()).toBe(403);
  expect((await page.request.get("/api/students", { headers })).status()).toBe(403);
});
