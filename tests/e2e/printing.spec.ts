import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

/**
 * The printable views and the print stylesheet: each view is reached from its screen, its Print button
 * opens the browser's print dialog (stubbed: the call is counted), and in print media the page is the
 * content alone (no rail, no buttons), headed by the school's name, and no wider than a sheet. The PDFs
 * (Letter and A4) are saved under test-results/printing for a person to look at.
 */

const SHOTS = "test-results/printing";
const SCHOOL = "Demo Secondary School";
/** The printable width in CSS pixels (96 per inch) of the narrower sheet, A4 (210 mm), less the 12 mm margins. */
const A4_PRINTABLE = Math.floor(((210 - 24) / 25.4) * 96);

test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

declare global {
  interface Window {
    printCalls?: number;
  }
}

/** window.print counts its calls instead of opening a dialog a headless browser cannot close. */
async function stubPrint(page: Page) {
  await page.addInitScript(() => {
    window.printCalls = 0;
    window.print = () => {
      window.printCalls = (window.printCalls ?? 0) + 1;
    };
  });
}

async function pressPrint(page: Page) {
  const before = await page.evaluate(() => window.printCalls ?? 0);
  await page.getByRole("button", { name: "Print", exact: true }).click();
  await expect.poll(() => page.evaluate(() => window.printCalls)).toBe(before + 1);
}

