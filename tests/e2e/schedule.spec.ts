import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_USERS, expectNoSeriousA11yViolations, signIn } from "./helpers";

/**
 * Flex scheduling in the browser: topics, plans, appointments and amendments on the demo school.
 * The tests share one fresh database and run in order: the teacher puts a topic on next week's
 * Focus Block, the student plans that teacher, the teacher sees the student, books and cancels an
 * appointment, and finally amends the block (amendments cannot be undone, so that comes last).
 */
test.describe.configure({ mode: "serial" });

interface Day {
  iso: string;
  label: string;
}

const TOPIC = `Robotics lab ${Date.now() % 100000}`;
const TEACHER_NAME = "Mr. Reyes, Daniel";
const STUDENT_NAME = "Maya Castellano";

let teacherId = 0;
let studentId = 0;
let target: Day;

async function tokenOf(request: APIRequestContext, username: string) {
  const response = await request.post("/api/login", { data: { username, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function getJson<T>(request: APIRequestContext, path: string, token: string): Promise<T> {
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

type Schedule = {
  next: string | null;
  schedule: {
    date: { iso: string; day: string; full_date: string };
    blocks: {
      id: number;
      label: string;
      flex: boolean;
      pending: boolean;
      appointments: unknown[];
      amendments: unknown[];
      scheduled: { id: number } | null;
    }[];
  }[];
};

test.beforeAll(async ({ request }) => {
  const teacherToken = await tokenOf(request, DEMO_USERS.teacher);
  const studentToken = await tokenOf(request, DEMO_USERS.student);
  teacherId = (await getJson<{ details: { id: number } }>(request, "/api/user", teacherToken)).details.id;
  studentId = (await getJson<{ id: number }>(request, "/api/students/profile/self", studentToken)).id;
  const thisWeek = await getJson<Schedule>(request, "/api/students/self/schedule", studentToken);
  expect(thisWeek.next, "the school year continues next week").not.toBeNull();
  const nextWeek = await getJson<Schedule>(
    request,
    `/api/students/self/schedule/${thisWeek.next}`,
    studentToken,
  );
  // Next week's Focus Block without an appointment, preferably one the student planned with someone else.
  const candidates = nextWeek.schedule.flatMap((day) =>
    day.blocks
      .filter(
        (b) =>
          b.flex &&
          b.label === "Focus Block" &&
          b.pending &&
          b.appointments.length === 0 &&
          b.amendments.length === 0,
      )
      .map((b) => ({ day, block: b })),
  );
  expect(candidates.length).toBeGreaterThan(0);
  const chosen = candidates.find((c) => c.block.scheduled?.id !== teacherId) ?? candidates[0]!;
  target = { iso: chosen.day.date.iso, label: `${chosen.day.date.day} ${chosen.day.date.full_date}` };
});

/** The Focus Block tile of the target day (the visible one: wide screens show the whole week). */
const focusTile = (page: Page) =>
  page.getByRole("button", {
    name: new RegExp(`^Focus Block, ${target.label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
  });

test("a teacher creates a topic and sets it on next week's Focus Block", async ({ page }) => {
  await signIn(page, "teacher", `/staff/${teacherId}?date=${target.iso}`);
  await expect(page).toHaveTitle(`Flexblock - ${TEACHER_NAME}`);
  await expect(page.getByRole("heading", { level: 1, name: TEACHER_NAME })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Topics" }).click();
  const topics = page.getByRole("dialog", { name: "Topics" });
  await topics.getByRole("button", { name: "New Topic" }).click();
  await topics.getByLabel("Topic", { exact: true }).fill(TOPIC);
  await topics.getByRole("radio", { name: "Teal" }).click();
  await expectNoSeriousA11yViolations(page);
  await topics.getByRole("button", { name: "Create Topic" }).click();
  await expect(topics.getByRole("list", { name: "Your topics" })).toContainText(TOPIC);
  // A second topic, deleted again after a confirmation.
  await topics.getByRole("button", { name: "New Topic" }).click();
  await topics.getByLabel("Topic", { exact: true }).fill("Short-lived topic");
  await topics.getByRole("button", { name: "Create Topic" }).click();
  await topics.getByRole("button", { name: "Delete Short-lived topic" }).click();
  await page
    .getByRole("dialog", { name: "Delete this Topic?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByText("Deleted Topic.")).toBeVisible();
  await expect(topics.getByRole("list", { name: "Your topics" })).not.toContainText("Short-lived topic");
  await topics.getByRole("button", { name: "Close" }).click();

  await focusTile(page).click();
  const block = page.getByRole("dialog", { name: "Focus Block" });
  await expect(block).toContainText(target.label);
  await expectNoSeriousA11yViolations(page);
  await block.getByRole("button", { name: /^(Set|Change) Topic$/ }).click();
  const chooser = page.getByRole("dialog", { name: "Choose a Topic" });
  await chooser.getByRole("button", { name: TOPIC }).click();
  await expect(page.getByText("Set Topic successfully.")).toBeVisible();
  await expect(focusTile(page)).toContainText(TOPIC);
  await expect(focusTile(page)).toHaveAttribute("data-status", "topic");
});

test("a student plans that teacher for next week's Focus Block and sees it on their calendar", async ({
  page,
}) => {
  await signIn(page, "student", "/profile");
  await expect(page).toHaveTitle("Flexblock - Profile");
  await expect(page.getByRole("heading", { level: 1, name: STUDENT_NAME })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Next week" }).click();
  await expect(page).toHaveURL(/[?&]date=\d{4}-\d{2}-\d{2}/);
  await focusTile(page).click();
  const block = page.getByRole("dialog", { name: "Focus Block" });
  const teachers = block.getByRole("list", { name: "Teachers" });
  await expect(teachers).toBeVisible();
  await expect(teachers).toContainText(/\d+ of \d+/);
  await expectNoSeriousA11yViolations(page);

  await block.getByLabel("Find a teacher or topic").fill("Reyes");
  await teachers.getByRole("button", { name: new RegExp(TEACHER_NAME.replace(".", "\\.")) }).click();
  await expect(page.getByText("Set Plan successfully.")).toBeVisible();
  await expect(block.getByRole("region", { name: "Plan" }).getByText(TEACHER_NAME).first()).toBeVisible();
  await block.getByRole("button", { name: "Close" }).click();

  await expect(focusTile(page)).toContainText(TEACHER_NAME);
  await expect(focusTile(page)).toContainText(TOPIC);
  // The URL keeps the week: a reload shows the same week.
  await page.reload();
  await expect(focusTile(page)).toContainText(TEACHER_NAME);
});

test("the teacher sees the student in the plan", async ({ page }) => {
  await signIn(page, "teacher", `/staff/${teacherId}?date=${target.iso}`);
  await expect(focusTile(page)).toContainText(/\d+ planned/);
  await focusTile(page).click();
  const scheduled = page
    .getByRole("dialog", { name: "Focus Block" })
    .getByRole("region", { name: /^Students scheduled/ });
  await expect(scheduled.getByRole("link", { name: STUDENT_NAME })).toBeVisible();
  await expect(scheduled).toContainText("Pending");
});

test("a teacher books an appointment for the student and cancels it", async ({ page }) => {
  await signIn(page, "teacher", `/students/${studentId}?date=${target.iso}`);
  await expect(page).toHaveTitle(`Flexblock - ${STUDENT_NAME}`);
  await expect(page.getByRole("heading", { level: 1, name: STUDENT_NAME })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await focusTile(page).click();
  const block = page.getByRole("dialog", { name: "Focus Block" });
  const appointments = block.getByRole("region", { name: "Appointments" });
  await expect(appointments).toContainText("No appointments booked");
  await appointments.getByRole("button", { name: "New appointment" }).click();
  await appointments.getByLabel("Appointment memo").fill("Bring your robot kit");
  await expectNoSeriousA11yViolations(page);
  await appointments.getByRole("button", { name: "Book appointment" }).click();
  await expect(page.getByText("Booked appointment.")).toBeVisible();
  await expect(appointments).toContainText("Bring your robot kit");
  await expect(appointments).toContainText(TEACHER_NAME);
  await block.getByRole("button", { name: "Close" }).click();
  await expect(focusTile(page)).toContainText("1");
  await expect(focusTile(page)).toHaveAttribute("aria-label", /1 appointment/);

  await focusTile(page).click();
  await appointments.getByRole("button", { name: "Cancel appointment" }).click();
  const confirm = page
    .getByRole("alertdialog")
    .or(page.getByRole("dialog", { name: "Cancel this appointment?" }));
  await confirm.getByRole("button", { name: "Cancel appointment" }).click();
  await expect(page.getByText("Cancelled appointment.")).toBeVisible();
  await expect(appointments).toContainText("No appointments booked");
});

test("an amendment voids the student's tile", async ({ page }) => {
  await signIn(page, "teacher", `/students/${studentId}?date=${target.iso}`);
  await focusTile(page).click();
  const block = page.getByRole("dialog", { name: "Focus Block" });
  const attendance = block.getByRole("region", { name: "Attendance" });
  await expect(attendance).toContainText("No attendance recorded");
  await attendance.getByRole("button", { name: "Amend" }).click();
  await attendance.getByRole("button", { name: "Amend" }).click();
  await expect(attendance.getByText("This field cannot be empty.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await attendance.getByLabel("Reason for the amendment").fill("Excused: robotics competition");
  await attendance.getByRole("button", { name: "Amend" }).click();
  await expect(page.getByText("Amended schedule.")).toBeVisible();
  await expect(block.getByRole("region", { name: "Amendments" })).toContainText(
    "Excused: robotics competition",
  );
  await block.getByRole("button", { name: "Close" }).click();
  await expect(focusTile(page)).toContainText("Block Amended");
  await expect(focusTile(page)).toHaveAttribute("data-status", "void");
});

test("on a phone the student sees one day at a time, the amended block too", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "student", `/profile?date=${target.iso}`);
  const days = page.getByRole("tablist", { name: "Day" });
  await expect(days.getByRole("tab")).toHaveCount(5);
  await days.getByRole("tab", { name: new RegExp(`^${target.label}`) }).click();
  await expect(focusTile(page)).toBeVisible();
  await expect(focusTile(page)).toContainText("Block Amended");
  await expectNoSeriousA11yViolations(page);
});
