import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Locator, Page } from "@playwright/test";
import { clockOffsetMs, faketimeOffset, installClock } from "./clock";
import { expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

/**
 * The school calendar's screens (issue 20). An administrator of a school with nothing in it sets up a
 * Day 1 / Day 2 school in the browser: the school year and its terms, the bell schedule as a rotation
 * with a Focus Block and an alternate schedule, two holidays from an .ics file; the month then shows
 * Day 1 and Day 2 taking turns and skipping the holidays. Like first-run.spec.ts, it runs a server of its
 * own on an empty embedded database (no demo), so the demo school the other specs use stays as it is.
 * Screenshots of each screen at 1280×800 and 390×844 go to $CALENDAR_SHOTS (default /tmp/calendar-shots).
 */

const PORT = Number(process.env.E2E_PORT ?? 3200) + 60;
const BASE = `http://localhost:${PORT}`;
const ZONE = "America/Vancouver";
const SHOTS = process.env.CALENDAR_SHOTS ?? path.join(os.tmpdir(), "calendar-shots");
const PASSWORD = "a river runs past the gym";
let server: ChildProcess;
let dataDir: string;
let setupLink: Promise<string>;

// ---- dates ------------------------------------------------------------------------------------------

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (date: string, days: number) => iso(Date.parse(`${date}T00:00:00Z`) + days * DAY);
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
/** Today in the school's zone, on the run's clock. */
const schoolToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date(Date.now() + (clockOffsetMs() ?? 0)));
const monthLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
/** Monday to Friday in [from, to], less the given dates. */
function schoolDaysBetween(from: string, to: string, closed: string[]) {
  let count = 0;
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (weekday(date) >= 1 && weekday(date) <= 5 && !closed.includes(date)) count++;
  }
  return count;
}

/** An iCalendar file of all-day events (CRLF lines, as the standard wants). */
function ics(events: { date: string; name: string }[]) {
  const compact = (date: string) => date.replaceAll("-", "");
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Riverside District//Calendar//EN"];
  events.forEach((event, i) =>
    lines.push(
      "BEGIN:VEVENT",
      `UID:event-${i}@riverside.example`,
      "DTSTAMP:20260101T000000Z",
      `DTSTART;VALUE=DATE:${compact(event.date)}`,
      `DTEND;VALUE=DATE:${compact(addDays(event.date, 1))}`,
      `SUMMARY:${event.name}`,
      "END:VEVENT",
    ),
  );
  lines.push("END:VCALENDAR");
  return Buffer.from(`${lines.join("\r\n")}\r\n`);
}

// ---- helpers ----------------------------------------------------------------------------------------

