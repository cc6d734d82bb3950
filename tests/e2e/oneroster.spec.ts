import type { Page } from "@playwright/test";
import { buildBundle, type BundleSpec } from "../helpers/oneroster-bundle";
import { expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

/**
 * The OneRoster import on the Imports screen: an administrator chooses a bundle their SIS exported,
 * checks it (the dry run), picks a block for a period the timetable does not name, applies it, reads
 * the result, and a new student's week shows the new section in the blocks it meets.
 *
 * The demo database is shared with the other specs: every record here is new (this run's own SIS ids,
 * student numbers 9xxxxx, names and course code), and the files are delta files, so nothing another
 * spec relies on is archived or dropped.
 */

const run = String(Date.now()).slice(-5);
const COURSE = `SIS Chemistry ${run}`;
const COURSE_CODE = `ORCHEM${run}`;
const NUMBERS = [`9${run}1`.slice(0, 7), `9${run}2`.slice(0, 7)];
const FAMILY = `Rosterton${run}`;

function bundle(dropSecond = false): BundleSpec {
  return {
    modes: {
      users: "delta",
      courses: "delta",
      classes: "delta",
      enrollments: "delta",
      academicSessions: "absent",
    },
    users: [
      {
        sourcedId: `e2e-${run}-s1`,
        role: "student",
        givenName: "Ines",
        familyName: FAMILY,
        identifier: NUMBERS[0],
        grades: "10",
      },
      {
        sourcedId: `e2e-${run}-s2`,
        role: "student",
        givenName: "Tomas",
        familyName: FAMILY,
        identifier: NUMBERS[1],
        grades: "11",
      },
      {
        sourcedId: `e2e-${run}-t1`,
        role: "teacher",
        givenName: "Rosa",
        familyName: `Teacher${run}`,
        email: `rosa.${run}@sis.example`,
      },
    ],
    courses: [{ sourcedId: `e2e-${run}-c1`, title: COURSE, courseCode: COURSE_CODE }],
    // Period 3 is the demo timetable's "Block 3"; "Lab" matches no block and is asked for.
    classes: [
      {
        sourcedId: `e2e-${run}-k1`,
        title: `${COURSE} A`,
        courseSourcedId: `e2e-${run}-c1`,
        classCode: "A",
        periods: "3,Lab",
      },
    ],
    enrollments: [
      {
        sourcedId: `e2e-${run}-et`,
        classSourcedId: `e2e-${run}-k1`,
        userSourcedId: `e2e-${run}-t1`,
        role: "teacher",
      },
      {
        sourcedId: `e2e-${run}-e1`,
        classSourcedId: `e2e-${run}-k1`,
        userSourcedId: `e2e-${run}-s1`,
        role: "student",
      },
      {
        sourcedId: `e2e-${run}-e2`,
        classSourcedId: `e2e-${run}-k1`,
        userSourcedId: `e2e-${run}-s2`,
        role: "student",
        ...(dropSecond ? { status: "tobedeleted" } : {}),
      },
    ],
  };
}

const zip = (spec: BundleSpec, name: string) => ({
  name,
  mimeType: "application/zip",
  buffer: Buffer.from(buildBundle(spec)),
});

const section = (page: Page) => page.getByRole("region", { name: "OneRoster (SIS)", exact: true });

test("an administrator checks a OneRoster bundle, maps a period, applies it, and the student's week shows the class", async ({
  page,
}) => {
  test.slow();
  const token = await signIn(page, "admin", "/imports");
  const oneroster = section(page);
  await expect(oneroster.getByRole("heading", { name: "OneRoster (SIS)", level: 2 })).toBeVisible();
  await expect(oneroster.getByRole("button", { name: "Check", exact: true })).toBeDisabled();

  await oneroster.getByLabel("Choose a OneRoster .zip").setInputFiles(zip(bundle(), "sis-export.zip"));
  await expect(oneroster.getByText("sis-export.zip", { exact: true })).toBeVisible();
  // Keyboard: the Check button takes Enter.
  await oneroster.getByRole("button", { name: "Check", exact: true }).focus();
  await page.keyboard.press("Enter");

  // Two students, a teacher, a course, a section, two enrolments and the teacher's class.
  await expect(
    oneroster.getByText("8 new, 0 changed, 0 archived, 0 dropped, 0 unchanged, no errors.", { exact: true }),
  ).toBeVisible();
  const created = oneroster.getByRole("table", { name: "New records", exact: true });
  await expect(created.locator("tbody tr")).toHaveCount(8);
  await expect(created.getByRole("row", { name: `Student Ines ${FAMILY} e2e-${run}-s1` })).toBeVisible();
  await expect(created.getByRole("row", { name: `Course ${COURSE} e2e-${run}-c1` })).toBeVisible();
  await expect(oneroster.getByText("Nothing changes.", { exact: true })).toBeVisible();
  // "Lab" matches no block: the administrator chooses one, and must check again before applying.
  const lab = oneroster.getByRole("combobox", { name: "Period “Lab”", exact: true });
  await expect(lab).toHaveValue("");
  await expect(lab.locator("option")).toContainText([
    "No block (leave it out)",
    "Block 1",
    "Block 5",
    "Block 8",
  ]);
  await expect(lab.locator("option", { hasText: "Focus Block" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "/tmp/oneroster-review-1280.png", fullPage: true });

  await lab.selectOption({ label: "Block 5" });
  const apply = oneroster.getByRole("button", { name: "Apply", exact: true });
  await expect(apply).toBeDisabled();
  await expect(
    oneroster.getByText("You changed a choice: check again to see what it changes, then apply."),
  ).toBeVisible();
  await oneroster.getByRole("button", { name: "Check again", exact: true }).click();
  await expect(oneroster.getByRole("combobox", { name: "Period “Lab”", exact: true })).toHaveCount(0);
  await expect(
    oneroster.getByText("8 new, 0 changed, 0 archived, 0 dropped, 0 unchanged, no errors.", { exact: true }),
  ).toBeVisible();

  await apply.click();
  const result = oneroster.getByRole("status").filter({ hasText: "The import is done." });
  await expect(result).toBeVisible({ timeout: 30_000 });
  const totals = result.getByRole("definition");
  await expect(totals).toHaveText(["8", "0", "0", "0", "0"]);
  await result.screenshot({ path: "/tmp/oneroster-result-1280.png" });
  await expectNoSeriousA11yViolations(page);

  // The same bundle with the second enrolment deleted, "Lab" unmatched again: a dry run only.
  await oneroster.getByLabel("Choose a OneRoster .zip").setInputFiles(zip(bundle(true), "sis-delta.zip"));
  await oneroster.getByRole("button", { name: "Check", exact: true }).click();
  await expect(
    oneroster.getByText("0 new, 1 changed, 0 archived, 1 dropped, 5 unchanged, no errors.", { exact: true }),
  ).toBeVisible();
  const changed = oneroster.getByRole("table", { name: "Changed records", exact: true });
  await expect(
    changed.getByRole("row", {
      name: new RegExp(`Section ${COURSE} A \\(A\\) Blocks: Block 3, Block 5 → Block 3`),
    }),
  ).toBeVisible();
  await expect(
    oneroster.getByRole("table", { name: "Dropped records", exact: true }).locator("tbody tr"),
  ).toHaveCount(1);

  // On a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(changed).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "/tmp/oneroster-review-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Ines's week on a day Block 3 meets shows the course there.
  const headers = { authorization: `Bearer ${token}` };
  const students = (await (await page.request.get("/api/students", { headers })).json()) as {
    id: number;
    first_name: string;
    last_name: string;
  }[];
  const ines = students.find((s) => s.last_name === FAMILY && s.first_name === "Ines");
  expect(ines, "the imported student").toBeTruthy();
  const { date: today } = (await (await page.request.get("/api/timetable", { headers })).json()) as {
    date: string;
  };
  const until = new Date(Date.parse(`${today}T12:00:00Z`) + 21 * 86_400_000).toISOString().slice(0, 10);
  const { days } = (await (
    await page.request.get(`/api/school-days?from=${today}&to=${until}`, { headers })
  ).json()) as {
    days: { date: string; in_session: boolean; blocks: { label: string }[] }[];
  };
  const day = days.find((d) => d.in_session && d.blocks.some((b) => b.label === "Block 3"));
  expect(day, "a school day with Block 3 in the next three weeks").toBeTruthy();
  await page.goto(`/students/${ines!.id}?date=${day!.date}`);
  await expect(page).toHaveURL(/\/students\/\d+\?date=/);
  await expect(page.getByRole("heading", { name: `Ines ${FAMILY}`, exact: true })).toBeVisible();
  await expect(
    page.getByRole("button", { name: new RegExp(`^Block 3, [^.]+ to [^.]+\\. ${COURSE}`) }).first(),
  ).toBeVisible();
  const block5 = days.find(
    (d) => d.date >= day!.date && d.in_session && d.blocks.some((b) => b.label === "Block 5"),
  );
  if (block5) {
    await page.goto(`/students/${ines!.id}?date=${block5.date}`);
    await expect(
      page.getByRole("button", { name: new RegExp(`^Block 5, [^.]+ to [^.]+\\. ${COURSE}`) }).first(),
    ).toBeVisible();
  }
});

test("a bundle with problems lists them by file and line, and cannot be applied", async ({ page }) => {
  await signIn(page, "admin", "/imports");
  const oneroster = section(page);
  const spec = bundle();
  // An enrolment of a class the bundle does not have.
  spec.enrollments = [
    ...spec.enrollments!,
    {
      sourcedId: `e2e-${run}-bad`,
      classSourcedId: "no-such-class",
      userSourcedId: `e2e-${run}-s1`,
      role: "student",
    },
  ];
  await oneroster.getByLabel("Choose a OneRoster .zip").setInputFiles(zip(spec, "broken.zip"));
  await oneroster.getByRole("button", { name: "Check", exact: true }).click();
  const errors = oneroster.getByRole("table", { name: "Errors by file and line", exact: true });
  await expect(
    errors.getByRole("row", {
      name: "enrollments.csv 5 classSourcedId no-such-class is not in classes.csv.",
    }),
  ).toBeVisible();
  await expect(oneroster.getByRole("button", { name: "Apply", exact: true })).toBeDisabled();
  await expect(
    oneroster.getByText("Fix the errors and check again to apply.", { exact: true }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
