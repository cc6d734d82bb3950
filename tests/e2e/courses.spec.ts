import { expect, expectNoSeriousA11yViolations, newPage, signIn, test } from "./helpers";

/** Course and cluster pages: reached from search and Starred, starred, and clusters changed by an administrator. */

test("a teacher opens a course from search, stars it, and opens a cluster from Starred", async ({ page }) => {
  await signIn(page, "teacher", "/check-in");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const search = page.getByRole("dialog", { name: "Search", exact: true });
  await search.getByRole("searchbox").fill("Science 10");
  await search
    .getByRole("region", { name: "Courses", exact: true })
    .getByRole("link", { name: "Science 10", exact: true })
    .click();

  await expect(page).toHaveURL(/\/courses\/SCI10$/);
  await expect(page).toHaveTitle("Flexblock - Science 10");
  await expect(page.getByRole("heading", { name: "Science 10", level: 1, exact: true })).toBeVisible();
  await expect(page.locator('main header a[href^="/staff/"]')).toBeVisible();
  await expect(
    page.getByRole("region", { name: "When it meets", exact: true }).getByRole("listitem"),
  ).not.toHaveCount(0);
  const students = page.getByRole("table", { name: "Students in Science 10", exact: true });
  await expect(students.getByRole("columnheader")).toHaveText([/Last name/, /First name/, /Grade/]);
  await expect(students.locator("tbody tr").first().getByRole("link")).toHaveAttribute(
    "href",
    /^\/students\/\d+$/,
  );
  await expectNoSeriousA11yViolations(page);

  // The star, and the Starred panel showing it at once.
  await page.getByRole("button", { name: "Star Science 10", exact: true }).click();
  await expect(page.getByRole("button", { name: "Unstar Science 10", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.getByRole("button", { name: "Starred", exact: true }).click();
  const starred = page.getByRole("dialog", { name: "Starred", exact: true });
  await expect(
    starred.getByRole("region", { name: "Courses", exact: true }).getByText("Science 10", { exact: true }),
  ).toBeVisible();

  // teacher@ starred a cluster in the demo school: open it from the panel.
  const clusters = starred.getByRole("region", { name: "Clusters", exact: true });
  const clusterLink = clusters.getByRole("link").first();
  const clusterName = (await clusterLink.textContent())!.trim();
  await clusterLink.click();
  await expect(page).toHaveURL(/\/clusters\/\d+$/);
  await expect(page.getByRole("heading", { name: clusterName, level: 1, exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: `Unstar ${clusterName}`, exact: true })).toBeVisible();
  await expect(
    page.getByRole("table", { name: `Members of ${clusterName}`, exact: true }).locator("tbody tr"),
  ).not.toHaveCount(0);
  // Teachers read clusters; only administrators change them.
  await expect(page.getByRole("button", { name: "Add students", exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Leave the demo school as it was.
  await page.goto("/courses/SCI10");
  await page.getByRole("button", { name: "Unstar Science 10", exact: true }).click();
  await expect(page.getByRole("button", { name: "Star Science 10", exact: true })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
});

test("an unknown course says so and links back", async ({ page }) => {
  await signIn(page, "teacher", "/courses/NOPE99");
  await expect(
    page.getByRole("heading", { name: "There is no course called “NOPE99”.", exact: true }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Back to Dashboard", exact: true }).click();
  await expect(page).toHaveURL(/\/check-in$/);
});

test("an administrator creates a cluster, adds a student from the cluster page and from a profile, and removes them", async ({
  page,
}) => {
  // Five screens and five axe checks: the longest path in this file.
  test.slow();
  const name = `Debate Club ${Date.now()}`;
  // No menu lists clusters: the Students page leads there.
  await signIn(page, "admin", "/students");
  await page.getByRole("link", { name: "Clusters", exact: true }).click();
  await expect(page).toHaveURL(/\/clusters$/);
  await expect(page.getByRole("heading", { name: "Clusters", level: 1, exact: true })).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Clusters", exact: true }).locator("tbody tr"),
  ).not.toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "New cluster", exact: true }).click();
  await page.getByRole("dialog").getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("dialog").getByRole("button", { name: "Create cluster", exact: true }).click();
  await expect(page.getByRole("heading", { name, level: 1, exact: true })).toBeVisible();
  const members = page.getByRole("table", { name: `Members of ${name}`, exact: true });
  await expect(page.getByText("No data available", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Add Maya Castellano (student 100001) from the cluster page.
  await page.getByRole("button", { name: "Add students", exact: true }).click();
  const picker = page.getByRole("dialog", { name: `Add students to ${name}`, exact: true });
  await picker
    .getByRole("searchbox", { name: "Search students by name", exact: true })
    .fill("Maya Castellano");
  await picker.getByRole("checkbox", { name: "Castellano, Maya · Grade 11", exact: true }).click();
  await expectNoSeriousA11yViolations(page);
  await picker.getByRole("button", { name: "Add students", exact: true }).click();
  await expect(members.getByRole("link", { name: "Castellano, Maya", exact: true })).toBeVisible();

  // Take her out again.
  await page.getByRole("button", { name: `Remove Maya Castellano from ${name}`, exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove", exact: true }).click();
  await expect(members.getByRole("link", { name: "Castellano, Maya", exact: true })).toHaveCount(0);
  const clusterUrl = page.url();

  // From her profile: tick the cluster.
  await members.page().goto("/students");
  await page.getByRole("searchbox", { name: "Search students", exact: true }).fill("Castellano");
  await page.getByRole("link", { name: "Castellano, Maya", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Maya Castellano", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Clusters", exact: true }).click();
  const clustersDialog = page.getByRole("dialog", { name: "Clusters for Maya Castellano", exact: true });
  await clustersDialog.getByRole("checkbox", { name: `${name} · 0 students`, exact: true }).click();
  await expect(
    clustersDialog.getByRole("checkbox", { name: `${name} · 1 student`, exact: true }),
  ).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await clustersDialog.getByRole("button", { name: "Done", exact: true }).click();

  await page.goto(clusterUrl);
  await expect(members.getByRole("link", { name: "Castellano, Maya", exact: true })).toBeVisible();

  // Rename, then delete the cluster; the student stays.
  await page.getByRole("button", { name: "Rename", exact: true }).click();
  await page.getByRole("dialog").getByRole("textbox", { name: "Name", exact: true }).fill(`${name} (old)`);
  await page.getByRole("dialog").getByRole("button", { name: "Rename", exact: true }).click();
  await expect(page.getByRole("heading", { name: `${name} (old)`, level: 1, exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete cluster", exact: true }).click();
  await expect(page).toHaveURL(/\/clusters$/);
  await expect(page.getByRole("link", { name: `${name} (old)`, exact: true })).toHaveCount(0);
});

test("on a phone the course and cluster pages pass axe", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "teacher", "/courses/SCI10");
  await expect(page.getByRole("heading", { name: "Science 10", level: 1, exact: true })).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Students in Science 10", exact: true }).locator("tbody tr"),
  ).not.toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.goto("/clusters");
  await page.getByRole("table", { name: "Clusters", exact: true }).locator("tbody tr a").first().click();
  await expect(page).toHaveURL(/\/clusters\/\d+$/);
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("on a phone the administrator's cluster list, clusters dialog and wiki editor pass axe", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "admin", "/clusters");
  await expect(
    page.getByRole("table", { name: "Clusters", exact: true }).locator("tbody tr"),
  ).not.toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.goto("/students");
  await page.getByRole("searchbox", { name: "Search students", exact: true }).fill("Castellano");
  await page.getByRole("link", { name: "Castellano, Maya", exact: true }).click();
  await page.getByRole("button", { name: "Clusters", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Clusters for Maya Castellano", exact: true });
  await expect(dialog.getByRole("checkbox").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");

  await page.goto("/wiki");
  await page.getByRole("link", { name: "Getting started", exact: true }).click();
  await page.getByRole("link", { name: "New post", exact: true }).click();
  await page.getByRole("textbox", { name: "Post", exact: true }).fill("| A | B |\n| - | - |\n| 1 | 2 |");
  await expect(page.getByRole("region", { name: "Preview", exact: true }).getByRole("table")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("an administrator adds a course and a section, enrols two students by pasting their numbers, and the teacher opens the class list", async ({
  page,
  browser,
}) => {
  test.slow();
  const n = String(Date.now()).slice(-6);
  const name = `Robotics ${n}`;
  const shortName = `ROB${n}`;
  await signIn(page, "admin", "/courses");
  await expect(page.getByRole("heading", { name: "Courses", level: 1, exact: true })).toBeVisible();
  await expect(page.getByRole("table", { name: "Courses", exact: true }).locator("tbody tr")).not.toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "test-results/sections/courses-1280.png", fullPage: true });

  await page.getByRole("button", { name: "New course", exact: true }).click();
  const courseDialog = page.getByRole("dialog", { name: "New course", exact: true });
  await courseDialog.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await courseDialog.getByRole("textbox", { name: "Short name", exact: true }).fill(shortName);
  await expectNoSeriousA11yViolations(page);
  await courseDialog.getByRole("button", { name: "Add course", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${shortName}$`));
  await expect(page.getByRole("heading", { name, level: 1, exact: true })).toBeVisible();
  await expect(page.getByText("No sections yet.", { exact: false })).toBeVisible();

  // A section taught by Mr. Reyes in Block 1 on every day it meets; a flex block is not offered.
  await page.getByRole("button", { name: "New section", exact: true }).click();
  const sectionDialog = page.getByRole("dialog", { name: "New section", exact: true });
  await sectionDialog.getByRole("textbox", { name: "Code", exact: true }).fill("A");
  await sectionDialog.getByRole("checkbox", { name: "Mr. Reyes, Daniel", exact: true }).click();
  // Saving without a block for the meeting names the field.
  await sectionDialog.getByRole("button", { name: "Add meeting", exact: true }).click();
  await sectionDialog.getByRole("button", { name: "Add section", exact: true }).click();
  await expect(sectionDialog.getByText("Choose a block.", { exact: true })).toBeVisible();
  const block = sectionDialog.getByRole("combobox", { name: "Meeting 1 block", exact: true });
  await expect(block.getByRole("option", { name: "Focus Block", exact: true })).toHaveCount(0);
  await block.selectOption({ label: "Block 1" });
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "test-results/sections/section-dialog-1280.png" });
  await sectionDialog.getByRole("button", { name: "Add section", exact: true }).click();
  const section = page.getByRole("region", { name: "Section A", exact: true });
  await expect(section).toBeVisible();
  await expect(section.getByText("Block 1", { exact: true })).toBeVisible();

  // Enrol 100001 and 100002 by pasting their numbers (a header line and a blank are skipped).
  await section.getByRole("button", { name: "Enrol students", exact: true }).click();
  const enrol = page.getByRole("dialog", { name: `Enrol students in ${name} A`, exact: true });
  await enrol.getByRole("tab", { name: "Paste numbers", exact: true }).click();
  await enrol.getByRole("textbox", { name: "Student numbers", exact: true }).fill("student_number\n100001\n\n100002, 999999999");
  await enrol.getByRole("button", { name: "Enrol students", exact: true }).click();
  // An unknown number: named, and nobody enrolled.
  await expect(enrol.getByText("No student has this number: 999999999.", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await enrol.getByRole("textbox", { name: "Student numbers", exact: true }).fill("student_number\n100001\n\n100002");
  await enrol.getByRole("button", { name: "Enrol students", exact: true }).click();
  await expect(enrol).toHaveCount(0);
  const classList = page.getByRole("table", { name: `Class list of ${name} A`, exact: true });
  await expect(classList.locator("tbody tr")).toHaveCount(2);
  await expect(classList.getByRole("link", { name: "Castellano, Maya", exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "test-results/sections/course-page-1280.png", fullPage: true });

  // The teacher: My classes on /courses (from the side menu) leads to the class list.
  const teacherPage = await newPage(browser);
  await signIn(teacherPage, "teacher", "/check-in");
  await teacherPage.getByRole("link", { name: "Courses", exact: true }).first().click();
  await expect(teacherPage).toHaveURL(/\/courses$/);
  const mine = teacherPage.getByRole("region", { name: "My classes", exact: true });
  await mine.getByRole("link").filter({ hasText: name }).click();
  await expect(teacherPage).toHaveURL(new RegExp(`/courses/${shortName}#section-\\d+$`));
  const teacherList = teacherPage.getByRole("table", { name: `Class list of ${name} A`, exact: true });
  await expect(teacherList.locator("tbody tr")).toHaveCount(2);
  // Teachers read class lists; administrators change them.
  await expect(teacherPage.getByRole("button", { name: "Enrol students", exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(teacherPage);

  await teacherPage.setViewportSize({ width: 390, height: 844 });
  await expect(teacherList.locator("tbody tr")).toHaveCount(2);
  await expectNoSeriousA11yViolations(teacherPage);
  await teacherPage.screenshot({ path: "test-results/sections/course-page-390.png", fullPage: true });
  await teacherPage.goto("/courses");
  await expect(teacherPage.getByRole("region", { name: "My classes", exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(teacherPage);
  await teacherPage.screenshot({ path: "test-results/sections/courses-390.png", fullPage: true });
  await teacherPage.close();

  // Drop Maya: she leaves the class list and shows in its history.
  await classList.getByRole("button", { name: "Drop Maya Castellano from A", exact: true }).click();
  await page.getByRole("dialog", { name: "Drop Maya Castellano?", exact: true }).getByRole("button", { name: "Drop", exact: true }).click();
  await expect(classList.locator("tbody tr")).toHaveCount(1);
  await section.getByRole("button", { name: "Enrolment history", exact: true }).click();
  await expect(section.getByRole("listitem").filter({ hasText: "Castellano, Maya" })).toContainText("Dropped");
  await expectNoSeriousA11yViolations(page);

  // Archive the section: it leaves the course page.
  await section.getByRole("button", { name: "Archive section A", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Archive section", exact: true }).click();
  await expect(page.getByRole("region", { name: "Section A", exact: true })).toHaveCount(0);
});
