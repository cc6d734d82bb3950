import type { Page } from "@playwright/test";
import { SCHOOL, type BundleSpec } from "../helpers/oneroster-bundle";
import { CLIENT_ID, CLIENT_SECRET, startRestServer } from "../helpers/oneroster-rest-server";
import { expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

/**
 * "Connect your SIS" on the Imports screen, against the real routes: an administrator with no
 * connection sees the empty state, the form checks its fields in the browser, the server's field
 * errors land on their fields (plain http to another machine is refused), a saved connection keeps
 * its secret out of sight, and removing it asks first and brings the empty state back. Then the main
 * path against a OneRoster 1.2 REST server of the test's own on loopback (a district of two schools):
 * test, choose the school, save, preview, sync now, read the result and open the report.
 *
 * The demo database is shared with the other specs: every record the SIS serves here is new (this run's
 * own SIS ids, student numbers 8xxxxx, names and course code), and the nightly sync stays off.
 */

const panel = (page: Page) => page.getByRole("region", { name: "Connect your SIS", exact: true });
const LOOPBACK = "http://127.0.0.1:9/ims/oneroster/rostering/v1p2";

const run = String(Date.now()).slice(-5);
const FAMILY = `Restful${run}`;
const OTHER_SCHOOL = `org-${run}-2`;

/** A district of two schools: ours (the bundle builder's default school) and another with one student. */
function district(): BundleSpec {
  return {
    version: "1.2",
    orgs: [
      { sourcedId: `org-${run}-d`, name: "Rest District", type: "district" },
      { sourcedId: SCHOOL, name: "Test Secondary" },
      { sourcedId: OTHER_SCHOOL, name: "Other Secondary" },
    ],
    users: [
      { sourcedId: `rest-${run}-s1`, role: "student", givenName: "Ines", familyName: FAMILY, identifier: `8${run}1`.slice(0, 7), grades: "10" },
      { sourcedId: `rest-${run}-s2`, role: "student", givenName: "Tomas", familyName: FAMILY, identifier: `8${run}2`.slice(0, 7), grades: "11" },
      { sourcedId: `rest-${run}-s3`, role: "student", givenName: "Elsewhere", familyName: FAMILY, identifier: `8${run}3`.slice(0, 7), grades: "10", orgSourcedIds: OTHER_SCHOOL },
      { sourcedId: `rest-${run}-t1`, role: "teacher", givenName: "Rosa", familyName: `Rest${run}`, email: `rosa.rest.${run}@sis.example` },
    ],
    courses: [{ sourcedId: `rest-${run}-c1`, title: `REST Biology ${run}`, courseCode: `RSBIO${run}` }],
    classes: [{ sourcedId: `rest-${run}-k1`, title: `REST Biology ${run} A`, courseSourcedId: `rest-${run}-c1`, classCode: "A", periods: "3" }],
    enrollments: [
      { sourcedId: `rest-${run}-et`, classSourcedId: `rest-${run}-k1`, userSourcedId: `rest-${run}-t1`, role: "teacher" },
      { sourcedId: `rest-${run}-e1`, classSourcedId: `rest-${run}-k1`, userSourcedId: `rest-${run}-s1`, role: "student" },
      { sourcedId: `rest-${run}-e2`, classSourcedId: `rest-${run}-k1`, userSourcedId: `rest-${run}-s2`, role: "student" },
    ],
  };
}

test("an administrator sets up the SIS connection, reads the field errors, saves it and removes it", async ({
  page,
}) => {
  await signIn(page, "admin", "/imports");
  const sis = panel(page);
  await expect(sis.getByRole("heading", { name: "Connect your SIS", level: 2 })).toBeVisible();
  await expect(sis.getByText("No SIS is connected.", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Keyboard: the empty state's button takes Enter and lands on the first field.
  await sis.getByRole("button", { name: "Set up a connection", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(sis.getByLabel(/^Base URL/)).toBeFocused();

  // Checked in the browser first: nothing is sent.
  await sis.getByRole("button", { name: "Save", exact: true }).click();
  await expect(sis.getByText("The base URL is required.", { exact: true })).toBeVisible();
  await expect(sis.getByText("The client secret is required.", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The server's rule: plain http only on this machine. Its message lands on the field.
  await sis.getByLabel(/^Base URL/).fill("http://sis.school.invalid/ims/oneroster/rostering/v1p2");
  await sis.getByLabel(/^Token URL/).fill("http://127.0.0.1:9/oauth/token");
  await sis.getByLabel(/^Client ID/).fill("flexblock-e2e");
  await sis.getByLabel(/^Client secret/).fill("e2e-secret");
  await sis.getByRole("radio", { name: "OneRoster 1.1", exact: true }).check();
  await sis.getByLabel(/^Time/).fill("03:30");
  await sis.getByRole("button", { name: "Save", exact: true }).click();
  const baseUrl = sis.getByLabel(/^Base URL/);
  await expect(baseUrl).toHaveAttribute("aria-invalid", "true");
  await expect(sis.getByText(/^It must start with https:\/\//)).toBeVisible();
  await expect(baseUrl).toBeFocused();
  await page.screenshot({ path: "/tmp/rest-ui-field-error-1280.png", fullPage: true });

  await baseUrl.fill(LOOPBACK);
  await sis.getByRole("button", { name: "Save", exact: true }).click();
  const secret = sis.getByPlaceholder("Saved — leave blank to keep it", { exact: true });
  await expect(secret).toBeVisible();
  await expect(secret).toHaveValue("");
  await expect(sis.getByText("Saved.", { exact: true })).toBeVisible();
  await expect(sis.getByRole("radio", { name: "OneRoster 1.1", exact: true })).toBeChecked();
  await expect(sis.getByLabel(/^Time/)).toHaveValue("03:30");
  const syncs = sis.getByRole("region", { name: "Syncs", exact: true });
  await expect(syncs.getByText("None yet", { exact: true })).toBeVisible();
  await expect(syncs.getByText("Nightly sync is off", { exact: true })).toHaveCount(0);

  // What the server kept, secret never sent back.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("flexblock.token")!) as string);
  const stored = await (
    await page.request.get("/api/rostering/source", { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(stored).toMatchObject({
    base_url: LOOPBACK,
    client_id: "flexblock-e2e",
    client_secret: null,
    client_secret_set: true,
    version: "1.1",
    schedule: "03:30",
    archive_missing: false,
  });

  // Nightly off, saved with the secret left blank (kept).
  await sis.getByRole("checkbox", { name: "Sync every night", exact: true }).click();
  await sis.getByRole("button", { name: "Save", exact: true }).click();
  await expect(syncs.getByText("Nightly sync is off", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await sis.screenshot({ path: "/tmp/rest-ui-saved-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(secret).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await sis.screenshot({ path: "/tmp/rest-ui-saved-390.png" });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Removing asks first (Escape keeps it), then the empty state is back.
  await sis.getByRole("button", { name: "Remove connection", exact: true }).click();
  const dialog = page.getByRole("alertdialog").or(page.getByRole("dialog"));
  await expect(dialog).toHaveAccessibleName("Remove the connection to your SIS?");
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(secret).toBeVisible();
  await sis.getByRole("button", { name: "Remove connection", exact: true }).click();
  await dialog.getByRole("button", { name: "Remove connection", exact: true }).click();
  await expect(sis.getByText("No SIS is connected.", { exact: true })).toBeVisible();
  expect(
    (await page.request.get("/api/rostering/source", { headers: { authorization: `Bearer ${token}` } })).status(),
  ).toBe(404);
});

test("an administrator connects a district's OneRoster 1.2 REST server, picks the school, previews, syncs and opens the report", async ({
  page,
}) => {
  test.slow();
  const server = await startRestServer(district());
  try {
    await signIn(page, "admin", "/imports");
    const sis = panel(page);
    await sis.getByRole("button", { name: "Set up a connection", exact: true }).click();
    await sis.getByLabel(/^Base URL/).fill(server.baseUrl);
    await sis.getByLabel(/^Token URL/).fill(server.tokenUrl);
    await sis.getByLabel(/^Client ID/).fill(CLIENT_ID);
    await sis.getByLabel(/^Client secret/).fill(CLIENT_SECRET);
    await expect(sis.getByRole("radio", { name: "OneRoster 1.2", exact: true })).toBeChecked();
    await sis.getByRole("checkbox", { name: "Sync every night", exact: true }).click();

    // Tested before saving: the sentence, each step, and the district's schools to choose from.
    await sis.getByRole("button", { name: "Test connection", exact: true }).click();
    const tested = sis.getByRole("status").filter({ hasText: /^Found 2 schools: / });
    await expect(tested).toBeVisible({ timeout: 20_000 });
    await expect(tested.getByRole("listitem")).toHaveCount(2);
    await expect(tested.getByRole("listitem").first()).toContainText("Token: passed.");
    const school = sis.getByRole("combobox", { name: "School", exact: true });
    await expect(school.locator("option")).toHaveText(["Choose a school", "Test Secondary", "Other Secondary"]);
    await school.selectOption({ label: "Test Secondary" });
    await expectNoSeriousA11yViolations(page);
    await sis.getByRole("button", { name: "Save", exact: true }).click();
    await expect(sis.getByPlaceholder("Saved — leave blank to keep it", { exact: true })).toBeVisible();
    await expect(school).toHaveValue(SCHOOL);

    // The preview: the bundle's review, with what the pull read and what belonged to the other school.
    await sis.getByRole("button", { name: "Preview changes", exact: true }).click();
    const review = sis.getByRole("group", { name: "What a sync would change", exact: true });
    await expect(review).toBeFocused({ timeout: 30_000 });
    await expect(review.getByText(/Read \d+ pages? from your SIS \(everything\): .*belonged to other schools/)).toBeVisible();
    await expect(review.getByText(/^\d+ new, \d+ changed, \d+ archived, \d+ dropped, \d+ unchanged, no errors\.$/)).toBeVisible();
    const created = review.getByRole("table", { name: "New records", exact: true });
    await expect(created.getByRole("row", { name: `Student Ines ${FAMILY} rest-${run}-s1` })).toBeVisible();
    await expect(created.getByRole("row", { name: new RegExp(`Elsewhere ${FAMILY}`) })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: "/tmp/rest-ui-preview-1280.png", fullPage: true });

    // Sync now: the job's progress as a bundle import's, its result, the last sync, the report.
    await sis.getByRole("button", { name: "Sync now", exact: true }).click();
    const done = sis.getByRole("status").filter({ hasText: "The import is done." });
    await expect(done).toBeVisible({ timeout: 60_000 });
    await expect(done.getByRole("definition").first()).not.toHaveText("0");
    const syncs = sis.getByRole("region", { name: "Syncs", exact: true });
    await expect(syncs.getByText("Done", { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(syncs.getByText(/^\d+ new, \d+ changed, .* no errors\.$/)).toBeVisible();
    await expect(syncs.getByText("Nightly sync is off", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await sis.screenshot({ path: "/tmp/rest-ui-synced-1280.png" });
    await expect(review).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(done).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await sis.screenshot({ path: "/tmp/rest-ui-synced-390.png" });
    await sis.getByRole("form", { name: "Connection to your SIS" }).screenshot({ path: "/tmp/rest-ui-form-390.png" });
    await syncs.screenshot({ path: "/tmp/rest-ui-syncs-390.png" });
    await done.screenshot({ path: "/tmp/rest-ui-done-390.png" });
    await page.setViewportSize({ width: 1280, height: 800 });

    await done.getByRole("link", { name: "Open the import's report", exact: true }).click();
    await expect(page).toHaveURL(/\/imports\/\d+$/);
    await expectNoSeriousA11yViolations(page);
  } finally {
    await server.close();
  }
});
