import fs from "node:fs";
import { parse } from "csv-parse/sync";
import { expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

test("a teacher opens the reports, filters by grade and downloads the CSV", async ({ page }) => {
  // Four screens checked with axe, a download and a drill-down: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const reportUrls = watchReportRequests(page);
  const token = await signIn(page, "teacher", "/reports");
  await expect(page).toHaveTitle("Flexblock - Reports");
  await expect(page.getByRole("heading", { name: "Reports", level: 1, exact: true })).toBeVisible();
  const table = page.getByRole("table", { name: "Attendance by student", exact: true });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The grade with the most of the teacher's students in the default range (the last four weeks).
  const answer = await page.request.get(`/api/reports/attendance?${currentRange(reportUrls)}&group_by=student`, {
    headers: { authorization: `Bearer ${token}` },
  });
  type Row = { student: { name: string; grade: number }; attended: number; missed: number; excused: number };
  const rows = ((await answer.json()) as { rows: Row[] }).rows;
  expect(rows.length).toBeGreaterThan(0);
  const blocksOf = (r: Row) => r.attended + r.missed + r.excused;
  // On the first day of the school year (before its first block) no Focus Block has ended in the last four
  // weeks: the students are listed with nothing recorded, and the drill-down and By day say so.
  const anyEnded = rows.some((r) => blocksOf(r) > 0);
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(r.student.grade, (counts.get(r.student.grade) ?? 0) + 1);
  const [grade, expected] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;

  await page.getByLabel("Grade", { exact: true }).selectOption(String(grade));
  await expect(table.getByRole("row")).toHaveCount(Math.min(expected, 25) + 1);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV", exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^attendance-by-student-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = parse(fs.readFileSync((await file.path())!, "utf8"), { bom: true }) as string[][];
  expect(csv[0]).toEqual([
    "student_number",
    "student_name",
    "grade",
    "attended",
    "missed",
    "excused",
    "attendance_rate_percent",
    "appointments",
    "missed_appointments",
  ]);
  expect(csv.length - 1).toBe(expected);
  for (const row of csv.slice(1)) expect(row[2]).toBe(String(grade));

  // Drill down from a student to their blocks.
  const student = table.getByRole("row").nth(1).getByRole("button");
  const name = (await student.textContent())!.trim();
  expect(csv.map((row) => row[1])).toContain(name);
  const studentsRow = rows.find((r) => r.student.name === name)!;
  await student.click();
  const dialog = page.getByRole("dialog", { name: `${name}'s Focus Blocks`, exact: true });
  if (blocksOf(studentsRow) > 0) {
    await expect(dialog.getByRole("table", { name: `Focus Blocks of ${name}`, exact: true }).getByRole("row").nth(1)).toBeVisible();
  } else {
    await expect(dialog.getByText("No attendance recorded", { exact: true })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Close", exact: true }).click();

  // By day: a chart with the same numbers as the table beside it.
  await page.getByRole("tab", { name: "By day", exact: true }).click();
  if (anyEnded) {
    await expect(page.getByText("Attendance rate by day (%)", { exact: true })).toBeVisible();
    await expect(page.getByRole("table", { name: "Attendance by day", exact: true }).getByRole("row").nth(1)).toBeVisible();
  } else {
    await expect(page.getByText("No Focus Block has ended in these dates yet.", { exact: true })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);

  // At phone width the screen still works.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("tab", { name: "By student", exact: true }).click();
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  // Read without scrolling sideways: secondary columns move under the student's name.
  const first = table.getByRole("row").nth(1).getByRole("cell").first();
  await expect(first.getByRole("term").filter({ hasText: "Excused:" })).toBeVisible();
  // includeHidden, so the locator finds the header it then says is hidden (a misspelt name would pass vacuously).
  const excused = table.getByRole("columnheader", { name: "Excused", exact: true, includeHidden: true });
  await expect(excused).toHaveCount(1);
  await expect(excused).toBeHidden();
  expect(await table.evaluate((t) => t.scrollWidth - t.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
});

test("a student is not offered the reports", async ({ page }) => {
  const token = await signIn(page, "student", "/reports");
  await expect(page).toHaveURL(/\/profile$/);
  const answer = await page.request.get("/api/reports/attendance?from=2026-01-01&to=2026-01-31&group_by=day", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(403);
});

/**
 * The report requests the screen makes, seen from the start. (Reading the page's resource timing missed
 * them once: its buffer holds 250 entries and fills up over sign-in and the shell's polls.)
 */
function watchReportRequests(page: import("@playwright/test").Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/reports/attendance?")) urls.push(request.url());
  });
  return urls;
}

/** The range the screen asked for (it picks the school's last four weeks), read from its first request. */
function currentRange(urls: string[]): string {
  expect(urls.length, "the reports screen asked for a report").toBeGreaterThan(0);
  const url = new URL(urls[0]!);
  return `from=${url.searchParams.get("from")}&to=${url.searchParams.get("to")}`;
}