/** The first administrator, through the setup link's API; a page on the empty school, signed in. */
async function administratorPage(browser: Browser): Promise<Page> {
  const token = new URL(await setupLink).searchParams.get("token");
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1280, height: 800 } });
  await installClock(context);
  const page = await context.newPage();
  const response = await page.request.post("/api/setup", {
    data: {
      token,
      school_name: "Riverside Secondary",
      timezone: ZONE,
      name: "Morgan Tremblay",
      email: "it@riverside.example",
      password: PASSWORD,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { access_token } = (await response.json()) as { access_token: string };
  await page.goto("/api/health");
  await page.evaluate((t) => window.localStorage.setItem("flexblock.token", JSON.stringify(t)), access_token);
  return page;
}

/** Screenshots at desktop and phone width; on a phone nothing scrolls sideways. */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`), fullPage: true });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

const dateButton = (page: Page, date: string): Locator =>
  page.locator(`button[data-date="${date}"]`).locator("visible=true");

async function showMonthOf(page: Page, date: string) {
  const heading = page.getByRole("heading", { level: 2, name: monthLabel(date), exact: true });
  for (let i = 0; i < 13 && !(await heading.isVisible()); i++) {
    await page.getByRole("button", { name: "Next month", exact: true }).click();
  }
  await expect(heading).toBeVisible();
}

async function saved(page: Page, message: string | RegExp) {
  await expect(page.getByText(message).first()).toBeVisible();
}

// ---- the tests --------------------------------------------------------------------------------------

test.describe("a school from nothing, on a server of its own", () => {
  test.beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "flexblock-calendar-"));
    fs.mkdirSync(SHOTS, { recursive: true });
    const offset = clockOffsetMs();
    const next = ["node_modules/.bin/next", "start", "-p", String(PORT)];
    // On a moved clock (E2E_NOW) this server runs on it too, as playwright.config.ts runs the main one.
    const [command, ...args] = offset === null ? next : ["faketime", "-f", faketimeOffset(offset), ...next];
    server = spawn(command!, args, {
      env: {
        ...process.env,
        PGLITE_DIR: path.join(dataDir, "pglite"),
        SEED_DEMO: "0",
        PORT: String(PORT),
        NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next",
        NEXT_TELEMETRY_DISABLED: "1",
        NEXT_MANUAL_SIG_HANDLE: "true",
        NODE_OPTIONS: "--require ./scripts/server-preload.cjs",
        LOG_LEVEL: "warn",
        ...(offset === null ? {} : { FAKETIME_DONT_FAKE_MONOTONIC: "1" }),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    setupLink = new Promise((resolve, reject) => {
      let output = "";
      const timer = setTimeout(() => reject(new Error(`no setup link printed:\n${output}`)), 90_000);
      server.stdout!.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const link = output.match(/http:\/\/localhost:\d+\/setup\?token=[A-Za-z0-9_-]+/);
        if (link) {
          clearTimeout(timer);
          resolve(link[0]);
        }
      });
      server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    });
    await setupLink;
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("an administrator sets up a Day 1 / Day 2 school: year, bell schedule, holidays from an .ics, and the month", async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const page = await administratorPage(browser);
    const today = schoolToday();
    // The year starts on the first Monday a week or more away and runs 40 weeks.
    let start = addDays(today, 7);
    while (weekday(start) !== 1) start = addDays(start, 1);
    const end = addDays(start, 40 * 7 - 3); // a Friday
    const semester2 = addDays(start, 20 * 7);
    const proD = addDays(start, 2); // Wednesday of the first week
    const heritage = addDays(start, 8); // Tuesday of the second week
    const pictures = addDays(start, 3); // Thursday: an event, still school

    // The school year: dates, attendance, terms. A term outside the year is refused beside its field.
    await page.goto("/calendar/year");
    await expect(page).toHaveTitle("Flexblock - School year");
    await expect(page.getByRole("link", { name: "School year", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("First day of school").fill(start);
    await page.getByLabel("Last day of school").fill(end);
    await page.getByLabel("Attendance counts from").fill(start);
    await expect(page.getByLabel("Attendance counts from")).toHaveAccessibleDescription(
      /^Nobody is absent before this date/,
    );
    await page.getByRole("button", { name: "Add term", exact: true }).click();
    await page.getByLabel("Term 1 name").fill("Semester 1");
    await page.getByLabel("Term 1 start").fill(start);
    await page.getByLabel("Term 1 end").fill(addDays(semester2, -3));
    await page.getByRole("button", { name: "Add term", exact: true }).click();
    await page.getByLabel("Term 2 name").fill("Semester 2");
    await page.getByLabel("Term 2 start").fill(semester2);
    await page.getByLabel("Term 2 end").fill(addDays(end, 7));
    await page.getByRole("button", { name: "Save school year", exact: true }).click();
    await expect(page.getByLabel("Term 2 end")).toHaveAccessibleDescription(
      /Semester 2 must fall within the school year/,
    );
    await page.getByLabel("Term 2 end").fill(end);
    await page.getByRole("button", { name: "Save school year", exact: true }).click();
    await saved(page, "Saved the school year.");
    await shoot(page, "year");

    // The bell schedule: a rotation of Day 1 and Day 2 with three blocks and the Focus Block.
    await page.getByRole("link", { name: "Bell schedule", exact: true }).click();
    await expect(page).toHaveURL(/\/calendar\/timetable$/);
    await expect(page.getByRole("heading", { level: 1, name: "Bell schedule" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // Nothing was ever taken, so the first bell schedule may start today.
    await expect(page.getByLabel("Takes effect from")).toHaveValue(today);
    await expect(
      page.getByText(/Exactly one flex block named ‘Focus Block’ is the check-in block/),
    ).toBeVisible();
    await page.getByRole("radio", { name: /^Rotation/ }).check();
    await expect(page.getByLabel("Day type 1", { exact: true })).toHaveValue("Day 1");
    await expect(page.getByLabel("Day type 2", { exact: true })).toHaveValue("Day 2");
    await expect(page.getByRole("checkbox", { name: "Flex (Focus Block)" })).toBeChecked();
    await page.getByRole("button", { name: "Add block", exact: true }).click();
    await page.getByLabel("Label of block 2").fill("Block A");
    await page.getByRole("button", { name: "Add block", exact: true }).click();
    await page.getByLabel("Label of block 3").fill("Block B");
    await page.getByRole("button", { name: "Add block", exact: true }).click();
    await page.getByLabel("Label of block 4").fill("Block C");
    const times = async (block: string, day: string, from: string, to: string) => {
      await page.getByLabel(`${block} on ${day}: start`).fill(from);
      await page.getByLabel(`${block} on ${day}: end`).fill(to);
    };
    await times("Block A", "Day 1", "08:30", "09:45");
    await times("Block B", "Day 2", "08:30", "09:45");
    await times("Block C", "Day 1", "10:50", "12:05");
    await page.getByRole("button", { name: "Copy to all days: Block C" }).click();
    await expect(page.getByLabel("Block C on Day 2: start")).toHaveValue("10:50");
    // The Focus Block starts inside Block A: the server's answer is shown on that time.
    await times("Focus Block", "Day 1", "09:30", "10:40");
    await page.getByRole("button", { name: "Copy to all days: Focus Block" }).click();
    await page.getByRole("button", { name: "Add alternate bell schedule", exact: true }).click();
    await expect(page.getByLabel("Name of alternate bell schedule 1")).toHaveValue("Late start");
    await page.getByLabel("Late start, Focus Block: start").fill("10:30");
    await page.getByLabel("Late start, Focus Block: end").fill("11:00");
    await page.getByLabel("Late start, Block C: start").fill("11:10");
    await page.getByLabel("Late start, Block C: end").fill("12:20");
    await page.getByRole("button", { name: "Save bell schedule", exact: true }).click();
    await expect(page.getByLabel("Focus Block on Day 1: start")).toHaveAccessibleDescription(
      /^Overlaps Block A/,
    );
    await times("Focus Block", "Day 1", "10:00", "10:40");
    await page.getByRole("button", { name: "Copy to all days: Focus Block" }).click();
    await page.getByRole("button", { name: "Save bell schedule", exact: true }).click();
    await saved(page, /^Saved the bell schedule\./);
    await expect(page.getByLabel("Block A on Day 1: start")).toHaveValue("08:30");
    await shoot(page, "timetable");

    // The calendar: the year at a glance, then two holidays (and a picture day) from an .ics file.
    await page.getByRole("link", { name: "School calendar", exact: true }).first().click();
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(page.getByRole("heading", { level: 1, name: "School calendar" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const glance = page.getByRole("region", { name: "The year at a glance" });
    await expect(glance).toContainText(`School days${schoolDaysBetween(start, end, [])}`);

    await page.getByRole("button", { name: "Import calendar", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Import calendar" });
    await dialog.getByLabel("Calendar file").setInputFiles({
      name: "district.ics",
      mimeType: "text/calendar",
      buffer: ics([
        { date: proD, name: "Pro-D Day" },
        { date: pictures, name: "Picture Day" },
        { date: heritage, name: "Heritage Day holiday" },
        { date: addDays(end, 30), name: "Summer fun day" },
      ]),
    });
    await expect(dialog.getByRole("status")).toHaveText(
      "3 events will be added; 1 falls outside the school year and will be left out.",
    );
    await expect(dialog.getByRole("checkbox", { name: /^No school: Pro-D Day/ })).toBeChecked();
    await expect(dialog.getByRole("checkbox", { name: /^No school: Heritage Day holiday/ })).toBeChecked();
    await expect(dialog.getByRole("checkbox", { name: /^No school: Picture Day/ })).not.toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: path.join(SHOTS, "import-1280.png") });
    await dialog.getByRole("button", { name: "Apply", exact: true }).click();
    await saved(page, "Added 3 events; 1 was outside the school year and left out.");
    await expect(dialog).toBeHidden();
    await expect(glance).toContainText(`School days${schoolDaysBetween(start, end, [proD, heritage])}`);
    await expect(glance).toContainText(
      `Focus Blocks in Semester 1${schoolDaysBetween(start, addDays(semester2, -3), [proD, heritage])}`,
    );

    // Day 1 and Day 2 take turns and skip the holidays.
    await showMonthOf(page, start);
    const expected: [string, RegExp][] = [
      [start, /\. Day 1\./],
      [addDays(start, 1), /\. Day 2\./],
      [proD, /\. No school\. Pro-D Day, no school\.$/],
      [pictures, /\. Day 1\. Picture Day\.$/],
      [addDays(start, 4), /\. Day 2\./],
      [addDays(start, 5), /\. Not in session\./],
      [addDays(start, 7), /\. Day 1\./],
      [heritage, /\. No school\. Heritage Day holiday, no school\.$/],
      [addDays(start, 9), /\. Day 2\./],
      [addDays(start, 10), /\. Day 1\./],
    ];
    for (const [date, label] of expected) {
      if (monthLabel(date) !== monthLabel(start)) continue;
      await expect(dateButton(page, date)).toHaveAttribute(
        "aria-label",
        new RegExp(`^${longDate(date)}${label.source}`),
      );
    }

    // By keyboard: the first day, four days on, Enter opens it; the late-start schedule for that day.
    await dateButton(page, start).focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
    await expect(dateButton(page, addDays(start, 4))).toBeFocused();
    await page.keyboard.press("Enter");
    const day = page.getByRole("dialog", { name: longDate(addDays(start, 4)) });
    await expect(day).toContainText("Focus Block");
    await expect(day).toContainText("10:00 AM – 10:40 AM");
    await expectNoSeriousA11yViolations(page);
    await day.getByLabel("Bell schedule").selectOption("Late start");
    await day.getByRole("button", { name: "Save this day", exact: true }).click();
    await saved(page, "Saved the day.");
    await expect(day).toContainText("10:30 AM – 11:00 AM");
    // An event of its own, then deleted again.
    await day.getByLabel("Event name").fill("Assembly");
    await day.getByRole("button", { name: "Add event", exact: true }).click();
    await saved(page, "Added Assembly.");
    await expect(day.getByRole("button", { name: "Delete Assembly", exact: true })).toBeVisible();
    await day.getByRole("button", { name: "Delete Assembly", exact: true }).click();
    await saved(page, "Deleted Assembly.");
    await expect(day.getByRole("button", { name: "Delete Assembly", exact: true })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(dateButton(page, addDays(start, 4))).toBeFocused();
    await expect(dateButton(page, addDays(start, 4))).toHaveAttribute(
      "aria-label",
      /\. Day 2\. Late start bell schedule\.$/,
    );

    // A snow day: the second Monday is made a Day 2 by hand, and the rotation continues from it.
    if (monthLabel(addDays(start, 10)) === monthLabel(start)) {
      await dateButton(page, addDays(start, 7)).click();
      const monday = page.getByRole("dialog", { name: longDate(addDays(start, 7)) });
      await expect(monday.getByLabel("Day type")).toHaveAccessibleDescription(
        /^Rotation continues from this day/,
      );
      await monday.getByLabel("Day type").selectOption("Day 2");
      await monday.getByRole("button", { name: "Save this day", exact: true }).click();
      await saved(page, "Saved the day.");
      await page.keyboard.press("Escape");
      await expect(dateButton(page, addDays(start, 7))).toHaveAttribute("aria-label", /\. Day 2\./);
      await expect(dateButton(page, addDays(start, 9))).toHaveAttribute("aria-label", /\. Day 1\./);
      await expect(dateButton(page, addDays(start, 10))).toHaveAttribute("aria-label", /\. Day 2\./);
    }
    await shoot(page, "calendar");
    await page.setViewportSize({ width: 390, height: 844 });
    await dateButton(page, start).click();
    await expect(page.getByRole("dialog", { name: longDate(start) })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, "day-390.png") });
    await page.context().close();
  });
});

test("a teacher reads the school calendar and changes nothing", async ({ page }) => {
  await signIn(page, "teacher", "/calendar");
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole("heading", { level: 1, name: "School calendar" })).toBeVisible();
  await expect(page.getByRole("grid")).toBeVisible();
  await expect(page.getByRole("button", { name: "Import calendar" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "School calendar pages" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("grid").locator('button[tabindex="0"]').press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Blocks", exact: true })).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Add an event" })).toHaveCount(0);
  await expect(dialog.getByLabel("Day type")).toHaveCount(0);
  await page.keyboard.press("Escape");
  // The administrators' pages send a teacher back to the calendar.
  await page.goto("/calendar/timetable");
  await expect(page).toHaveURL(/\/calendar$/);
});
