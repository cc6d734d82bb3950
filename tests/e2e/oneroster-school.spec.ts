import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { buildBundle, type BundleSpec } from "../helpers/oneroster-bundle";
import { expect, expectNoSeriousA11yViolations, test } from "./helpers";
import { addDays, calendarDay, firstSignIn, ownServer, schoolToday, showWeekOf, tile } from "./own-school";

/**
 * The roster from the SIS end to end on a Day 1 / Day 2 school. On a server of its own (an
 * empty school, so the demo's weekly timetable stays as the other specs need it): the administrator sets
 * up a rotation timetable through the API (Block 3 meets on Day 1 only, Block 4 on Day 2 only), then in
 * the browser uploads a OneRoster bundle generated here (a school year, a term, a teacher, a student,
 * Chemistry in period 3 and History in period 4), reads the dry run (the school's year is not set up
 * yet: applying sets it), confirms, and reads the result. The student, signing in for the first time, finds
 * Chemistry in Block 3 on a Day 1 and History in Block 4 on a Day 2; the teacher opens their class list.
 * Screenshots at 1280×800 and 390×844 go to $ROSTER_SHOTS (default /tmp/oneroster-school-shots).
 */

const school = ownServer(Number(process.env.E2E_PORT ?? 3200) + 61);
const ZONE = "America/Vancouver";
const PASSWORD = "the bell rings twice on fridays";
const SHOTS = process.env.ROSTER_SHOTS ?? path.join(os.tmpdir(), "oneroster-school-shots");

/** The school year holding today on the run's clock: August 1 to July 31. */
function yearAround(today: string) {
  const year = Number(today.slice(0, 4)) - (Number(today.slice(5, 7)) >= 8 ? 0 : 1);
  return { start: `${year}-08-01`, end: `${year + 1}-07-31`, title: `${year}-${String(year + 1).slice(2)}` };
}

/** "August 1, 2026", as the Imports screen writes the year's dates. */
const longDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

/** The SIS's export: OneRoster 1.1, full (bulk) files. */
function bundle(year: ReturnType<typeof yearAround>): BundleSpec {
  return {
    sessions: [
      {
        sourcedId: "sis-year",
        title: year.title,
        type: "schoolYear",
        startDate: year.start,
        endDate: year.end,
      },
      {
        sourcedId: "sis-term",
        title: "Full year",
        type: "term",
        startDate: year.start,
        endDate: year.end,
        parentSourcedId: "sis-year",
      },
    ],
    users: [
      {
        sourcedId: "sis-stu-1",
        role: "student",
        givenName: "Ines",
        familyName: "Rosterton",
        identifier: "2700001",
        grades: "10",
      },
      {
        sourcedId: "sis-tch-1",
        role: "teacher",
        givenName: "Rosa",
        familyName: "Okonjo",
        email: "rosa.okonjo@riverside.example",
      },
    ],
    courses: [
      { sourcedId: "sis-chem", title: "Chemistry 11", courseCode: "CHEM11" },
      { sourcedId: "sis-hist", title: "History 12", courseCode: "HIST12" },
    ],
    classes: [
      {
        sourcedId: "sis-chem-a",
        title: "Chemistry 11 A",
        courseSourcedId: "sis-chem",
        classCode: "A",
        termSourcedIds: "sis-term",
        periods: "3",
      },
      {
        sourcedId: "sis-hist-a",
        title: "History 12 A",
        courseSourcedId: "sis-hist",
        classCode: "A",
        termSourcedIds: "sis-term",
        periods: "4",
      },
    ],
    enrollments: [
      { sourcedId: "sis-e-t1", classSourcedId: "sis-chem-a", userSourcedId: "sis-tch-1", role: "teacher" },
      { sourcedId: "sis-e-t2", classSourcedId: "sis-hist-a", userSourcedId: "sis-tch-1", role: "teacher" },
      { sourcedId: "sis-e-s1", classSourcedId: "sis-chem-a", userSourcedId: "sis-stu-1", role: "student" },
      { sourcedId: "sis-e-s2", classSourcedId: "sis-hist-a", userSourcedId: "sis-stu-1", role: "student" },
    ],
  };
}

