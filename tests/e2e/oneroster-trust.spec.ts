import type { Page } from "@playwright/test";
import { buildBundle, type BundleSpec } from "../helpers/oneroster-bundle";
import { DEMO_PASSWORD, expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

/**
 * Trust in the OneRoster import, on the screens: the dry run lists the people the SIS calls administrators
 * (the import makes them staff) and the rows skipped because they would change an administrator's account;
 * after applying, the panel says so, the Imports list has the import, its report gives the administrator
 * role with one click, and the staff list shows each person's position and department.
 *
 * The demo database is shared with the other specs: every record here is new (this run's own SIS ids,
 * emails), the files are delta files, and the one administrator a row tries to change is made here.
 */

const run = String(Date.now()).slice(-6);
const SECRETARY = `Sam Sec${run}`;
const PEER_EMAIL = `peer.${run}@demo.school`;

function bundle(): BundleSpec {
  return {
    modes: {
      users: "delta",
      academicSessions: "absent",
      courses: "absent",
      classes: "absent",
      enrollments: "absent",
    },
    users: [
      {
        sourcedId: `tr-${run}-sec`,
        role: "administrator",
        givenName: "Sam",
        familyName: `Sec${run}`,
        email: `sam.sec.${run}@sis.example`,
        position: "Secretary",
        department: "Main office",
      },
      {
        sourcedId: `tr-${run}-aide`,
        role: "aide",
        givenName: "Al",
        familyName: `Aide${run}`,
        email: `al.aide.${run}@sis.example`,
        position: "Education assistant",
      },
      // The SIS would rename an administrator and lock them out: skipped and listed.
      {
        sourcedId: `tr-${run}-peer`,
        role: "teacher",
        givenName: "Mallory",
        familyName: `Peer${run}`,
        email: PEER_EMAIL,
        enabledUser: "false",
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

test("the SIS's administrators become staff, an administrator gives the role with one click, and the import is in the history", async ({
  page,
}) => {
  test.slow();
  const token = await signIn(page, "admin", "/imports");
  // A peer administrator the bundle would change (made by hand, as a school does).
  const made = await page.request.post("/api/staff", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      email: PEER_EMAIL,
      first_name: "Petra",
      last_name: `Peer${run}`,
      title: "",
      initials: "PP",
      administrator: true,
      password: DEMO_PASSWORD,
    },
  });
  expect(made.status()).toBe(201);

  const oneroster = section(page);
  await oneroster.getByLabel("Choose a OneRoster .zip").setInputFiles(zip(bundle(), `sis-${run}.zip`));
  await oneroster.getByRole("button", { name: "Check", exact: true }).click();
  await expect(oneroster.getByText(/Nothing has been written yet\./)).toBeVisible();
  const admins = oneroster.getByRole("table", { name: "People the SIS calls administrators", exact: true });
  await expect(
    admins.getByRole("row", { name: new RegExp(`^${SECRETARY} .* administrator Staff, once applied$`) }),
  ).toBeVisible();
  const skipped = oneroster.getByRole("table", {
    name: "Rows skipped to protect administrators and sysadmins",
    exact: true,
  });
  await expect(
    skipped.getByRole("row", {
      name: new RegExp(
        `Mallory Peer${run} Administrator, users.csv line 4 First name: Petra → Mallory; Can sign in: yes → no`,
      ),
    }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "/tmp/oneroster-trust-dry-run-1280.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(admins).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "/tmp/oneroster-trust-dry-run-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Apply: the panel no longer says nothing was written; the result links to the report.
  await oneroster.getByRole("button", { name: "Apply", exact: true }).click();
  const result = oneroster.getByRole("status").filter({ hasText: "The import is done." });
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(oneroster.getByText(/Nothing has been written yet\./)).toHaveCount(0);
  await expect(
    oneroster.getByText("Applied: the import's result is below, and its report is in the Imports list."),
  ).toBeVisible();
  // The Imports list has it, with its counts.
  const history = page.getByRole("table", { name: "Imports" });
  await expect(
    history.getByRole("row", { name: new RegExp(`sis-${run}\\.zip OneRoster \\(SIS\\)`) }),
  ).toBeVisible();

  // The report: the one-click grant (PUT /api/staff/{id}), keyboard first.
  await result.getByRole("link", { name: "Open the import's report" }).click();
  await expect(page.getByRole("heading", { name: `Import report: sis-${run}.zip` })).toBeVisible();
  const reportAdmins = page.getByRole("table", { name: "People the SIS calls administrators", exact: true });
  const grant = reportAdmins.getByRole("button", { name: `Make ${SECRETARY} an administrator` });
  await expect(grant).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "/tmp/oneroster-trust-report-1280.png", fullPage: true });
  await grant.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`${SECRETARY} is now a Flexblock administrator.`)).toBeVisible();
  await expect(
    reportAdmins.getByRole("row", { name: new RegExp(`^${SECRETARY} .* Administrator$`) }),
  ).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "/tmp/oneroster-trust-report-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  const staff = (await (
    await page.request.get("/api/staff", { headers: { authorization: `Bearer ${token}` } })
  ).json()) as {
    email: string;
    administrator: boolean;
    takes_students: boolean;
  }[];
  expect(staff.find((s) => s.email === `sam.sec.${run}@sis.example`)).toMatchObject({
    administrator: true,
    takes_students: false,
  });
  expect(staff.find((s) => s.email === PEER_EMAIL)).toMatchObject({ administrator: true });

  // The staff list: the SIS's position and department pick out office staff.
  await page.goto("/staff");
  await page.getByRole("searchbox", { name: "Search staff" }).fill(run);
  const list = page.getByRole("table", { name: "Staff" });
  await expect(list.getByRole("row", { name: /Sec\d+.*Secretary, Main office/ })).toBeVisible();
  await expect(list.getByRole("row", { name: /Aide\d+.*Education assistant/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "/tmp/oneroster-trust-staff-1280.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone the position is a line under the name.
  await expect(list.getByRole("row", { name: /Sec\d+.*Position: Secretary, Main office/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "/tmp/oneroster-trust-staff-390.png", fullPage: true });
});
