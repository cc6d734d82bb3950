import {
  expect,
  expectNoSeriousA11yViolations,
  signIn,
  signInThroughForm,
  test,
  DEMO_PASSWORD,
} from "./helpers";

/**
 * The Credentials Manager in the browser: an administrator resets one demo student's password and
 * reads the temporary one; the student signs in with it and is forced to choose a new password.
 * Student 100099 is used by no other end-to-end test.
 */
const STUDENT_NUMBER = "100099";

test.describe.configure({ mode: "serial" });

test("an administrator resets a student's password; the student signs in with it and must change it", async ({
  page,
  browser,
}) => {
  await signIn(page, "admin", "/credentials-manager");
  await expect(page).toHaveTitle("Flexblock - Credentials Manager");
  await expect(page.getByRole("heading", { level: 2, name: "Users", exact: true })).toBeVisible();
  const table = page.getByRole("table", { name: "Users", exact: true });
  await expect(table.locator("tbody tr")).toHaveCount(10);
  await expect(page.getByRole("columnheader")).toHaveText([
    /^Select all \d+ matching accounts$/,
    /Name/,
    /Account status/,
    /Password status/,
    /Account type/,
  ]);
  await expectNoSeriousA11yViolations(page);

  // The administrator's own row cannot be selected.
  await page.getByRole("searchbox", { name: "Search users", exact: true }).fill("admin@demo.school");
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.locator("tbody").getByRole("checkbox")).toBeDisabled();

  await page.getByRole("searchbox", { name: "Search users", exact: true }).fill(STUDENT_NUMBER);
  await expect(table.locator("tbody tr")).toHaveCount(1);
  const row = table.locator("tbody tr").first();
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Valid");
  await expect(row).toContainText("Student");
  const reset = page.getByRole("button", { name: "Reset Passwords", exact: true });
  await expect(reset).toBeDisabled();
  await row.getByRole("checkbox").click();
  await expect(page.getByText("1 selected", { exact: true })).toBeVisible();
  await reset.click();

  const confirm = page.getByRole("dialog", { name: "Reset Passwords?", exact: true });
  await expect(confirm).toContainText("Reset Passwords for 1 account.");
  await expectNoSeriousA11yViolations(page);
  await confirm.getByLabel("Your password", { exact: true }).fill("not-my-password");
  await confirm.getByRole("button", { name: "Reset Passwords", exact: true }).click();
  await expect(confirm.getByText("That didn't work. Please try again.", { exact: true })).toBeVisible();
  await confirm.getByLabel("Your password", { exact: true }).fill(DEMO_PASSWORD);
  await confirm.getByRole("button", { name: "Reset Passwords", exact: true }).click();
  await expect(page.getByText("Reset passwords successfully.", { exact: true })).toBeVisible();

  const shown = page.getByRole("dialog", { name: "Temporary passwords", exact: true });
  await expect(shown).toContainText(STUDENT_NUMBER);
  const temporary = (await shown.getByTestId(`temporary-password-${STUDENT_NUMBER}`).textContent())!.trim();
  expect(temporary).toMatch(/^[A-Za-z0-9]{14}$/);
  await expectNoSeriousA11yViolations(page);
  const download = page.waitForEvent("download");
  await shown.getByRole("button", { name: "Download CSV", exact: true }).click();
  expect((await download).suggestedFilename()).toMatch(/^temporary-passwords-.*\.csv$/);
  await shown.getByRole("button", { name: "Done", exact: true }).click();
  await expect(shown).toBeHidden();
  await expect(row).toContainText("Expired");

  // The student, on their own device: the temporary password works and must be replaced at once.
  const device = await browser.newContext();
  const student = await device.newPage();
  await student.goto("/login");
  await signInThroughForm(student, STUDENT_NUMBER, temporary);
  await expect(
    student.getByText("Your old password has expired and must be changed.", { exact: true }),
  ).toBeVisible();
  await student.getByLabel("Old password", { exact: true }).fill(temporary);
  await student.getByLabel("New password", { exact: true }).fill("my-own-new-passphrase");
  await student.getByLabel("Confirm new password", { exact: true }).fill("my-own-new-passphrase");
  await student.getByRole("button", { name: "Change Password", exact: true }).click();
  await expect(student.getByText("Changed passsword.", { exact: true })).toBeVisible();
  await expect(student).toHaveURL(/\/profile$/);
  await device.close();
});

test("a teacher is sent away from the audit log and the Power Scheduler", async ({ page }) => {
  await signIn(page, "teacher", "/audit");
  await expect(page).toHaveURL(/\/check-in$/);
  await page.goto("/power-scheduler");
  await expect(page).toHaveURL(/\/check-in$/);
});

test("the audit log shows the reset, filters by action and exports CSV", async ({ page }) => {
  await signIn(page, "admin", "/audit");
  await expect(page).toHaveTitle("Flexblock - Audit Log");
  await expect(page.getByRole("heading", { level: 1, name: "Audit Log", exact: true })).toBeVisible();
  await page.getByRole("combobox", { name: "Action", exact: true }).selectOption({ label: "Reset password" });
  const rows = page.getByRole("table", { name: "Audit log", exact: true }).locator("tbody tr");
  await expect(rows.filter({ hasText: STUDENT_NUMBER })).toHaveCount(1);
  await expect(rows.first()).toContainText("Reset password");
  await expectNoSeriousA11yViolations(page);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV", exact: true }).click();
  expect((await download).suggestedFilename()).toMatch(/^audit-log-.*\.csv$/);
});
