import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Locator, Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";
import {
  addDays,
  calendarDay,
  firstSignIn,
  ownServer,
  schoolToday as todayIn,
  showWeekOf,
  tile,
  weekday,
} from "./own-school";

/**
 * The school calendar's screens (going live without SQL). An administrator of a school with nothing in it sets up a
 * Day 1 / Day 2 school in the browser: the school year and its terms, the bell schedule as a rotation
 * with a Focus Block and an alternate schedule, two holidays from an .ics file (and that file's report in
 * the Imports history, reached from the calendar); the month then shows Day 1 and Day 2 taking turns and
 * skipping the holidays. Then, on the same school, the administrator adds
 * a teacher and a student in the browser; the teacher posts a topic on a Day 2's Focus Block and the
 * student chooses that teacher. Like first-run.spec.ts, it runs a server of its own on an empty embedded
 * database (no demo), so the demo school the other specs use stays as it is.
 * Screenshots of each screen at 1280×800 and 390×844 go to $CALENDAR_SHOTS (default /tmp/calendar-shots).
 */

const PORT = Number(process.env.E2E_PORT ?? 3200) + 60;
const school = ownServer(PORT);
const ZONE = "America/Vancouver";
const SHOTS = process.env.CALENDAR_SHOTS ?? path.join(os.tmpdir(), "calendar-shots");
const PASSWORD = "a river runs past the gym";
/** The first administrator's access token, and the first day of the year the first test set up. */
let adminToken = "";
let yearStart = "";
/** The holidays it imported and the day types it set by hand, for the rotation of the test after it. */
let closedDates: string[] = [];
const setByHand: Record<string, string> = {};

// ---- dates ------------------------------------------------------------------------------------------

/** Today in the school's zone, on the run's clock. */
const schoolToday = () => todayIn(ZONE);
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
/** `Nov 17, 2026`, as the screens write a date. */
const mediumDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
/** The Sunday that starts the week holding the date. */
const sundayOf = (date: string) => addDays(date, -weekday(date));

/**
 * The day type of each school day in [from, from + days): Day 1 and Day 2 take turns on the weekdays
 * with school, skipping the closed dates; a date given a day type by hand has it, and the turn goes on
 * from there.
 */
function rotation(from: string, days: number, closed: string[], byHand: Record<string, string>) {
  const types = new Map<string, string>();
  let next = "Day 1";
  for (let i = 0; i < days; i++) {
    const date = addDays(from, i);
    if (weekday(date) === 0 || weekday(date) === 6 || closed.includes(date)) continue;
    const type = byHand[date] ?? next;
    types.set(date, type);
    next = type === "Day 1" ? "Day 2" : "Day 1";
  }
  return types;
}

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
  const { page, token } = await school.firstAdministrator(browser, {
    school_name: "Riverside Secondary",
    timezone: ZONE,
    name: "Morgan Tremblay",
    email: "it@riverside.example",
    password: PASSWORD,
  });
  adminToken = token;
  return page;
}

/** A new browser context (another person's device) on the school's server and the run's clock. */
const device = (browser: Browser, width = 1280) => school.device(browser, width);

/** Screenshots at desktop and phone width; on a phone nothing scrolls sideways. */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`), fullPage: true });
  // From the top: the phone's bar stays over whatever is scrolled under it, which axe counts as a covered target.
  await page.evaluate(() => window.scrollTo(0, 0));
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

/** A signed-in page on a device of the person with this token. */
const signedIn = (browser: Browser, token: string, where: string) => school.signedIn(browser, token, where);

/**
 * /staff's Add Staff or /students' Add Student, one person (spec §3): the form, the administrator's
 * password to confirm, then the initial password shown once, which the test hands to the person.
 */
async function addPerson(
  page: Page,
  what: "Staff" | "Student",
  texts: Record<string, string>,
  choices: Record<string, string>,
) {
  await page.goto(what === "Staff" ? "/staff" : "/students");
  await page.getByRole("button", { name: `Add ${what}`, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Add ${what}`, exact: true });
  for (const [name, value] of Object.entries(texts)) {
    await dialog.getByRole("textbox", { name, exact: true }).fill(value);
  }
  for (const [name, value] of Object.entries(choices)) {
    await dialog.getByRole("combobox", { name, exact: true }).selectOption(value);
  }
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  const confirm = page.getByRole("dialog", {
    name: `Create ${what === "Staff" ? "staff" : "student"} accounts`,
    exact: true,
  });
  await confirm.getByLabel("Your password", { exact: true }).fill(PASSWORD);
  await confirm.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog.getByRole("status").filter({ hasText: `${what} created.` })).toBeVisible();
  const initial = (await dialog.getByTestId("initial-password").textContent())!.trim();
  expect(initial).toMatch(/^[A-Za-z0-9]{14}$/);
  await dialog.getByRole("button", { name: "Done", exact: true }).click();
  await expect(dialog).toBeHidden();
  return initial;
}

