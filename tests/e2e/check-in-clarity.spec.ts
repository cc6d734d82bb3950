import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

/**
 * The check-in screen never misleads. Students someone else checked in are
 * counted apart ("1 here · 3 elsewhere"), the result message stays short, a phone never scrolls
 * sideways, and a date that is not today is confirmed first and labelled proactive.
 */

const SHOTS = "test-results/check-in-clarity";

async function api(page: Page, token: string, path: string) {
  const response = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** The next Focus Block day at least `from` days ahead (searching back towards today), inside the school year. */
async function focusDayAhead(page: Page, token: string, from: number) {
  const today: string = (await api(page, token, "/api/check-in/status")).today;
  const me = await api(page, token, "/api/user");
  const lastDay: string = (await api(page, token, `/api/staff/${me.details.id}/schedule`)).max_date;
  for (let days = from; days > 0; days--) {
    const date = new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    if (date > lastDay) continue;
    if ((await api(page, token, `/api/check-in/status/${date}`)).blocks.length > 0) return date;
  }
  throw new Error("No Focus Block day ahead inside the school year.");
}

const input = (page: Page) => page.getByRole("textbox", { name: "Student numbers", exact: true });
const checkedIn = (page: Page) => page.getByRole("region", { name: "Checked In", exact: true });

/** Nothing wider than the viewport: the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.scroll, "the page's width at this viewport").toBeLessThanOrEqual(widths.viewport);
}

test("students checked in elsewhere are counted apart, the message is short, and a phone does not scroll sideways", async ({
  page,
}) => {
  const adminToken = await signIn(page, "admin", "/");
  const date = await focusDayAhead(page, adminToken, 12);
  // Two students the teacher will scan, checked in by the administrator first.
  const numbers = ["100085", "100086"];
  const first = await page.request.post("/api/check-in", {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { chips: numbers.map((value) => ({ value })), type: "student_number", date },
  });
  expect(first.status(), await first.text()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "teacher", `/check-in?date=${date}`);
  await expect(page.getByRole("region", { name: "Scheduled", exact: true })).toBeVisible();
  await input(page).pressSequentially(`${numbers.join("\n")}\n100087\n`);
  await page.getByRole("button", { name: "Check In", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Check in", exact: true }).click();
  await expect(
    page.getByText("Checked in 1 student. 2 were already checked in elsewhere: see Checked In", { exact: true }),
  ).toBeVisible();
  await expect(checkedIn(page).getByTestId("checked-in-elsewhere")).toHaveCount(2);
  // The teacher's planned students someone else checked in count as elsewhere too (the demo has none by default).
  const status = await page.evaluate(async (day) => {
    const token = JSON.parse(localStorage.getItem("flexblock.token")!);
    const response = await fetch(`/api/check-in/status/${day}`, { headers: { authorization: `Bearer ${token}` } });
    return response.json();
  }, date);
  type Entry = { by_other_staff: boolean; student: { id: number } };
  const entries: Entry[] = status.blocks[0].ledger_entries;
  const here = entries.filter((entry) => !entry.by_other_staff).length;
  // The two the administrator checked in, whether or not they are among the teacher's planned students
  // (who are listed already, by_other_staff, on some days of the demo): each student counts once.
  const byAdmin: Entry[] = (await api(page, adminToken, `/api/check-in/status/${date}`)).blocks[0].ledger_entries;
  const elsewhere = new Set([
    ...entries.filter((entry) => entry.by_other_staff).map((entry) => entry.student.id),
    ...byAdmin.filter((entry) => !entry.by_other_staff).map((entry) => entry.student.id),
  ]).size;
  await expect(checkedIn(page).getByRole("heading")).toContainText(`${here} here · ${elsewhere} elsewhere`);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/elsewhere-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/elsewhere-1280.png`, fullPage: true });
});

test("a check-in for a date that is not today asks first and is labelled proactive, never with today's clock", async ({
  page,
}) => {
  const token = await signIn(page, "teacher", "/check-in");
  const date = await focusDayAhead(page, token, 13);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/check-in?date=${date}`);
  await expect(page.getByTestId("not-today")).toContainText("not today: proactive check-in");
  await expectNoSidewaysScroll(page);
  await input(page).pressSequentially("100088\n");
  await page.getByRole("button", { name: "Check In", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Check in 1 student for ");
  await expect(dialog).toContainText("is not today: this is a proactive check-in, made ahead of the day.");
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/confirm-390.png` });
  // Cancel: nothing is sent and the number stays.
  await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(
    page.getByRole("list", { name: "Student numbers waiting to be checked in", exact: true }).getByRole("listitem"),
  ).toHaveCount(1);
  // Confirmed: checked in, and the row says proactive where a clock time would be today's.
  await page.getByRole("button", { name: "Check In", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Check in", exact: true }).click();
  await expect(page.getByText("Checked in 1 student", { exact: true })).toBeVisible();
  const row = checkedIn(page).getByRole("listitem").filter({ has: page.getByRole("img", { name: "Proactive check-in" }) });
  await expect(row.first()).toContainText("Proactive");
  await expect(row.first()).not.toContainText(/\d{1,2}:\d{2} [AP]M/);
  await expectNoSidewaysScroll(page);
});