/** The screen view passes axe at 1280×800 and 390 px wide; a screenshot of each. */
async function checkScreens(page: Page, name: string) {
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * In print media, laid out at the printable width of A4 (narrower than Letter's): the rail and the side
 * menu are gone, no button shows (but a name marked to print as text), the school's name
 * heads the page, and no element's right edge passes the sheet's (no cut column, no clipped table).
 * Then the PDFs on Letter and A4.
 */
async function expectPrintsOnPaper(page: Page, name: string) {
  await page.emulateMedia({ media: "print" });
  await page.setViewportSize({ width: A4_PRINTABLE, height: 1000 });
  await expect(page.getByRole("complementary", { name: "Toolbar", exact: true })).toBeHidden();
  await expect(page.getByRole("complementary", { name: "Side menu", exact: true })).toBeHidden();
  await expect(page.locator("[data-print-heading]")).toBeVisible();
  await expect(page.locator("[data-print-heading]")).toContainText(SCHOOL);
  const paper = await page.evaluate((width) => {
    const shown = (el: Element) => el.getClientRects().length > 0;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
    const wide = [...document.querySelectorAll("body *")]
      .filter((el) => shown(el) && el.getBoundingClientRect().right > width + 1)
      .map(describe);
    const clipped = [...document.querySelectorAll("table")]
      .filter(
        (table) =>
          table.scrollWidth > table.clientWidth + 1 || table.getBoundingClientRect().right > width + 1,
      )
      .map(describe);
    const buttons = [...document.querySelectorAll("button")]
      .filter((b) => shown(b) && !b.hasAttribute("data-print-text"))
      .map(describe);
    return { wide, clipped, buttons, pageWider: document.documentElement.scrollWidth > width };
  }, A4_PRINTABLE);
  expect(paper).toEqual({ wide: [], clipped: [], buttons: [], pageWider: false });
  await page.screenshot({ path: `${SHOTS}/${name}-print.png`, fullPage: true });
  for (const format of ["Letter", "A4"] as const) {
    const pdf = await page.pdf({ path: `${SHOTS}/${name}-${format}.pdf`, format });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  }
  await page.emulateMedia({ media: "screen" });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a teacher prints tomorrow's Focus Block list from check-in", async ({ page }) => {
  test.setTimeout(180_000);
  await stubPrint(page);
  const token = await signIn(page, "teacher", "/check-in");
  // "Next day" is the next date with a Focus Block: the list a supply teacher needs tomorrow.
  await page.getByRole("button", { name: "Next day", exact: true }).click();
  await expect(page).toHaveURL(/[?&]date=\d{4}-\d{2}-\d{2}/);
  await page.getByRole("link", { name: "Print list", exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/\d+\/print(\?date=\d{4}-\d{2}-\d{2})?$/);
  // The link names the day it was on: check-in's next Focus Block day.
  const [, staffId, date] = /\/staff\/(\d+)\/print\?date=(\d{4}-\d{2}-\d{2})$/.exec(page.url()) ?? [];
  expect(date, page.url()).toBeTruthy();
  await expect(
    page.getByRole("heading", { level: 1, name: "Focus Block list: Mr. Reyes, Daniel", exact: true }),
  ).toBeVisible();

  // The students the teacher's week gives for that date: planned and with an appointment, each once.
  const week = await page.request.get(`/api/staff/${staffId}/schedule/${date}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  type Block = {
    flex: boolean;
    planned: { student: { id: number } }[];
    appointments: { student: { id: number } }[];
  };
  const day = (
    (await week.json()) as { schedule: { date: { iso: string }; blocks: Block[] }[] }
  ).schedule.find((d) => d.date.iso === date)!;
  const flex = day.blocks.filter((b) => b.flex);
  expect(flex.length).toBeGreaterThan(0);
  const expected = new Set([...flex[0]!.planned, ...flex[0]!.appointments].map((p) => p.student.id)).size;
  if (expected > 0) {
    const table = page.getByRole("table", { name: /^Students expected in / });
    await expect(table.getByRole("row")).toHaveCount(expected + 1);
    await expect(table.getByRole("columnheader", { name: "Here", exact: true })).toBeVisible();
  } else {
    await expect(page.getByText("No students scheduled.", { exact: true })).toBeVisible();
  }

  await checkScreens(page, "focus-block-list");
  await pressPrint(page);
  await expectPrintsOnPaper(page, "focus-block-list");
});

test("a teacher prints a section's class list from the course page", async ({ page }) => {
  test.setTimeout(120_000);
  await stubPrint(page);
  await signIn(page, "teacher", "/courses/SCI10");
  await page
    .getByRole("link", { name: /^Print the class list of section / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/courses\/SCI10\/print(\?section=\d+)?$/);
  expect(new URL(page.url()).searchParams.get("section")).toMatch(/^\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: /^Class list: / })).toBeVisible();
  const table = page.getByRole("table", { name: /^Class list of / });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Homeroom", exact: true })).toBeVisible();
  await checkScreens(page, "class-list");
  await pressPrint(page);
  await expectPrintsOnPaper(page, "class-list");
});

test("a teacher prints a student's week from the profile", async ({ page }) => {
  test.setTimeout(120_000);
  await stubPrint(page);
  const token = await signIn(page, "teacher");
  const students = await page.request.get("/api/students", { headers: { authorization: `Bearer ${token}` } });
  const maya = ((await students.json()) as { id: number; name: string }[]).find(
    (s) => s.name === "Maya Castellano",
  )!;
  await page.goto(`/students/${maya.id}`);
  await page.getByRole("link", { name: "Print week", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/students/${maya.id}/print`));
  await expect(
    page.getByRole("heading", { level: 1, name: "Week of Maya Castellano", exact: true }),
  ).toBeVisible();
  // A table per school day, each block a row.
  await expect(
    page
      .getByRole("table", { name: /^Maya Castellano, / })
      .first()
      .getByRole("row")
      .nth(1),
  ).toBeVisible();
  await checkScreens(page, "student-week");
  await pressPrint(page);
  await expectPrintsOnPaper(page, "student-week");
});

test("an administrator prints the attendance report with every row, by student and by day", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await stubPrint(page);
  await signIn(page, "admin", "/reports");
  const table = page.getByRole("table", { name: "Attendance by student", exact: true });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  await checkScreens(page, "report");
  await pressPrint(page);
  // On screen a page of 25; on paper every student of the report.
  const total = Number(/of (\d+)/.exec((await page.getByText(/^\d+–\d+ of \d+$/).textContent()) ?? "")?.[1]);
  await expectPrintsOnPaper(page, "report");
  await page.emulateMedia({ media: "print" });
  await expect(table.getByRole("row")).toHaveCount(total + 1);
  await expect(
    page.getByText(/^By student, \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} · All grades · All clusters$/),
  ).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  await page.getByRole("tab", { name: "By day", exact: true }).click();
  await expect(page.getByRole("table", { name: "Attendance by day", exact: true })).toBeVisible();
  await expectPrintsOnPaper(page, "report-by-day");
});

test("an administrator prints the dashboard", async ({ page }) => {
  test.setTimeout(180_000);
  await stubPrint(page);
  await signIn(page, "admin", "/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1, exact: true })).toBeVisible();
  await expect(page.getByRole("table", { name: "Never chose", exact: true }).getByRole("row").nth(1)).toBeVisible();
  await pressPrint(page);
  await expectPrintsOnPaper(page, "dashboard");
});
