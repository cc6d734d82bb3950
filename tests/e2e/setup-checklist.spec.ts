import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

/**
 * The setup checklist (/setup) for administrators in the browser, and who takes
 * Focus Block students, set on a staff profile and for many at once from the staff list.
 */

interface Checklist {
  items: { key: string; title: string; done: boolean; detail: string; href: string; help: string | null; optional?: boolean }[];
  preview: { first_day: string; days: { date: string; label: string; blocks: { label: string }[] }[] } | null;
}
interface StaffItem {
  id: number;
  last_name: string;
  first_name: string;
  capacity: number | null;
  takes_students: boolean;
}

const api = (page: Page, token: string) => ({
  get: async <T>(path: string) => {
    const response = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status(), path).toBe(200);
    return (await response.json()) as T;
  },
  post: (path: string, data: unknown) =>
    page.request.post(path, { data, headers: { authorization: `Bearer ${token}` } }),
});

test("an administrator opens Setup from the side menu: every step, its screen and help, and the first week", async ({
  page,
}) => {
  const token = await signIn(page, "admin", "/staff");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Setup", exact: true })
    .click();
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page).toHaveTitle("Flexblock - Setup");
  await expect(page.getByRole("heading", { name: "Setup", level: 1 })).toBeVisible();

  // The page shows what GET /api/setup answers, step by step.
  const checklist = await api(page, token).get<Checklist>("/api/setup");
  // Ten steps (Homerooms among them: default placement depends on it), and the optional Email step.
  expect(checklist.items.map((item) => item.key)).toContain("homerooms");
  expect(checklist.items.filter((item) => item.optional).map((item) => item.key)).toEqual(["email"]);
  const required = checklist.items.filter((item) => !item.optional);
  const steps = required.length;
  expect(steps).toBe(10);
  for (const item of checklist.items) {
    const row = page.getByTestId(`setup-step-${item.key}`);
    await expect(row.getByRole("link", { name: item.title, exact: true })).toHaveAttribute("href", item.href);
    await expect(row).toContainText(item.done ? "Done" : item.optional ? "Optional" : "Not done");
    await expect(row).toContainText(item.detail);
    if (item.help)
      await expect(row.getByRole("link", { name: `Help: ${item.title}` })).toHaveAttribute("href", item.help);
  }
  const done = required.filter((item) => item.done).length;
  await expect(page.getByText(done === steps ? "Every step is done." : `${done} of ${steps} steps done`)).toBeVisible();

  const preview = page.getByRole("region", {
    name: "What a student and a teacher will see on the first day",
  });
  await expect(preview).toBeVisible();
  if (checklist.preview) {
    const first = checklist.preview.days[0]!;
    await expect(
      preview.getByText(`The first Focus Block is on ${first.label}.`, { exact: false }),
    ).toBeVisible();
    const day = preview.getByRole("article", { name: first.label });
    await expect(day).toContainText("First day");
    for (const block of first.blocks) await expect(day).toContainText(block.label);
  } else {
    await expect(preview).toContainText("No school day with a Focus Block yet");
  }
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "test-results/setup-checklist-1280.png", fullPage: true });

  // On a phone nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("heading", { name: "Setup", level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "test-results/setup-checklist-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A step opens its screen.
  await page.getByTestId("setup-step-staff").getByRole("link", { name: "Staff", exact: true }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole("heading", { name: "Staff", level: 1 })).toBeVisible();
});