/** Screenshots at desktop and phone width; axe on each; on a phone nothing scrolls sideways. */
async function shoot(page: Page, name: string) {
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe("the roster from a OneRoster bundle, on a Day 1 / Day 2 school of its own", () => {
  test.beforeAll(async () => {
    // A cold `next start` on a busy machine: the wait for the setup link (90 s) decides.
    test.setTimeout(120_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    await school.start();
  });

  test.afterAll(() => school.stop());

  test("an administrator imports the bundle; the student's week shows the classes on a Day 1 and a Day 2; the teacher opens the class list", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const today = schoolToday(ZONE);
    const year = yearAround(today);
    const { page: admin, token } = await school.firstAdministrator(browser, {
      school_name: "Riverside Secondary",
      timezone: ZONE,
      name: "Morgan Tremblay",
      email: "it@riverside.example",
      password: PASSWORD,
    });
    const headers = { authorization: `Bearer ${token}` };

    // The bell schedule, through the API: a rotation of Day 1 and Day 2; Block 3 only on Day 1, Block 4 only on Day 2.
    const both = (start: string, end: string) => [
      { day_type: "Day 1", start, end },
      { day_type: "Day 2", start, end },
    ];
    const timetable = await admin.request.put("/api/timetable", {
      headers,
      data: {
        effective_from: year.start,
        cycle: { kind: "rotation", day_types: ["Day 1", "Day 2"], first_day_type: "Day 1" },
        blocks: [
          { label: "Block 1", flex: false, times: both("08:30", "09:40") },
          { label: "Focus Block", flex: true, times: both("09:50", "10:30") },
          { label: "Block 3", flex: false, times: [{ day_type: "Day 1", start: "10:40", end: "11:50" }] },
          { label: "Block 4", flex: false, times: [{ day_type: "Day 2", start: "10:40", end: "11:50" }] },
        ],
      },
    });
    expect(timetable.status(), await timetable.text()).toBe(200);

    // The upload: checked first (the dry run), nothing written.
    await admin.goto("/imports");
    const oneroster = admin.getByRole("region", { name: "OneRoster (SIS)", exact: true });
    await oneroster.getByLabel("Choose a OneRoster .zip").setInputFiles({
      name: "sis-export.zip",
      mimeType: "application/zip",
      buffer: Buffer.from(buildBundle(bundle(year))),
    });
    await oneroster.getByRole("button", { name: "Check", exact: true }).click();
    // A term, a student, a teacher, two courses, two sections, two enrolments, the teacher of each section.
    await expect(
      oneroster.getByText("11 new, 0 changed, 0 archived, 0 dropped, 0 unchanged, no errors.", {
        exact: true,
      }),
    ).toBeVisible();
    const created = oneroster.getByRole("table", { name: "New records", exact: true });
    await expect(created.getByRole("row", { name: "Student Ines Rosterton sis-stu-1" })).toBeVisible();
    await expect(created.getByRole("row", { name: "Section Chemistry 11 A (A) sis-chem-a" })).toBeVisible();
    await expect(
      oneroster.getByText(
        `School year: ${year.title}, ${longDay(year.start)} – ${longDay(year.end)}. The school's year is not set up yet: applying sets it.`,
        { exact: true },
      ),
    ).toBeVisible();
    // Periods 3 and 4 are the timetable's Block 3 and Block 4: nothing to choose.
    await expect(oneroster.getByRole("combobox")).toHaveCount(0);
    await shoot(admin, "dry-run");

    // Confirm: the import runs on the job runner; its result, and the year it set.
    await oneroster.getByRole("button", { name: "Apply", exact: true }).click();
    const result = oneroster.getByRole("status").filter({ hasText: "The import is done." });
    await expect(result).toBeVisible({ timeout: 30_000 });
    await expect(result.getByRole("definition")).toHaveText(["11", "0", "0", "0", "0"]);
    await expect(result).toContainText(
      `The school year is set: ${longDay(year.start)} – ${longDay(year.end)}.`,
    );
    await shoot(admin, "result");

    // The next Day 1 and Day 2 from today (the year's days were made from the rotation when it was set).
    const { days } = (await (
      await admin.request.get(`/api/school-days?from=${today}&to=${addDays(today, 14)}`, { headers })
    ).json()) as { days: { date: string; in_session: boolean; day_type: string | null }[] };
    const day1 = days.find((d) => d.in_session && d.day_type === "Day 1")?.date;
    const day2 = days.find((d) => d.in_session && d.day_type === "Day 2")?.date;
    expect(day1 && day2, JSON.stringify(days)).toBeTruthy();

    // Their first sign-in: the administrator resets both passwords in the Credentials Manager's API.
    expect(
      (await admin.request.post("/api/verify-user", { headers, data: { password: PASSWORD } })).status(),
    ).toBe(200);
    const users = (await (await admin.request.get("/api/users", { headers })).json()) as {
      id: number;
      username: string;
    }[];
    const idOf = (username: string) => users.find((u) => u.username === username)!.id;
    const reset = await admin.request.post("/api/users/reset-passwords", {
      headers,
      data: { user_ids: [idOf("2700001"), idOf("rosa.okonjo@riverside.example")] },
    });
    expect(reset.status(), await reset.text()).toBe(200);
    const { passwords } = (await reset.json()) as { passwords: { username: string; password: string }[] };
    const initial = (username: string) => passwords.find((p) => p.username === username)!.password;

    // The student's week: Chemistry in Block 3 on the Day 1, History in Block 4 on the Day 2, and neither
    // block on the other day.
    const student = await school.device(browser);
    await firstSignIn(student, "2700001", initial("2700001"), "my locker is number 42");
    await expect(
      student.getByRole("heading", { level: 1, name: "Ines Rosterton", exact: true }),
    ).toBeVisible();
    const checks: [string, () => Promise<void>][] = [
      [
        day1!,
        async () => {
          await expect(tile(student, "Block 3", day1!)).toContainText("Chemistry 11");
          await expect(tile(student, "Block 4", day1!)).toHaveCount(0);
          await expect(tile(student, "Focus Block", day1!)).toBeVisible();
        },
      ],
      [
        day2!,
        async () => {
          await expect(tile(student, "Block 4", day2!)).toContainText("History 12");
          await expect(tile(student, "Block 3", day2!)).toHaveCount(0);
          await expect(tile(student, "Focus Block", day2!)).toBeVisible();
        },
      ],
    ];
    // The earlier date first (the week calendar steps forward).
    for (const [date, check] of checks.sort(([a], [b]) => a.localeCompare(b))) {
      await showWeekOf(student, date);
      await check();
      await expectNoSeriousA11yViolations(student);
      await student.screenshot({ path: path.join(SHOTS, `student-week-${date}-1280.png`), fullPage: true });
    }
    // On a phone: one day at a time.
    await student.setViewportSize({ width: 390, height: 844 });
    // The week shown is the later date's: when the Day 2 comes first (a Friday today, the Day 1 next
    // week), step back to it.
    const day2Tab = student
      .getByRole("tablist", { name: "Day", exact: true })
      .getByRole("tab", { name: new RegExp(`^${calendarDay(day2!)}`) });
    for (let i = 0; i < 8 && !(await day2Tab.isVisible()); i++) {
      const shown = (await student.locator("h2[aria-live=polite]").textContent())!;
      await student.getByRole("button", { name: "Previous week", exact: true }).click();
      await expect(student.locator("h2[aria-live=polite]")).not.toHaveText(shown);
    }
    await day2Tab.click();
    await expect(tile(student, "Block 4", day2!)).toContainText("History 12");
    await expect
      .poll(() => student.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(student);
    await student.screenshot({ path: path.join(SHOTS, "student-week-390.png"), fullPage: true });

    // The teacher: My classes on /courses, then Chemistry's class list with the student in it.
    const teacher = await school.device(browser);
    await firstSignIn(
      teacher,
      "rosa.okonjo@riverside.example",
      initial("rosa.okonjo@riverside.example"),
      "litmus paper turns red",
    );
    await teacher.goto("/courses");
    const mine = teacher.getByRole("region", { name: "My classes", exact: true });
    await expect(mine.getByRole("link")).toHaveCount(2);
    await mine.getByRole("link").filter({ hasText: "Chemistry 11" }).click();
    await expect(teacher).toHaveURL(/\/courses\/CHEM11#section-\d+$/);
    const classList = teacher.getByRole("table", { name: "Class list of Chemistry 11 A", exact: true });
    await expect(classList.locator("tbody tr")).toHaveCount(1);
    await expect(classList.getByRole("link", { name: "Rosterton, Ines", exact: true })).toBeVisible();
    await shoot(teacher, "teacher-class-list");

    await student.context().close();
    await teacher.context().close();
    await admin.context().close();
  });
});
