import type { Locator, Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

/** The search panel's detail lines and "Show all", driven from the keyboard alone. */

interface Found {
  totals: Record<string, number>;
  results: {
    students: { id: number; first_name: string; last_name: string; grade: number }[];
    staff: { id: number; title: string; first_name: string; last_name: string; email: string }[];
    courses: { name: string; short_name: string; teacher: { name: string } | null }[];
  };
}

async function searchApi(page: Page, token: string, query: string): Promise<Found> {
  const res = await page.request.get(`/api/search?query=${encodeURIComponent(query)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return res.json();
}

/** Presses Tab until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

test("a teacher sees all of a kind with Show all, goes back, and opens a student, from the keyboard alone", async ({
  page,
}) => {
  const token = await signIn(page, "teacher", "/check-in");
  // A query with more students than the five the panel lists; the demo's names come from the seed.
  let query = "";
  let total = 0;
  for (const candidate of ["an", "ar", "el", "er", "in", "on", "ma", "a"]) {
    total = (await searchApi(page, token, candidate)).totals.students!;
    if (total > 5) {
      query = candidate;
      break;
    }
  }
  expect(total).toBeGreaterThan(5);
  const shown = Math.min(total, 50);

  await tabTo(page, page.getByRole("button", { name: "Search", exact: true }));
  await page.keyboard.press("Enter");
  const panel = page.getByRole("dialog", { name: "Search", exact: true });
  await expect(panel.getByRole("searchbox")).toBeFocused();
  await page.keyboard.type(query);
  const students = panel.getByRole("region", { name: "Students", exact: true });
  await expect(students.getByRole("link")).toHaveCount(5);
  // Each row: the name, and the grade (then the homeroom, when the student has one) as its description.
  await expect(students.getByRole("link").first()).toHaveAccessibleDescription(/^Grade (8|9|10|11|12)( · Homeroom .+)?$/);

  const showAll = panel.getByRole("button", { name: `Show all ${total} students`, exact: true });
  await tabTo(page, showAll);
  await page.keyboard.press("Enter");
  const all = panel.getByTestId("search-all-students");
  await expect(all.getByRole("heading", { name: "Students", exact: true })).toBeFocused();
  await expect(all.getByRole("link")).toHaveCount(shown);
  await expect(
    all.getByText(shown < total ? `${shown} of ${total} students` : `${total} students`, { exact: true }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Back to every group: focus lands on the button that opened the list.
  await page.keyboard.press("Shift+Tab");
  await expect(panel.getByRole("button", { name: "All results", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(showAll).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(all.getByRole("heading", { name: "Students", exact: true })).toBeFocused();
  await page.keyboard.press("Tab");
  const first = all.getByRole("link").first();
  await expect(first).toBeFocused();
  const href = await first.getAttribute("href");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(panel).toHaveCount(0);
});

test("detail lines: a staff member's email, a course's teacher; Show all on a phone passes axe", async ({
  page,
}) => {
  const token = await signIn(page, "teacher", "/check-in");
  const reyes = (await searchApi(page, token, "Reyes")).results.staff.find((s) => s.first_name === "Daniel")!;
  const course = (await searchApi(page, token, "SCI10")).results.courses[0]!;

  await page.getByRole("button", { name: "Search", exact: true }).click();
  const panel = page.getByRole("dialog", { name: "Search", exact: true });
  await panel.getByRole("searchbox").fill("Reyes");
  const staff = panel.getByRole("region", { name: "Staff", exact: true });
  await expect(
    staff.getByRole("link", { name: "Mr. Reyes, Daniel", exact: true }),
  ).toHaveAccessibleDescription(reyes.email);
  await panel.getByRole("searchbox").fill("SCI10");
  const courses = panel.getByRole("region", { name: "Courses", exact: true });
  await expect(courses.getByRole("link", { name: course.name, exact: true })).toHaveAccessibleDescription(
    course.teacher?.name ?? "No teacher",
  );
  await page.keyboard.press("Escape");

  await page.setViewportSize({ width: 390, height: 844 });
  let query = "a";
  for (const candidate of ["an", "ar", "el", "er", "a"]) {
    if ((await searchApi(page, token, candidate)).totals.students! > 5) {
      query = candidate;
      break;
    }
  }
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await panel.getByRole("searchbox").fill(query);
  await panel.getByRole("button", { name: /^Show all \d+ students$/ }).click();
  await expect(panel.getByTestId("search-all-students").getByRole("link").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
