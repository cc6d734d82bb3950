import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

/** A CSV file for the file chooser. Numbers far above the demo school's (100001…). */
const csv = (name: string, lines: string[]) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(`${lines.join("\n")}\n`),
});

async function confirmWithPassword(page: Page, title: string) {
  const confirm = page.getByRole("dialog", { name: title, exact: true });
  await expect(confirm).toBeVisible();
  await confirm.getByLabel("Your password", { exact: true }).fill(DEMO_PASSWORD);
  return confirm;
}

test("an administrator adds a teacher and a student, one at a time", async ({ page }) => {
  await signIn(page, "admin", "/staff");
  await page.getByRole("button", { name: "Add Staff", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Add Staff", exact: true });
  await expect(dialog.getByRole("tab", { name: "Single", exact: true })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(dialog.getByRole("combobox", { name: "Title", exact: true })).toHaveValue("Mr.");
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole("textbox", { name: "Email", exact: true }).fill("rosalind.franklin@demo.school");
  await dialog.getByRole("textbox", { name: "First name", exact: true }).fill("Rosalind");
  await dialog.getByRole("textbox", { name: "Last name", exact: true }).fill("Franklin");
  await expect(dialog.getByRole("textbox", { name: "Initials", exact: true })).toHaveValue("RF");
  await dialog.getByRole("combobox", { name: "Title", exact: true }).selectOption("Dr.");
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  const confirm = await confirmWithPassword(page, "Create staff accounts");
  await confirm.getByRole("button", { name: "Create", exact: true }).click();

  await expect(dialog.getByRole("status").filter({ hasText: "Staff created." })).toBeVisible();
  await expect(dialog.getByTestId("initial-password")).toHaveText(/^[A-Za-z0-9]{14}$/);
  await dialog.getByRole("button", { name: "Done", exact: true }).click();
  // The list shows the new teacher at once.
  await page.getByRole("searchbox", { name: "Search staff", exact: true }).fill("Franklin");
  await expect(page.getByRole("link", { name: "Franklin, Rosalind", exact: true })).toBeVisible();

  // A duplicate email is refused in the field.
  await page.getByRole("button", { name: "Add Staff", exact: true }).click();
  await dialog.getByRole("textbox", { name: "Email", exact: true }).fill("ROSALIND.franklin@demo.school");
  await dialog.getByRole("textbox", { name: "First name", exact: true }).fill("Rosa");
  await dialog.getByRole("textbox", { name: "Last name", exact: true }).fill("Franklin");
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await (
    await confirmWithPassword(page, "Create staff accounts")
  )
    .getByRole("button", { name: "Create", exact: true })
    .click();
  await expect(
    dialog.getByText("A staff member with this email address already exists.", { exact: true }),
  ).toBeVisible();
  await page.keyboard.press("Escape");

  await page.goto("/students");
  await page.getByRole("button", { name: "Add Student", exact: true }).click();
  const add = page.getByRole("dialog", { name: "Add Student", exact: true });
  await expect(add.getByRole("combobox", { name: "Grade", exact: true })).toHaveValue("8");
  await add.getByRole("textbox", { name: "First name", exact: true }).fill("Chidi");
  await add.getByRole("textbox", { name: "Last name", exact: true }).fill("Anagonye");
  await add.getByRole("textbox", { name: "Student number", exact: true }).fill("8800001");
  await add.getByRole("combobox", { name: "Grade", exact: true }).selectOption("10");
  await add.getByRole("button", { name: "Create", exact: true }).click();
  const wrong = page.getByRole("dialog", { name: "Create student accounts", exact: true });
  await wrong.getByLabel("Your password", { exact: true }).fill("not-my-password");
  await wrong.getByRole("button", { name: "Create", exact: true }).click();
  await expect(wrong.getByText("That didn't work. Please try again.", { exact: true })).toBeVisible();
  await (
    await confirmWithPassword(page, "Create student accounts")
  )
    .getByRole("button", { name: "Create", exact: true })
    .click();
  await expect(add.getByRole("status").filter({ hasText: "Student created." })).toBeVisible();
  await add.getByRole("link", { name: "See Profile", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Chidi Anagonye", exact: true })).toBeVisible();
  await expect(page.getByText("Grade 10", { exact: true })).toBeVisible();
});

test("an administrator uploads two student files through the wizard, checks the dry run and opens the report", async ({
  page,
}) => {
  await signIn(page, "admin", "/students");
  await page.getByRole("button", { name: "Add Student", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Add Student", exact: true });
  await dialog.getByRole("tab", { name: "File Upload", exact: true }).click();

  // Step 1: two files with the same columns (one names them in its first line).
  await dialog
    .getByLabel("Choose CSV files", { exact: true })
    .setInputFiles([
      csv("fall-a.csv", [
        "last_name,first_name,student_number,grade",
        "Nakamura,Aiko,8810001,9",
        "Okoye,Bola,8810002,10",
        "Pérez,Zoë,8810003,14",
      ]),
      csv("fall-b.csv", ["Quispe,Inti,8810004,11", "Rossi,Luca,8810005,12"]),
    ]);
  await expect(
    dialog.getByRole("list", { name: "Chosen files", exact: true }).getByRole("listitem"),
  ).toHaveCount(2);
  await dialog.getByRole("button", { name: "Next", exact: true }).click();

  // Step 2: the order comes from the header row; the preview shows the first rows.
  await expect(dialog.getByLabel("Column 1", { exact: true })).toHaveValue("last_name");
  await expect(dialog.getByLabel("Column 3", { exact: true })).toHaveValue("student_number");
  await expect(dialog.getByRole("cell", { name: "Nakamura", exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Next", exact: true }).click();

  // Step 3: the dry run, before anything is written.
  const runs = dialog.getByTestId("dry-run");
  await expect(runs).toHaveCount(2);
  await expect(runs.nth(0)).toContainText("fall-a.csv");
  await expect(runs.nth(0)).toContainText("Row 4 (Zoë Pérez): grade 14 is not 8–12");
  await expect(runs.nth(1)).toContainText("fall-b.csv");
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await (
    await confirmWithPassword(page, "Create student accounts")
  )
    .getByRole("button", { name: "Upload", exact: true })
    .click();

  await expect(
    dialog.getByText("A notification will arrive when the CSVs have been processed.", { exact: false }),
  ).toBeVisible();
  const progress = dialog.getByTestId("upload-progress");
  await expect(progress).toHaveCount(2);
  await expect(progress.nth(0)).toContainText("Done", { timeout: 30_000 });
  await expect(progress.nth(1)).toContainText("Done", { timeout: 30_000 });
  await dialog.getByRole("button", { name: "Done", exact: true }).click();

  // The notification arrives and links to the report.
  await page.reload();
  await page.getByRole("button", { name: "Notifications", exact: true }).click();
  const panel = page.getByRole("dialog", { name: "Notifications", exact: true });
  const entry = panel.getByRole("listitem").filter({ hasText: "Processed fall-a.csv" });
  await expect(entry).toContainText(
    "Processed fall-a.csv: 2 accounts created, 1 row skipped (row 4: grade 14 is not 8–12)",
  );
  await entry.getByRole("link", { name: "Open report", exact: true }).click();
  await expect(page).toHaveURL(/\/imports\/\d+$/);

  await expect(page).toHaveTitle("Flexblock - Import report");
  await expect(page.getByRole("heading", { name: "Import report: fall-a.csv", exact: true })).toBeVisible();
  const rows = page.getByRole("table", { name: "Rows", exact: true }).locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2)).toContainText("grade 14 is not 8–12");
  await expectNoSeriousA11yViolations(page);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download initial passwords", exact: true }).click();
  expect((await download).suggestedFilename()).toBe("fall-a-initial-passwords.csv");
  await expect(page.getByText(/^The initial passwords were downloaded on /)).toBeVisible();

  await page.goto("/imports");
  await expect(page.getByRole("link", { name: "fall-b.csv", exact: true })).toBeVisible();
});

test("a student file may name each student's default teacher in a fifth column", async ({ page }) => {
  await signIn(page, "admin", "/students");
  await page.getByRole("button", { name: "Add Student", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Add Student", exact: true });
  await dialog.getByRole("tab", { name: "File Upload", exact: true }).click();
  await expect(dialog.getByText(/More columns may give each student's default teacher/)).toBeVisible();
  await dialog
    .getByLabel("Choose CSV files", { exact: true })
    .setInputFiles([
      csv("homerooms.csv", [
        "first_name,last_name,grade,student_number,default_teacher_email",
        "Sol,Homeroom,9,8820001,teacher@demo.school",
        "Tao,Nobody,9,8820002,nobody@demo.school",
        "Uma,Blank,9,8820003,",
      ]),
    ]);
  await dialog.getByRole("button", { name: "Next", exact: true }).click();
  await expect(dialog.getByLabel("Column 5", { exact: true })).toHaveValue("default_teacher_email");
  await expect(dialog.getByText(/Each default teacher email must be a staff member/)).toBeVisible();
  // On a phone each column is a line of its own, with its first values: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const columns = dialog.getByRole("list", { name: "Columns of homerooms.csv", exact: true });
  await expect(columns.getByRole("listitem")).toHaveCount(5);
  await expect(columns.getByRole("listitem").nth(4)).toContainText(
    "First lines: default_teacher_email, teacher@demo.school, nobody@demo.school",
  );
  await expect(dialog.getByLabel("Column 5", { exact: true })).toHaveValue("default_teacher_email");
  expect(await columns.evaluate((list) => list.scrollWidth - list.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Next", exact: true }).click();
  const run = dialog.getByTestId("dry-run");
  await expect(run).toContainText("homerooms.csv");
  await expect(run).toContainText(
    "Row 3 (Tao Nobody): default teacher email nobody@demo.school is not a staff member's",
  );
  await expectNoSeriousA11yViolations(page);
});

test("a school information system's export imports as it is: columns ignored, a homeroom by name, the mapping remembered", async ({
  page,
}) => {
  await signIn(page, "admin", "/students");
  const openWizard = async () => {
    await page.getByRole("button", { name: "Add Student", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Add Student", exact: true });
    await dialog.getByRole("tab", { name: "File Upload", exact: true }).click();
    await dialog
      .getByLabel("Choose CSV files", { exact: true })
      .setInputFiles([
        csv("sis-export.csv", [
          "Student ID,Legal Last,Legal First,Gender,Grade Level,Homeroom,Nick,Locker",
          '8830001,Ibarra,Lucía,F,9,"Reyes, Daniel",Lu,L-12',
          "8830002,Jensen,Mads,M,10,teacher@demo.school,,L-13",
        ]),
      ]);
    await expect(dialog.getByText("first line names the 8 columns", { exact: false })).toBeVisible();
    await dialog.getByRole("button", { name: "Next", exact: true }).click();
    return dialog;
  };

  const dialog = await openWizard();
  const column = (n: number) => dialog.getByLabel(`Column ${n}`, { exact: true });
  // The columns the wizard recognises are matched; Gender, Nick and Locker are ignored.
  await expect(column(1)).toHaveValue("student_number");
  await expect(column(4)).toHaveValue("");
  await expect(column(6)).toHaveValue("homeroom");
  await expect(column(8)).toHaveValue("");
  await expect(
    dialog.getByRole("checkbox", { name: "The first line names the columns (it is not imported)" }),
  ).toBeChecked();
  await column(7).selectOption({ label: "Preferred first name" });
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Next", exact: true }).click();
  const run = dialog.getByTestId("dry-run");
  await expect(run).toContainText("sis-export.csv");
  // New, Would update, Unchanged, Errors.
  await expect(run.getByRole("definition")).toHaveText(["2", "0", "0", "0"]);
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  await (
    await confirmWithPassword(page, "Create student accounts")
  )
    .getByRole("button", { name: "Upload", exact: true })
    .click();
  await expect(dialog.getByTestId("upload-progress")).toContainText("Done", { timeout: 30_000 });
  await dialog.getByRole("button", { name: "Done", exact: true }).click();

  // The next upload of the same columns starts from this mapping, Nick included.
  const again = await openWizard();
  await expect(again.getByTestId("mapping-recalled")).toBeVisible();
  await expect(again.getByLabel("Column 7", { exact: true })).toHaveValue("preferred_first_name");
  await expect(again.getByLabel("Column 4", { exact: true })).toHaveValue("");
  await again.getByRole("button", { name: "Next", exact: true }).click();
  await expect(again.getByTestId("dry-run").getByRole("definition")).toHaveText(["0", "0", "2", "0"]);
});

test("a teacher has no Add Staff and no imports; Add Student is theirs (tests/e2e/review-screens.spec.ts)", async ({ page }) => {
  await signIn(page, "teacher", "/staff");
  await expect(page.getByRole("heading", { name: "Staff", exact: true, level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Staff", exact: true })).toHaveCount(0);
  await page.goto("/students");
  await expect(page.getByRole("heading", { name: "Students", exact: true, level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Student", exact: true })).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Imports", exact: true })).toHaveCount(0);
});

test("an administrator edits a teacher from the profile: title, name and the administrator role", async ({
  page,
}) => {
  // A teacher of this test's own, so the demo school's staff stay as other specs expect them.
  const token = await signIn(page, "admin", "/staff");
  const created = await page.request.post("/api/staff", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      email: "grace.hopper.e2e@demo.school",
      first_name: "Grace",
      last_name: "Hopper",
      initials: "GH",
      title: "Ms.",
      password: DEMO_PASSWORD,
    },
  });
  expect(created.status()).toBe(201);
  await page.goto("/staff");
  await page.getByRole("searchbox", { name: "Search staff", exact: true }).fill("Hopper");
  await page.getByRole("link", { name: "Hopper, Grace", exact: true }).click();
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toContainText("Hopper");
  await expect(page.getByText("Administrator", { exact: true })).toHaveCount(0);

  await page.getByRole("button", { name: "Edit", exact: true }).click();
  const edit = page.getByRole("dialog", { name: "Edit Staff", exact: true });
  // The email is editable here (the sign-in username follows it).
  await expect(edit.getByRole("textbox", { name: "Email", exact: true })).toHaveValue(
    "grace.hopper.e2e@demo.school",
  );
  await expect(edit.getByRole("combobox", { name: "Title", exact: true })).toHaveValue("Ms.");
  await edit.getByRole("combobox", { name: "Title", exact: true }).selectOption("Dr.");
  await edit.getByRole("textbox", { name: "Last name", exact: true }).fill("Hopper-Murray");
  // An empty first name is refused in the field, before anything is sent.
  await edit.getByRole("textbox", { name: "First name", exact: true }).fill("");
  await edit.getByRole("button", { name: "Save", exact: true }).click();
  await expect(edit.getByText("This field cannot be empty.", { exact: true })).toBeVisible();
  await edit.getByRole("textbox", { name: "First name", exact: true }).fill("Grace");
  await edit.getByRole("checkbox", { name: "Administrator", exact: true }).check();
  await expectNoSeriousA11yViolations(page);
  await edit.getByRole("button", { name: "Save", exact: true }).click();
  await expect(edit).toHaveCount(0);
  await expect(heading).toContainText("Hopper-Murray");
  await expect(page.getByText("Administrator", { exact: true })).toBeVisible();

  // The list shows the new name; a teacher sees the profile without Edit.
  await page.goto("/staff");
  await page.getByRole("searchbox", { name: "Search staff", exact: true }).fill("Hopper");
  await expect(page.getByRole("link", { name: "Hopper-Murray, Grace", exact: true })).toBeVisible();
  const profileUrl = await page
    .getByRole("link", { name: "Hopper-Murray, Grace", exact: true })
    .getAttribute("href");
  await signIn(page, "teacher", profileUrl!);
  await expect(heading).toContainText("Hopper-Murray");
  await expect(page.getByRole("button", { name: "Edit", exact: true })).toHaveCount(0);
});

test("an administrator sees another administrator's email and role read-only, with the reason; a sysadmin edits them", async ({
  page,
}) => {
  const token = await signIn(page, "admin", "/staff");
  const created = await page.request.post("/api/staff", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      email: `ada.peer.${Date.now()}@demo.school`,
      first_name: "Ada",
      last_name: "Peer",
      initials: "AP",
      title: "Dr.",
      administrator: true,
      password: DEMO_PASSWORD,
    },
  });
  expect(created.status()).toBe(201);
  const { id, email } = (await created.json()) as { id: number; email: string };
  await page.goto(`/staff/${id}`);
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  const edit = page.getByRole("dialog", { name: "Edit Staff", exact: true });
  const emailField = edit.getByRole("textbox", { name: "Email", exact: true });
  await expect(emailField).toHaveValue(email);
  await expect(emailField).toHaveAttribute("readonly", "");
  await expect(emailField).toHaveAccessibleDescription(
    "Only a system administrator can change an administrator's email, which is also their sign-in username.",
  );
  await expect(edit.getByRole("checkbox", { name: "Administrator", exact: true })).toBeDisabled();
  await expect(edit.getByText("Only a system administrator can remove an administrator's role.", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  if (process.env.E2E_SHOTS_DIR) {
    await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/staff-edit-peer-admin-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/staff-edit-peer-admin-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  // Names are not the account: the administrator may still correct them.
  await edit.getByRole("textbox", { name: "Last name", exact: true }).fill("Peer-Jones");
  await edit.getByRole("button", { name: "Save", exact: true }).click();
  await expect(edit).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Peer-Jones");

  await signIn(page, "sysadmin", `/staff/${id}`);
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await expect(edit.getByRole("textbox", { name: "Email", exact: true })).not.toHaveAttribute("readonly", "");
  await expect(edit.getByRole("checkbox", { name: "Administrator", exact: true })).toBeEnabled();
});

test("an administrator edits a student from the profile, archives them and restores them", async ({
  page,
}) => {
  // A student of this test's own, so the demo school's students stay as other specs expect them.
  const token = await signIn(page, "admin", "/staff");
  const created = await page.request.post("/api/students", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      first_name: "Wen",
      last_name: "Archer",
      initials: "WA",
      student_number: "8899001",
      grade: 9,
      password: DEMO_PASSWORD,
    },
  });
  expect(created.status()).toBe(201);
  await page.goto("/students");
  await page.getByRole("searchbox", { name: "Search students", exact: true }).fill("Archer");
  await page.getByRole("link", { name: "Archer, Wen", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Wen Archer", exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Edit", exact: true }).click();
  const edit = page.getByRole("dialog", { name: "Edit Student", exact: true });
  await expect(edit.getByRole("textbox", { name: "Student number", exact: true })).toHaveCount(0);
  await edit.getByRole("combobox", { name: "Grade", exact: true }).selectOption("12");
  const defaultTeacher = edit.getByRole("combobox", { name: "Default teacher", exact: true });
  await expect(defaultTeacher).toHaveValue("");
  await defaultTeacher.selectOption({ label: "Mr. Daniel Reyes" });
  await edit.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Grade 12", { exact: true })).toBeVisible();
  await expect(page.getByTestId("default-teacher")).toHaveText(/^Default teacher: .*Reyes/);
  // After a reload (no teacher list cached yet) the edit dialog opens on the teacher chosen, and
  // "No default teacher" clears it.
  await page.reload();
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await expect(defaultTeacher.locator("option:checked")).toHaveText("Mr. Daniel Reyes");
  await defaultTeacher.selectOption({ label: "No default teacher" });
  await expectNoSeriousA11yViolations(page);
  await edit.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("default-teacher")).toHaveCount(0);

  await page.getByRole("button", { name: "Archive", exact: true }).click();
  await page
    .getByRole("dialog", { name: "Archive student", exact: true })
    .getByRole("button", { name: "Archive", exact: true })
    .click();
  await expect(page.getByText("Archived", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto("/students");
  await page.getByRole("searchbox", { name: "Search students", exact: true }).fill("Archer");
  await expect(page.getByRole("link", { name: "Archer, Wen", exact: true })).toHaveCount(0);

  await page.goBack();
  await page.getByRole("button", { name: "Restore", exact: true }).click();
  await page
    .getByRole("dialog", { name: "Restore student", exact: true })
    .getByRole("button", { name: "Restore", exact: true })
    .click();
  await expect(page.getByText("Archived", { exact: true })).toHaveCount(0);
});
