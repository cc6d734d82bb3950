import type { BrowserContext, Page, Route } from "@playwright/test";
import { clockOffsetMs } from "./clock";
import { expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

/** A check-in for a day that is not today asks first (the wrong day is easy to pick): confirm it. */
async function confirmNotToday(page: Page) {
  const dialog = page.getByRole("dialog").filter({ hasText: "is not today" });
  await dialog.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

const SHOTS = ".shots-offline";

async function api(page: Page, token: string, path: string) {
  const response = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** A date `days` after the school's today (the server's answer), as YYYY-MM-DD. */
async function dayAfterToday(page: Page, token: string, days: number) {
  const today: string = (await api(page, token, "/api/check-in/status")).today;
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The next Focus Block day at least `from` days ahead, still inside the school year. */
async function focusDayAhead(page: Page, token: string, from: number) {
  const me = await api(page, token, "/api/user");
  const lastDay: string = (await api(page, token, `/api/staff/${me.details.id}/schedule`)).max_date;
  for (let days = from; days > 0; days--) {
    const date = await dayAfterToday(page, token, days);
    if (date > lastDay) continue;
    if ((await api(page, token, `/api/check-in/status/${date}`)).blocks.length > 0) return date;
  }
  throw new Error("No Focus Block day ahead inside the school year.");
}

/**
 * On a run moved to another date (E2E_NOW) the server's clock is moved (libfaketime) but the service
 * worker's is not (Playwright's clock reaches pages, not workers). The worker judges a cached answer's
 * age by its Date header against its own clock, so with the server more than a day behind, every
 * cached answer looked older than the 24 h the page is kept, and the offline reload failed. Until
 * `undo` (which removes every route of the context), the check-in page and the API's GET answers carry
 * the real time in Date, as they would with one clock.
 */
async function dateAnswersOnTheWorkersClock(context: BrowserContext) {
  if (clockOffsetMs() === null) return { undo: async () => {} };
  const matches = (url: URL) => url.pathname === "/check-in" || url.pathname.startsWith("/api/");
  const redate = async (route: Route) => {
    if (route.request().method() !== "GET") return route.fallback();
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), date: new Date().toUTCString() } });
  };
  await context.route(matches, redate);
  // "wait": an answer still being fetched is fulfilled first (removed mid-fetch, its route would go on
  // without the handler, and the handler's fulfill then throws "Route is already handled").
  return { undo: () => context.unrouteAll({ behavior: "wait" }) };
}

const input = (page: Page) => page.getByRole("textbox", { name: "Student numbers", exact: true });
const checkedIn = (page: Page) => page.getByRole("region", { name: "Checked In", exact: true });

test("offline: 30 scans are queued on the device, survive an offline reload, and are recorded exactly once when the network returns", async ({
  page,
  context,
}) => {
  const redated = await dateAnswersOnTheWorkersClock(context);
  const token = await signIn(page, "teacher", "/check-in");
  const date = await focusDayAhead(page, token, 11);
  await page.goto(`/check-in?date=${date}`);
  // The service worker installs (precaching the app's assets) and takes control; one more load
  // through it keeps this page and what it needs to start.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(input(page)).toBeVisible();
  await expect(page.getByText("There is no Focus Block today.", { exact: true })).toHaveCount(0);

  const before: number = (await api(page, token, `/api/check-in/status/${date}`)).blocks[0].ledger_entries.length;
  await redated.undo();
  await context.setOffline(true);
  const numbers = Array.from({ length: 30 }, (_, i) => String(100050 + i));
  for (const number of numbers) await input(page).pressSequentially(`${number}\n`, { delay: 2 });
  await expect(page.getByRole("list", { name: "Student numbers waiting to be checked in", exact: true }).getByRole("listitem")).toHaveCount(30);
  await page.getByRole("button", { name: "Check In", exact: true }).click();
  await confirmNotToday(page);
  const waiting = page.getByTestId("waiting-to-send");
  await expect(waiting).toContainText("30 scans waiting to send");

  // Reloaded with no network: the service worker serves the page, the queue is still on the device.
  const reload = await page.reload();
  expect(reload?.fromServiceWorker()).toBe(true);
  await expect(page.getByTestId("waiting-to-send")).toContainText("30 scans waiting to send");
  await page.screenshot({ path: `${SHOTS}/offline-1280.png` });

  await context.setOffline(false);
  await expect(page.getByTestId("waiting-to-send")).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText(/Checked in 30 students$/)).toBeVisible();

  // Exactly once: the teacher's ledger for the day grew by 30, one row per student.
  const after: { student: { id: number } }[] = (await api(page, token, `/api/check-in/status/${date}`)).blocks[0].ledger_entries;
  expect(after.length - before).toBe(30);
  expect(new Set(after.map((e) => e.student.id)).size).toBe(after.length);
  await expect(checkedIn(page).getByRole("listitem")).not.toHaveCount(0);
});

