import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_USERS, expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

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
  blockId: number;
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
  target = {
    iso: chosen.day.date.iso,
    label: `${chosen.day.date.day} ${chosen.day.date.full_date}`,
    blockId: chosen.block.id,
  };
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The Focus Block tile of the target day, by test id: its accessible name carries seeded topics and
 * names. The visible one: wide screens show the whole week, phones one day.
 */
const focusTile = (page: Page) =>
  page.getByTestId(`block-${target.iso}-${target.blockId}`).filter({ visible: true });

test("a teacher creates a topic and sets it on next week's Focus Block", async ({ page }) => {
  await signIn(page, "teacher", `/staff/${teacherId}?date=${target.iso}`);
  await expect(page).toHaveTitle(`Flexblock - ${TEACHER_NAME}`);
  await expect(page.getByRole("heading", { level: 1, name: TEACHER_NAME, exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Topics", exact: true }).click();
  const topics = page.getByRole("dialog", { name: "Topics", exact: true });
  await topics.getByRole("button", { name: "New Topic", exact: true }).click();
  await topics.getByLabel("Topic", { exact: true }).fill(TOPIC);
  await topics.getByRole("radio", { name: "Teal", exact: true }).click();
  await expectNoSeriousA11yViolations(page);
  await topics.getByRole("button", { name: "Create Topic", exact: true }).click();
  await expect(topics.getByRole("list", { name: "Your topics", exact: true })).toContainText(TOPIC);
  // A second topic, deleted again after a confirmation.
  await topics.getByRole("button", { name: "New Topic", exact: true }).click();
  await topics.getByLabel("Topic", { exact: true }).fill("Short-lived topic");
  await topics.getByRole("button", { name: "Create Topic", exact: true }).click();
  await topics.getByRole("button", { name: "Delete Short-lived topic", exact: true }).click();
  await page
    .getByRole("dialog", { name: "Delete this Topic?", exact: true })
    .getByRole("button", { name: "Delete", exact: true })
    .click();
  await expect(page.getByText("Deleted Topic.", { exact: true })).toBeVisible();
  await expect(topics.getByRole("list", { name: "Your topics", exact: true })).not.toContainText("Short-lived topic");
  await topics.getByRole("button", { name: "Close", exact: true }).click();

  await focusTile(page).click();
  const block = page.getByRole("dialog", { name: "Focus Block", exact: true });
  await expect(block).toContainText(target.label);
  await expectNoSeriousA11yViolations(page);
  await block.getByRole("button", { name: /^(Set|Change) Topic$/ }).click();
  const chooser = page.getByRole("dialog", { name: "Choose a Topic", exact: true });
  await chooser.getByRole("button", { name: TOPIC, exact: true }).click();
  await expect(page.getByText("Set Topic successfully.", { exact: true })).toBeVisible();
  await expect(focusTile(page)).toContainText(TOPIC);
  await expect(focusTile(page)).toHaveAttribute("data-status", "topic");
});

test("a student plans that teacher for next week's Focus Block and sees it on their calendar", async ({
  page,
}) => {
  await signIn(page, "student", "/profile");
  await expect(page).toHaveTitle("Flexblock - Profile");
  await expect(page.getByRole("heading", { level: 1, name: STUDENT_NAME, exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign Out", exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Next week", exact: true }).click();
  await expect(page).toHaveURL(/[?&]date=\d{4}-\d{2}-\d{2}/);
  await focusTile(page).click();
  const block = page.getByRole("dialog", { name: "Focus Block", exact: true });
  const teachers = block.getByRole("list", { name: "Teachers", exact: true });
  await expect(teachers).toBeVisible();
  await expect(teachers).toContainText(/\d+ seats? left of \d+/);
  await expectNoSeriousA11yViolations(page);

  await block.getByLabel("Find a teacher or topic", { exact: true }).fill("Reyes");
  // By test id: the row's name carries the topic and the seats left.
  await teachers.getByTestId(`plan-teacher-${teacherId}`).click();
  await expect(page.getByText("Set Plan successfully.", { exact: true })).toBeVisible();
  await expect(block.getByRole("region", { name: "Plan", exact: true }).getByText(TEACHER_NAME, { exact: true }).first()).toBeVisible();
  await block.getByRole("button", { name: "Close", exact: true }).click();

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
    .getByRole("dialog", { name: "Focus Block", exact: true })
    .getByRole("region", { name: /^Students scheduled \(\d+\)$/ });
  await expect(scheduled.getByRole("link", { name: STUDENT_NAME, exact: true })).toBeVisible();
  await expect(scheduled).toContainText("Pending");
});

test("a teacher books an appointment for the student and cancels it", async ({ page }) => {
  await signIn(page, "teacher", `/students/${studentId}?date=${target.iso}`);
  await expect(page).toHaveTitle(`Flexblock - ${STUDENT_NAME}`);
  await expect(page.getByRole("heading", { level: 1, name: STUDENT_NAME, exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await focusTile(page).click();
  const block = page.getByRole("dialog", { name: "Focus Block", exact: true });
  const appointments = block.getByRole("region", { name: "Appointments", exact: true });
  await expect(appointments).toContainText("No appointments booked");
  await appointments.getByRole("button", { name: "New appointment", exact: true }).click();
  await appointments.getByLabel("Appointment memo", { exact: true }).fill("Bring your robot kit");
  await expectNoSeriousA11yViolations(page);
  await appointments.getByRole("button", { name: "Book appointment", exact: true }).click();
  await expect(page.getByText("Booked appointment.", { exact: true })).toBeVisible();
  await expect(appointments).toContainText("Bring your robot kit");
  await expect(appointments).toContainText(TEACHER_NAME);
  await block.getByRole("button", { name: "Close", exact: true }).click();
  await expect(focusTile(page)).toContainText("1");
  await expect(focusTile(page)).toHaveAttribute("aria-label", /\. 1 appointment$/);

  await focusTile(page).click();
  await appointments.getByRole("button", { name: "Cancel appointment", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Cancel this appointment?", exact: true });
  await confirm.getByRole("button", { name: "Cancel appointment", exact: true }).click();
  await expect(page.getByText("Cancelled appointment.", { exact: true })).toBeVisible();
  await expect(appointments).toContainText("No appointments booked");
});

test("an amendment voids the student's tile", async ({ page }) => {
  await signIn(page, "teacher", `/students/${studentId}?date=${target.iso}`);
  await focusTile(page).click();
  const block = page.getByRole("dialog", { name: "Focus Block", exact: true });
  const attendance = block.getByRole("region", { name: "Attendance", exact: true });
  await expect(attendance).toContainText("No attendance recorded");
  await attendance.getByRole("button", { name: "Amend", exact: true }).click();
  await attendance.getByRole("button", { name: "Amend", exact: true }).click();
  await expect(attendance.getByText("This field cannot be empty.", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await attendance.getByLabel("Reason for the amendment", { exact: true }).fill("Excused: robotics competition");
  await attendance.getByRole("button", { name: "Amend", exact: true }).click();
  await expect(page.getByText("Amended schedule.", { exact: true })).toBeVisible();
  await expect(block.getByRole("region", { name: "Amendments", exact: true })).toContainText(
    "Excused: robotics competition",
  );
  await block.getByRole("button", { name: "Close", exact: true }).click();
  await expect(focusTile(page)).toContainText("Block Amended");
  await expect(focusTile(page)).toHaveAttribute("data-status", "void");
});

test("on a phone the student sees one day at a time, the amended block too", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "student", `/profile?date=${target.iso}`);
  const days = page.getByRole("tablist", { name: "Day", exact: true });
  await expect(days.getByRole("tab")).toHaveCount(5);
  await days.getByRole("tab", { name: new RegExp(`^${escape(target.label)}(, today)?$`) }).click();
  await expect(focusTile(page)).toBeVisible();
  await expect(focusTile(page)).toContainText("Block Amended");
  await expectNoSeriousA11yViolations(page);
});