test("a class without a meeting time leaves Courses and enrolments not done, saying what to do", async ({ page }) => {
  const token = await signIn(page, "admin", "/setup");
  const headers = { authorization: `Bearer ${token}` };
  const course = await page.request.post("/api/courses", { headers, data: { name: "Checklist Chemistry", short_name: "CHKCHEM" } });
  expect(course.status(), await course.text()).toBe(201);
  const section = await page.request.post("/api/courses/CHKCHEM/sections", { headers, data: { code: "CHKCHEM-A" } });
  expect(section.status(), await section.text()).toBe(201);
  const sectionId = ((await section.json()) as { id: number }).id;
  try {
    await page.reload();
    const row = page.getByTestId("setup-step-courses_and_enrolments");
    await expect(row).toContainText("Not done");
    await expect(row).toContainText(
      /classes? (has|have) no meeting time yet, so (it is|they are) on nobody's calendar: give (it|each) its blocks on its course page\./,
    );
    await expect(row.getByRole("link", { name: "Courses and enrolments", exact: true })).toHaveAttribute("href", "/courses");
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: "test-results/setup-checklist-meetings-1280.png", fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: "test-results/setup-checklist-meetings-390.png", fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  } finally {
    // As it was, for the other tests: the section and the course archived.
    expect((await page.request.delete(`/api/sections/${sectionId}`, { headers })).status()).toBeLessThan(300);
    expect((await page.request.put("/api/courses/CHKCHEM", { headers, data: { archived: true } })).status()).toBe(200);
  }
  await page.reload();
  await expect(page.getByTestId("setup-step-courses_and_enrolments")).not.toContainText("has no meeting time");
});

test("a teacher has no Setup: not in the menu, /setup sends them on, and the API answers 403", async ({
  page,
}) => {
  const token = await signIn(page, "teacher", "/setup");
  await expect(page).not.toHaveURL(/\/setup$/);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Setup" }),
  ).toHaveCount(0);
  const response = await page.request.get("/api/setup", { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(403);
});

test("an administrator sets who takes Focus Block students: one on the profile, several from the staff list", async ({
  page,
}) => {
  const token = await signIn(page, "admin", "/staff");
  const before = await api(page, token).get<StaffItem[]>("/api/staff");
  const reyes = before.find((s) => s.last_name === "Reyes")!;
  expect(reyes.takes_students).toBe(true);

  // One at a time, on the profile.
  await page.getByRole("searchbox", { name: "Search staff", exact: true }).fill("Reyes");
  await page.getByRole("link", { name: "Reyes, Daniel", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/${reyes.id}$`));
  const panel = page.getByRole("region", { name: "Focus Block" });
  const toggle = panel.getByRole("switch", { name: "Takes Focus Block students" });
  await expect(toggle).toBeChecked();
  await expect(panel.getByRole("spinbutton", { name: "Capacity" })).toHaveValue(String(reyes.capacity));
  await expectNoSeriousA11yViolations(page);
  await toggle.click();
  await expect(page.getByText("Mr. Reyes, Daniel no longer takes Focus Block students.")).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await expect(page.getByText("No Focus Block students", { exact: true })).toBeVisible();
  const off = await api(page, token).get<StaffItem[]>("/api/staff");
  expect(off.find((s) => s.id === reyes.id)!.takes_students).toBe(false);
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(page.getByText("No Focus Block students", { exact: true })).toHaveCount(0);

  // Several at once, from the list: the first two rows get capacity 29.
  await page.goto("/staff");
  await expect(page.getByRole("columnheader", { name: /Capacity/ })).toBeVisible();
  const rows = page.locator("table tbody tr");
  const chosen: number[] = [];
  for (const index of [0, 1]) {
    const box = rows.nth(index).getByRole("checkbox");
    await box.click();
    await expect(box).toBeChecked();
    chosen.push(
      Number((await rows.nth(index).getByRole("link").first().getAttribute("href"))!.split("/").pop()),
    );
  }
  await page.getByRole("button", { name: "Focus Block (2)" }).click();
  const dialog = page.getByRole("dialog", { name: "Focus Block" });
  await expect(dialog).toContainText("For the 2 staff members you selected.");
  await dialog.getByRole("spinbutton", { name: "Capacity" }).fill("29");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(/^Updated 2 staff members\.$/)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  for (const index of [0, 1]) await expect(rows.nth(index)).toContainText("29");
  const after = await api(page, token).get<StaffItem[]>("/api/staff");
  expect(after.filter((s) => chosen.includes(s.id)).map((s) => s.capacity)).toEqual([29, 29]);

  // As they were, for the other tests.
  for (const id of chosen) {
    const capacity = before.find((s) => s.id === id)!.capacity;
    expect((await api(page, token).post("/api/staff/bulk", { ids: [id], capacity })).status()).toBe(200);
  }
});