async function saved(page: Page, message: string | RegExp) {
  await expect(page.getByText(message).first()).toBeVisible();
}

// ---- the tests --------------------------------------------------------------------------------------

test.describe("a school from nothing, on a server of its own", () => {
  // The second test works on the school the first one set up.
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async () => {
    // A cold `next start` on a busy machine: the wait for the setup link (90 s) decides.
    test.setTimeout(120_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    await school.start();
  });

  test.afterAll(() => school.stop());

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
    yearStart = start;
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
    closedDates = [proD, heritage];
    await expect(dialog).toBeHidden();
    await expect(glance).toContainText(`School days${schoolDaysBetween(start, end, [proD, heritage])}`);
    await expect(glance).toContainText(
      `Focus Blocks in Semester 1${schoolDaysBetween(start, addDays(semester2, -3), [proD, heritage])}`,
    );

    // The file is an entry of the Imports history: its report names who imported it and lists the events added.
    await page.screenshot({ path: path.join(SHOTS, "imported-1280.png") });
    await page.getByRole("link", { name: "See the import report", exact: true }).click();
    await expect(page).toHaveURL(/\/imports\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Import report: district.ics" })).toBeVisible();
    await expect(page.getByText(/^Calendar file · imported .+ by /)).toBeVisible();
    await expect(page.getByLabel("Totals")).toHaveText(
      "Added3Already on the calendar0Outside the school year1Plans cancelled0",
    );
    await expect(page.getByRole("table", { name: "Events added" }).locator("tbody tr")).toHaveText([
      `${mediumDate(proD)}Pro-D DayNo Focus Blocks`,
      `${mediumDate(pictures)}Picture DaySchool day`,
      `${mediumDate(heritage)}Heritage Day holidayNo Focus Blocks`,
    ]);
    await expectNoSeriousA11yViolations(page);
    await shoot(page, "import-report");
    // The Imports screen lists it beside the roster files.
    await page.goto("/imports");
    const entry = page.getByRole("row").filter({ has: page.getByRole("link", { name: "district.ics", exact: true }) });
    await expect(entry).toContainText("Calendar file");
    await page.screenshot({ path: path.join(SHOTS, "imports-1280.png") });
    await entry.getByRole("link", { name: "district.ics", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Import report: district.ics" })).toBeVisible();
    await page.getByRole("link", { name: "Open the school calendar", exact: true }).click();
    await expect(page).toHaveURL(/\/calendar$/);

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
      // The rotation moves from that day on: the dates are shown first, and saved once confirmed.
      const moves = monday.getByRole("group", { name: "This moves the rotation" });
      await expect(moves).toContainText(/^This moves the rotation\d+ school days change day type, from /);
      await expect(moves.getByRole("listitem").first()).toHaveText(/: Day 1 becomes Day 2$/);
      await expect(moves.getByRole("heading", { name: "This moves the rotation" })).toBeFocused();
      await expectNoSeriousA11yViolations(page);
      await moves.getByRole("button", { name: "Save and change them", exact: true }).click();
      await saved(page, "Saved the day.");
      setByHand[addDays(start, 7)] = "Day 2";
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

  test("on that school, a teacher posts a topic on a Day 2's Focus Block and a student chooses that teacher", async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    expect(yearStart, "the school the test before set up").not.toBe("");
    // Which dates are Day 1 and Day 2, from the rotation and the holidays set up above: the first Day 2
    // still to come (so a topic may be posted and a teacher chosen) and a Day 1 of the same week.
    const today = schoolToday();
    const coming = [...rotation(yearStart, 21, closedDates, setByHand)].filter(([date]) => date > today);
    const day2 = coming.find(([, type]) => type === "Day 2")![0];
    const day1 = coming.find(([date, type]) => type === "Day 1" && sundayOf(date) === sundayOf(day2))![0];
    const teacherName = "Ms. Nakamura, Aiko";
    const topic = "Fractions clinic";

    // The administrator adds a teacher and a student, one at a time, in the browser.
    const admin = await signedIn(browser, adminToken, "/staff");
    const teacherInitial = await addPerson(
      admin,
      "Staff",
      { Email: "aiko.nakamura@riverside.example", "First name": "Aiko", "Last name": "Nakamura" },
      { Title: "Ms." },
    );
    const studentInitial = await addPerson(
      admin,
      "Student",
      { "First name": "Theo", "Last name": "Lambert", "Student number": "2600101" },
      { Grade: "10" },
    );
    await admin.context().close();

    // The teacher's first sign-in, then their own week through the account menu's Profile.
    const teacher = await device(browser);
    await firstSignIn(teacher, "aiko.nakamura@riverside.example", teacherInitial, "chalk-dust-and-compasses");
    await teacher.getByRole("button", { name: `Account: ${teacherName}`, exact: true }).click();
    await teacher.getByRole("menuitem", { name: "Profile", exact: true }).click();
    await expect(teacher).toHaveURL(/\/staff\/\d+$/);
    const teacherId = Number(/\/staff\/(\d+)/.exec(teacher.url())![1]);
    await expect(teacher.getByRole("heading", { level: 1, name: teacherName, exact: true })).toBeVisible();
    await showWeekOf(teacher, day2);
    // The Focus Block meets on both days. (A week shows the other blocks only where the person has a
    // section in them, and nobody has any yet.)
    await expect(tile(teacher, "Focus Block", day1)).toContainText("No Schedule");
    await expect(tile(teacher, "Focus Block", day2)).toContainText("No Schedule");
    await expectNoSeriousA11yViolations(teacher);

    // The Focus Block on Day 2: a new teacher has no topics, so the chooser offers to make the first one.
    await tile(teacher, "Focus Block", day2).click();
    const block = teacher.getByRole("dialog", { name: "Focus Block", exact: true });
    await expect(block).toContainText(`${calendarDay(day2)} · 10:00 AM – 10:40 AM`);
    await expectNoSeriousA11yViolations(teacher);
    await block.getByRole("button", { name: "Set Topic", exact: true }).click();
    const chooser = teacher.getByRole("dialog", { name: "Choose a Topic", exact: true });
    await expect(chooser).toContainText(`For Focus Block, ${calendarDay(day2)}.`);
    await expect(chooser).toContainText("You don't have any Topics yet");
    await chooser.getByLabel("Topic", { exact: true }).fill(topic);
    await chooser.getByRole("button", { name: "Create Topic", exact: true }).click();
    await expect(teacher.getByText("Created Topic.", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(teacher);
    await chooser.getByRole("button", { name: topic, exact: true }).click();
    await expect(teacher.getByText("Set Topic successfully.", { exact: true })).toBeVisible();
    await expect(chooser).toBeHidden();
    await expect(tile(teacher, "Focus Block", day2)).toContainText(topic);
    await expect(tile(teacher, "Focus Block", day2)).toHaveAttribute("data-status", "topic");
    // Only that day: the Day 1 Focus Block of the same week has no topic.
    await expect(tile(teacher, "Focus Block", day1)).toContainText("No Schedule");
    await expectNoSeriousA11yViolations(teacher);

    // What meets on each date, in the school calendar the teacher reads: Block B only on Day 2,
    // Block A only on Day 1, the Focus Block on both.
    await teacher.getByRole("link", { name: "School calendar", exact: true }).first().click();
    await expect(teacher.getByRole("heading", { level: 1, name: "School calendar" })).toBeVisible();
    for (const [date, meets, not] of [
      [day1, "Block A", "Block B"],
      [day2, "Block B", "Block A"],
    ] as const) {
      await showMonthOf(teacher, date);
      await expect(dateButton(teacher, date)).toHaveAttribute(
        "aria-label",
        new RegExp(`^${longDate(date)}\\. ${date === day1 ? "Day 1" : "Day 2"}\\.`),
      );
      await dateButton(teacher, date).click();
      const blocks = teacher
        .getByRole("dialog", { name: longDate(date) })
        .getByRole("region", { name: "Blocks", exact: true });
      await expect(blocks.getByRole("listitem").filter({ hasText: "Focus Block" })).toContainText(
        "10:00 AM – 10:40 AM",
      );
      await expect(blocks.getByRole("listitem").filter({ hasText: meets })).toContainText(
        "8:30 AM – 9:45 AM",
      );
      await expect(blocks.getByRole("listitem")).toHaveCount(3);
      await expect(blocks).not.toContainText(not);
      await teacher.keyboard.press("Escape");
    }

    // The student, on their own device: first sign-in, then their week.
    const student = await device(browser);
    await firstSignIn(student, "2600101", studentInitial, "my-locker-is-number-42");
    await expect(student).toHaveURL(/\/profile$/);
    await expect(student.getByRole("heading", { level: 1, name: "Theo Lambert", exact: true })).toBeVisible();
    await showWeekOf(student, day2);
    await expect(tile(student, "Focus Block", day1)).toContainText("No Schedule");
    await expect(tile(student, "Focus Block", day2)).toContainText("No Schedule");
    await expectNoSeriousA11yViolations(student);

    // Day 2's Focus Block: the teacher is offered with the topic; choosing them makes the plan.
    await tile(student, "Focus Block", day2).click();
    const choice = student.getByRole("dialog", { name: "Focus Block", exact: true });
    await expect(choice).toContainText(calendarDay(day2));
    const teachers = choice.getByRole("list", { name: "Teachers", exact: true });
    const row = teachers.getByTestId(`plan-teacher-${teacherId}`);
    await expect(row).toContainText(teacherName);
    await expect(row).toContainText(topic);
    await expectNoSeriousA11yViolations(student);
    await row.click();
    await expect(student.getByText("Set Plan successfully.", { exact: true })).toBeVisible();
    await expect(row).toHaveAttribute("aria-pressed", "true");
    await expect(row).toContainText("Your plan");
    const plan = choice.getByRole("region", { name: "Plan", exact: true });
    await expect(plan.getByText(teacherName, { exact: true }).first()).toBeVisible();
    await expect(plan).toContainText(topic);
    await expectNoSeriousA11yViolations(student);
    await choice.getByRole("button", { name: "Close", exact: true }).click();
    await expect(choice).toBeHidden();

    // The tile shows the teacher and the topic; the Day 1 Focus Block is still to choose.
    const chosen = tile(student, "Focus Block", day2);
    await expect(chosen).toContainText(teacherName);
    await expect(chosen).toContainText(topic);
    await expect(chosen).toHaveAttribute("aria-label", new RegExp(`\\. ${teacherName}\\. ${topic}$`));
    await expect(tile(student, "Focus Block", day1)).toContainText("No Schedule");
    await expectNoSeriousA11yViolations(student);
    await chosen.screenshot({ path: path.join(SHOTS, "student-tile-1280.png") });
    await student.screenshot({ path: path.join(SHOTS, "student-week-1280.png"), fullPage: true });
    // A reload keeps the week and the choice.
    await student.reload();
    await expect(tile(student, "Focus Block", day2)).toContainText(teacherName);

    // On a phone: one day at a time; Day 1 is still to choose, Day 2 shows the chosen teacher.
    await student.setViewportSize({ width: 390, height: 844 });
    const days = student.getByRole("tablist", { name: "Day", exact: true });
    await days.getByRole("tab", { name: new RegExp(`^${calendarDay(day1)}, still to choose$`) }).click();
    await expect(tile(student, "Focus Block", day1)).toContainText("No Schedule");
    await days.getByRole("tab", { name: new RegExp(`^${calendarDay(day2)}$`) }).click();
    await expect(tile(student, "Focus Block", day2)).toContainText(teacherName);
    await expect(tile(student, "Focus Block", day1)).toHaveCount(0);
    await expect
      .poll(() => student.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(student);
    await tile(student, "Focus Block", day2).screenshot({ path: path.join(SHOTS, "student-tile-390.png") });
    await student.screenshot({ path: path.join(SHOTS, "student-week-390.png"), fullPage: true });

    // The teacher, back on that week of their own, sees the student in the plan.
    await teacher.goto(`/staff/${teacherId}?date=${day2}`);
    await expect(tile(teacher, "Focus Block", day2)).toContainText("1 planned");
    await tile(teacher, "Focus Block", day2).click();
    const scheduled = block.getByRole("region", { name: "Students scheduled (1)", exact: true });
    await expect(scheduled.getByRole("link", { name: "Theo Lambert", exact: true })).toBeVisible();
    await teacher.screenshot({ path: path.join(SHOTS, "teacher-block-1280.png") });
    await teacher.context().close();
    await student.context().close();
  });

  test("a late-start bell schedule saved mid-year keeps the rotation; restarting it shows the dates first", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    expect(yearStart, "the school the first test set up").not.toBe("");
    // A Day 2 ten weeks into the year, from the rotation the first test set up.
    const types = rotation(yearStart, 100, closedDates, setByHand);
    const from = [...types].find(([date, type]) => date >= addDays(yearStart, 70) && type === "Day 2")![0];
    const dayTypesFrom = async (page: Page) => {
      const response = await page.request.get(`/api/school-days?from=${from}&to=${addDays(from, 13)}`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      const body = (await response.json()) as { days: { date: string; in_session: boolean; day_type: string | null }[] };
      return body.days.filter((d) => d.in_session).map((d) => [d.date, d.day_type]);
    };
    const page = await signedIn(browser, adminToken, "/calendar/timetable");
    const before = await dayTypesFrom(page);
    expect(before[0]).toEqual([from, "Day 2"]);

    // At 1280 the whole grid and its row buttons fit; nothing scrolls sideways.
    await expect(page.getByRole("heading", { level: 1, name: "Bell schedule" })).toBeVisible();
    await expect(page.getByLabel("Block A on Day 1: start")).toHaveValue("08:30");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    for (const name of ["Copy to all days: Block C", "Remove Block C"]) {
      const box = (await page.getByRole("button", { name, exact: true }).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(1280);
    }
    // Each start and end time has a visible label.
    await expect(page.locator('label[for$="-start"]', { hasText: "Start" }).first()).toBeVisible();
    await expect(page.locator('label[for$="-end"]', { hasText: "End" }).first()).toBeVisible();

    // The trial's mistake: an Assembly schedule, from a mid-year date, with the form's defaults.
    await page.getByRole("button", { name: "Add alternate bell schedule", exact: true }).click();
    await page.getByLabel("Name of alternate bell schedule 2").fill("Assembly");
    await page.getByLabel("Assembly, Focus Block: start").fill("13:00");
    await page.getByLabel("Assembly, Focus Block: end").fill("13:40");
    await page.getByLabel("Takes effect from").fill(from);
    const first = page.getByLabel("First day type");
    await expect(first.locator("option:checked")).toHaveText(`Go on with the cycle (Day 2 on ${mediumDate(from)})`);
    await expect(first).toHaveAccessibleDescription(/Going on with the cycle changes no day/);
    await page.getByRole("button", { name: "Save bell schedule", exact: true }).click();
    await saved(page, `Saved the bell schedule. It takes effect from ${mediumDate(from)}.`);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(await dayTypesFrom(page)).toEqual(before);

    // Starting the rotation again at Day 1 from that date moves every day after it: shown, then cancelled.
    await page.getByLabel("Show the bell schedule").selectOption(from);
    await expect(page.getByLabel("Name of alternate bell schedule 2")).toHaveValue("Assembly");
    await page.getByLabel("First day type").selectOption({ label: "Day 1" });
    await page.getByRole("button", { name: "Save bell schedule", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Change the day type of school days?" });
    await expect(confirm).toContainText(`This bell schedule moves the rotation from ${mediumDate(from)}.`);
    await expect(confirm).toContainText(/\d+ school days change day type, from /);
    await expect(confirm.getByRole("listitem").first()).toHaveText(/: Day 2 becomes Day 1$/);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: path.join(SHOTS, "timetable-confirm-1280.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(SHOTS, "timetable-confirm-390.png") });
    await page.setViewportSize({ width: 1280, height: 800 });
    await confirm.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(confirm).toHaveCount(0);
    expect(await dayTypesFrom(page)).toEqual(before);
    await shoot(page, "timetable-mid-year");
    await page.context().close();
  });
});

test("an administrator's Bell schedule with a weekly timetable fits 1280 px: every row's buttons in view, each time labelled", async ({
  page,
}) => {
  await signIn(page, "admin", "/calendar/timetable");
  await expect(page.getByRole("heading", { level: 1, name: "Bell schedule" })).toBeVisible();
  await expect(page.getByLabel("Focus Block on Friday: start")).not.toHaveValue("");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  // The grid's box (it scrolls inside itself when a cycle has many day types; the page never does).
  const grid = (await page.getByRole("table", { name: "Blocks and their times on each day type" }).locator("..").boundingBox())!;
  const removes = page.getByRole("button", { name: /^Remove Block \d|^Remove Focus Block$/ });
  expect(await removes.count()).toBeGreaterThan(5);
  for (const button of await removes.all()) {
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(Math.min(1280, grid.x + grid.width));
  }
  // Every start and end input has its visible label.
  const inputs = page.locator('input[type="time"]');
  const labels = page.locator('label[for$="-start"], label[for$="-end"]');
  expect(await labels.count()).toBe(await inputs.count());
  await expect(labels.first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  fs.mkdirSync(SHOTS, { recursive: true });
  await shoot(page, "timetable-weekly");
});

test("a teacher reads the school calendar, the bell schedule and the school year, and changes nothing", async ({ page }) => {
  const token = await signIn(page, "teacher", "/calendar");
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole("heading", { level: 1, name: "School calendar" })).toBeVisible();
  await expect(page.getByRole("grid")).toBeVisible();
  await expect(page.getByRole("button", { name: "Import calendar" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "School calendar pages" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("grid").locator('button[tabindex="0"]').press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Blocks", exact: true })).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Add an event" })).toHaveCount(0);
  await expect(dialog.getByLabel("Day type")).toHaveCount(0);
  await page.keyboard.press("Escape");

  // The bell schedule, to read: its blocks and times, no form.
  await page
    .getByRole("navigation", { name: "School calendar pages" })
    .getByRole("link", { name: "Bell schedule", exact: true })
    .click();
  await expect(page).toHaveURL(/\/calendar\/timetable$/);
  await expect(page.getByRole("heading", { level: 1, name: "Bell schedule" })).toBeVisible();
  const blocks = page.getByRole("table", { name: "Blocks and their times on each day type" });
  await expect(blocks.getByRole("rowheader", { name: /^Focus Block/ })).toBeVisible();
  await expect(blocks.getByRole("columnheader", { name: "Monday", exact: true })).toBeVisible();
  await expect(page.getByText("Only administrators change the bell schedule.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save bell schedule" })).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("textbox")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  fs.mkdirSync(SHOTS, { recursive: true });
  await shoot(page, "timetable-teacher");

  // The school year, to read.
  await page.getByRole("link", { name: "School year", exact: true }).click();
  await expect(page).toHaveURL(/\/calendar\/year$/);
  await expect(page.getByRole("heading", { level: 1, name: "School year" })).toBeVisible();
  await expect(page.getByRole("region", { name: "The year at a glance" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Terms" })).toBeVisible();
  await expect(page.getByText("Only administrators change the school year.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save school year" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "year-teacher");

  // The server refuses a teacher's save all the same.
  const headers = { authorization: `Bearer ${token}` };
  const timetable = await (await page.request.get("/api/timetable", { headers })).json();
  const put = await page.request.put("/api/timetable", { headers, data: { effective_from: timetable.date, cycle: timetable.cycle, blocks: [] } });
  expect(put.status()).toBe(403);
  const year = await page.request.put("/api/school-year", { headers, data: { start: "2030-09-01", end: "2031-06-30", attendance_from: "2030-09-01", terms: [] } });
  expect(year.status()).toBe(403);
});
