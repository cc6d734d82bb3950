import fs from "node:fs";
import path from "node:path";
import type { Page, Response } from "@playwright/test";
import type { DashboardAnswer } from "@/lib/dashboard/schemas";
import { expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

/**
 * The dashboard on the demo school (which has a few students who never choose, lib/demo/placement):
 * an administrator finds who never chose in the last four weeks and opens one; the filters live in
 * the address; a teacher sees the page for their own students and blocks. Read-only: it changes no data.
 */
const SHOTS = process.env.E2E_SHOTS_DIR ?? "test-results";
const mainMenu = (page: Page) => page.getByRole("navigation", { name: "Main", exact: true });

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({
    path: path.join(SHOTS, `${name}-${page.viewportSize()?.width ?? 0}.png`),
    fullPage: true,
  });
}

/** The next JSON answer of GET /api/dashboard (not a CSV). */
const nextAnswer = (page: Page) =>
  page
    .waitForResponse(
      (r: Response) => r.url().includes("/api/dashboard") && !r.url().includes("format=csv") && r.ok(),
    )
    .then(async (r) => (await r.json()) as DashboardAnswer);

/** No sideways scrolling of the page itself: wide tables scroll inside their cards. */
async function expectNoPageScroll(page: Page) {
  // Polled: the chart lays itself out again a frame or two after the viewport narrows.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test("an administrator finds the students who never chose and opens one", async ({ page }) => {
  // Two widths checked with axe, a download and a student page: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "admin", "/check-in");
  const first = nextAnswer(page);
  await mainMenu(page).getByRole("link", { name: "Dashboard", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle("Flexblock - Dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1, exact: true })).toBeVisible();
  const answer = await first;
  expect(answer.scope.staff_id).toBeNull();
  expect(answer.school_days).toBeGreaterThan(0);
  const never = answer.follow_up.never_chose;
  expect(never.length, "the demo school has students who never choose").toBeGreaterThan(0);

  const table = page.getByRole("table", { name: "Never chose", exact: true });
  await expect(table.getByRole("row")).toHaveCount(Math.min(never.length, 5) + 1);
  await expect(page.getByRole("heading", { name: `Never chose ${never.length}`, exact: true })).toBeVisible();
  // The chart's numbers, behind the disclosure.
  await page.getByRole("button", { name: "Show the numbers", exact: true }).click();
  const numbers = page.getByRole("table", { name: "Participation by school day", exact: true });
  await expect(numbers.getByRole("row")).toHaveCount(answer.participation.length + 1);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "dashboard-admin");

  // The list's CSV: the students on screen.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV: Never chose", exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`dashboard-never-chose-${answer.from}-to-${answer.to}.csv`);
  const csv = fs.readFileSync((await file.path())!, "utf8");
  for (const student of never) expect(csv).toContain(student.name);

  // A threshold goes into the address and survives a reload.
  const changed = nextAnswer(page);
  await page.getByLabel("Missed N or more", { exact: true }).fill("2");
  await expect(page).toHaveURL(/[?&]missed_min=2(&|$)/);
  expect((await changed).thresholds.missed_min).toBe(2);
  await page.reload();
  await expect(page.getByLabel("Missed N or more", { exact: true })).toHaveValue("2");
  await expect(page.getByRole("heading", { name: /^Missed 2 or more \d+$/ })).toBeVisible();

  // At phone width the page reads without scrolling sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  await expectNoPageScroll(page);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "dashboard-admin");

  // Open the student with the most blocks placed for them.
  const student = [...never].sort((a, b) => b.count - a.count)[0]!;
  await table.getByRole("link", { name: student.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/students/${student.student_id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a teacher sees the dashboard of their own students and blocks", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const first = nextAnswer(page);
  await signIn(page, "teacher", "/dashboard");
  await expect(page).toHaveTitle("Flexblock - Dashboard");
  await expect(page.getByText("Your students and your Focus Blocks", { exact: false })).toBeVisible();
  const answer = await first;
  expect(answer.scope.staff_id).not.toBeNull();
  // No teacher picker: a teacher's scope is their own.
  await expect(page.getByLabel("Teacher", { exact: true })).toHaveCount(0);
  const load = page.getByRole("table", { name: "Teacher load", exact: true });
  for (const row of answer.teacher_load) {
    await expect(load.getByRole("link", { name: row.name, exact: true })).toBeVisible();
  }
  expect(answer.teacher_load.every((row) => row.staff_id === answer.scope.staff_id)).toBe(true);
  await expect(page.getByRole("heading", { name: /^Never chose \d+$/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "dashboard-teacher");

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoPageScroll(page);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "dashboard-teacher");
});

test("a link with a filter the school does not have says why, and the filters clear", async ({ page }) => {
  await signIn(page, "admin", "/dashboard?grade=13&missed_min=2");
  const problem = page.getByRole("alert").filter({ hasText: "These filters cannot be shown." });
  await expect(problem).toContainText("Grade 13 is not one of the school's grades");
  await expectNoSeriousA11yViolations(page);
  await problem.getByRole("button", { name: "Clear the filters", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: /^Never chose \d+$/ })).toBeVisible();
});

test("a student is not offered the dashboard", async ({ page }) => {
  await signIn(page, "student", "/dashboard");
  await expect(page).toHaveURL(/\/profile$/);
});