test("a weekend opens on a warning that offers the nearest Focus Block days, and a day that is not today says so", async ({
  page,
}) => {
  const token = await signIn(page, "teacher", "/check-in");
  const today = await dayAfterToday(page, token, 0);
  const saturday = await dayAfterToday(page, token, (6 - new Date(`${today}T12:00:00Z`).getUTCDay() + 7) % 7 || 7);
  await page.goto(`/check-in?date=${saturday}`);
  const warning = page.getByTestId("no-focus-block");
  await expect(warning).toContainText("No Focus Block on this date.");
  await expect(page.getByRole("button", { name: "Check In", exact: true })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/weekend-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/weekend-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The nearest Focus Block day after the weekend: Monday, or Tuesday when that Monday is the demo
  // school's Pro-D day (next week's Monday: a calendar event with no blocks).
  const monday = new Date(Date.parse(`${saturday}T12:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
  const next: string = (await api(page, token, `/api/check-in/status/${saturday}`)).next;
  const proD = next !== monday;
  if (proD) expect(next).toBe(new Date(Date.parse(`${monday}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10));
  await warning.getByRole("button", { name: proD ? /^Go to Tue / : /^Go to Mon / }).click();
  await expect(page).toHaveURL(new RegExp(`date=${next}`));
  await expect(page.getByTestId("no-focus-block")).toHaveCount(0);
  await expect(page.getByTestId("not-today")).toContainText("not today");
  if (proD) {
    await page.goto(`/check-in?date=${monday}`);
    await expect(page.getByTestId("no-focus-block")).toContainText("No Focus Block on this date.");
    await expect(page.getByRole("button", { name: "Check In", exact: true })).toBeDisabled();
  }
});

test("a student already checked in by another teacher is named with who and when, and listed as checked in elsewhere", async ({
  page,
}) => {
  const adminToken = await signIn(page, "admin", "/");
  const date = await focusDayAhead(page, adminToken, 9);
  const number = "100095";
  const first = await page.request.post("/api/check-in", {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { chips: [{ value: number }], type: "student_number", date },
  });
  expect(first.status()).toBe(200);

  await signIn(page, "teacher", `/check-in?date=${date}`);
  await input(page).pressSequentially(`${number}\n`);
  await expect(page.getByTestId("scan-flash")).toHaveAttribute("data-flash", "1");
  await page.getByRole("button", { name: "Check In", exact: true }).click();
  await confirmNotToday(page);
  // Checked in ahead of the day: no clock time of another day, which would read as a lie.
  await expect(page.getByText(/^.+ was already checked in by Ms\. Okafor \(proactive check-in\)$/)).toBeVisible();
  const row = checkedIn(page).getByTestId("checked-in-elsewhere");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Checked in elsewhere");
  await expect(row).toContainText("Checked in by Ms. Okafor");
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/elsewhere-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/elsewhere-390.png`, fullPage: true });
});

test("numbers entered for one day are not checked in for another after the date changes", async ({ page }) => {
  const token = await signIn(page, "teacher", "/check-in");
  const first = await focusDayAhead(page, token, 8);
  await page.goto(`/check-in?date=${first}`);
  await input(page).pressSequentially("100096\n");
  await page.getByRole("button", { name: "Next day", exact: true }).click();
  const notice = page.getByTestId("pending-date-mismatch");
  await expect(notice).toContainText("1 student number was entered for");
  await expect(page.getByRole("button", { name: "Check In", exact: true })).toBeDisabled();
  await notice.getByRole("button", { name: /^Back to / }).click();
  await expect(page).toHaveURL(new RegExp(`date=${first}`));
  await expect(page.getByTestId("pending-date-mismatch")).toHaveCount(0);
  await page.getByRole("button", { name: "Remove all", exact: true }).click();
});
