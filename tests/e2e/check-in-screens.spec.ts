import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";
import { ownServer } from "./own-school";

/**
 * Three check-in screens a walkthrough found misleading: the Check-in Errors dialog stamps times as every
 * list does (1:23 PM, never 13:23:05); the student's page offers "Check in with a code" only while codes
 * are taken; and an empty school's check-in screen says no Focus Block is in the bell schedule and links
 * it, instead of "Go to" buttons hopping between days without one (a school of its own, no demo).
 * Screenshots at 1280×800 and 390 wide go to $E2E_SHOTS_DIR (default /tmp/check-in-screens-shots).
 */
const SHOTS = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), "check-in-screens-shots");

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  // Nothing runs off the side on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (size) await page.setViewportSize(size);
}

test("the Check-in Errors dialog stamps each entry in the school's time as the lists do, 12-hour", async ({ page }) => {
  const token = await signIn(page, "teacher", "/check-in");
  // The nearest Focus Block day ahead of today (the status's next), so nothing is checked in for today.
  const headers = { authorization: `Bearer ${token}` };
  const today = await (await page.request.get("/api/check-in/status", { headers })).json();
  let date: string = today.next;
  for (let i = 0; i < 10 && (await (await page.request.get(`/api/check-in/status/${date}`, { headers })).json()).blocks.length === 0; i++) {
    date = (await (await page.request.get(`/api/check-in/status/${date}`, { headers })).json()).next;
  }
  await page.goto(`/check-in?date=${date}`);
  await expect(page.getByLabel("Block", { exact: true })).toHaveValue("focus");
  const input = page.getByRole("textbox", { name: "Student numbers", exact: true });
  await input.pressSequentially("987654\n");
  await page.getByRole("button", { name: "Check In", exact: true }).click();
  const notToday = page.getByRole("dialog").filter({ hasText: "is not today" });
  await notToday.getByRole("button", { name: "Check in", exact: true }).click();
  await page.getByRole("button", { name: "Show Errors", exact: true }).click();

  const dialog = page.getByRole("dialog", { name: "Check-in Errors", exact: true });
  const entry = dialog.getByRole("listitem").filter({ hasText: "987654" });
  const stamp = (await entry.locator("p").first().textContent())!;
  // "Nov 24, 2026, 1:23 PM", as the audit log, kiosks and API tokens write an instant.
  expect(stamp).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/);
  expect(stamp).not.toMatch(/\d{2}:\d{2}:\d{2}/);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "check-in-errors");
  await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
  await expect(dialog).toHaveCount(0);
});

test("the student's page offers 'Check in with a code' only while codes are taken, or when a QR link brought one", async ({ page }) => {
  const token = await signIn(page, "student", "/profile");
  // Once the page has asked, it follows the server's window (this pass runs on the real clock, mostly outside it).
  const asked = page.waitForResponse((r) => r.url().endsWith("/api/check-in/air") && r.request().method() === "GET");
  await page.reload();
  expect((await asked).status()).toBe(200);
  const answer = await page.request.get("/api/check-in/air", { headers: { authorization: `Bearer ${token}` } });
  const window = (await answer.json()) as { open: boolean };
  await expect(page.getByRole("button", { name: "Change Password", exact: true })).toBeVisible();
  const card = page.getByRole("heading", { name: "Check in with a code", exact: true });
  if (window.open) await expect(card).toBeVisible();
  else await expect(card).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "student-profile");

  // A QR link's code is shown with its field, whatever the time: its answer says when codes are taken.
  await page.goto("/profile?air=ACD479");
  await expect(card).toBeVisible();
  await expect(page.getByLabel("Code from your teacher's screen", { exact: true })).toHaveValue("ACD479");
  if (!window.open) {
    await page.getByRole("button", { name: "Check in", exact: true }).click();
    await expect(page.getByText(/^(Check-in for the Focus Block opens at|Check-in for today's Focus Block closed at|There is no Focus Block today)/)).toBeVisible();
  }
});

test.describe("an empty school, on a server of its own", () => {
  // +70: clear of the other own-school specs (+50, +60, +61) on every shard's port (E2E_PORT + 0…3).
  const school = ownServer(Number(process.env.E2E_PORT ?? 3200) + 70);
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await school.start();
  });
  test.afterAll(() => school.stop());

  test("the check-in screen says no Focus Block is in the bell schedule and links it, with no 'Go to' days", async ({ browser }) => {
    const { page } = await school.firstAdministrator(browser, {
      school_name: "Empty Hill Secondary",
      timezone: "America/Vancouver",
      name: "Robin Ortiz",
      email: "it@emptyhill.example",
      password: "a quiet school with no bells",
    });
    await page.goto("/check-in");
    const notice = page.getByTestId("no-focus-block");
    await expect(notice).toHaveText(
      "No day has a Focus Block yet: the bell schedule has none. Entered numbers are kept until there is one.Open the bell schedule",
    );
    await expect(notice.getByRole("button", { name: /^Go to / })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await shoot(page, "check-in-empty-school");
    const link = notice.getByRole("link", { name: "Open the bell schedule", exact: true });
    await link.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/calendar\/timetable$/);
    await expect(page.getByRole("heading", { name: "Bell schedule", level: 1 })).toBeVisible();
    await page.context().close();
  });
});
