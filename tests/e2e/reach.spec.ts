import type { APIRequestContext } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_USERS, expect, expectNoSeriousA11yViolations, newPage, signIn, signInThroughForm, test } from "./helpers";
import { linkIn, waitForMail } from "./mailbox";

/**
 * Email in the browser, against the mail catcher beside the app (tests/mail/catcher.mjs): an
 * administrator tests the school's email; a student who has not chosen gets the reminder and chooses
 * from its link; a teacher's appointment tells the student why, and the teacher's morning list names
 * the student. One student of the demo school (not 100001, whom other specs plan) is given an address.
 */
test.describe.configure({ mode: "serial" });

/** Demo students other specs leave alone (100001 is planned by several). */
const CANDIDATES = ["100057", "100063", "100071", "100079", "100083", "100091", "100097", "100103"];
const STUDENT_EMAIL = `reach-${Date.now() % 100000}@students.example`;

let adminToken = "";
let student = { id: 0, first_name: "", last_name: "" };
let target = { iso: "", blockId: 0 };
let studentNumber = "";

async function tokenOf(request: APIRequestContext, username: string) {
  const response = await request.post("/api/login", { data: { username, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

interface Schedule {
  next: string | null;
  schedule: { date: { iso: string }; blocks: { id: number; flex: boolean; label: string; pending: boolean; scheduled: unknown; appointments: unknown[] }[] }[];
}

test.beforeAll(async ({ request }) => {
  adminToken = await tokenOf(request, DEMO_USERS.admin);
  // Quiet hours would hold back an appointment's notice when this runs at night in the school's zone.
  const quiet = await request.put("/api/settings", { headers: auth(adminToken), data: { values: { "quiet-hours": "" } } });
  expect(quiet.status()).toBe(200);

  // A demo student (not 100001) with a Focus Block next week they have not chosen for: the demo's plans
  // are seeded around "now", so which students have one changes with the day.
  for (const number of CANDIDATES) {
    const studentToken = await tokenOf(request, number);
    const thisWeek = (await (await request.get("/api/students/self/schedule", { headers: auth(studentToken) })).json()) as Schedule;
    expect(thisWeek.next, "the school year continues next week").not.toBeNull();
    const nextWeek = (await (await request.get(`/api/students/self/schedule/${thisWeek.next}`, { headers: auth(studentToken) })).json()) as Schedule;
    const open = nextWeek.schedule
      .flatMap((day) => day.blocks.filter((b) => b.flex && b.label === "Focus Block" && b.pending && b.scheduled === null && b.appointments.length === 0).map((b) => ({ iso: day.date.iso, blockId: b.id })))
      .at(0);
    if (!open) continue;
    const self = (await (await request.get("/api/students/profile/self", { headers: auth(studentToken) })).json()) as typeof student & { grade: number; initials: string };
    studentNumber = number;
    student = { id: self.id, first_name: self.first_name, last_name: self.last_name };
    target = open;
    const given = await request.put(`/api/students/${self.id}`, {
      headers: auth(adminToken),
      data: { first_name: self.first_name, last_name: self.last_name, initials: self.initials, grade: self.grade, email: STUDENT_EMAIL },
    });
    expect(given.status(), await given.text()).toBe(200);
    return;
  }
  throw new Error(`None of ${CANDIDATES.join(", ")} has a Focus Block next week without a plan.`);
});

test("an administrator sends a test message from Settings, reads it, and sees it in the email log", async ({ page }) => {
  await signIn(page, "admin", "/setup");
  const step = page.getByTestId("setup-step-email");
  await expect(step).toContainText("Email");
  await expect(step).toContainText("Email is set up, sent as");
  await step.getByRole("link", { name: "Email" }).first().click();
  await expect(page).toHaveURL(/\/settings\/email$/);
  await expect(page.getByRole("heading", { level: 1, name: "Email and notifications", exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Email on this server" })).toContainText("Email is set up. Messages are sent as");

  await page.getByRole("button", { name: "Send a test message", exact: true }).click();
  await expect(page.getByRole("main").getByRole("status").filter({ hasText: "A test message is on its way to admin@demo.school." })).toBeVisible();
  const mail = await waitForMail("admin@demo.school", /^Flexblock test message for /);
  expect(mail.text).toContain("Email works");
  const table = page.getByRole("table", { name: "Email and push messages" });
  await expect(table).toContainText(mail.subject);
  await expect(table.getByRole("row").filter({ hasText: mail.subject })).toContainText("Sent");
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "test-results/reach-email-settings-1280.png", fullPage: true });

  // The checklist's optional step is done once a message got through.
  await page.goto("/setup");
  await expect(page.getByTestId("setup-step-email")).toContainText("Email works: a test message reached admin@demo.school");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/settings/email");
  await expect(page.getByRole("button", { name: "Send a test message", exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "test-results/reach-email-settings-390.png", fullPage: true });
});

test("a student who has not chosen gets the reminder and chooses a teacher from its link", async ({ browser, request }) => {
  const sent = await request.post("/api/reminders/send", { headers: auth(adminToken), data: { kind: "not_chosen", date: target.iso } });
  expect(sent.status(), await sent.text()).toBe(202);
  const mail = await waitForMail(STUDENT_EMAIL, /^Choose your Focus Block for /);
  expect(mail.text).toContain(`Hi ${student.first_name}, you have not chosen a teacher for Focus Block on`);
  expect(mail.headers["list-unsubscribe"]).toMatch(/^<https?:\/\/[^>]+\/api\/unsubscribe\?token=/);
  const link = linkIn(mail, "/profile?date=");

  // On a shared computer, signed out: the link asks for the sign-in, then opens the block to choose in.
  const page = await newPage(browser);
  await page.goto(link);
  await signInThroughForm(page, studentNumber);
  const block = page.getByRole("dialog", { name: "Focus Block", exact: true });
  await expect(block).toBeVisible();
  const teachers = block.getByRole("list", { name: "Teachers", exact: true });
  await block.getByLabel("Find a teacher or topic", { exact: true }).fill("Reyes");
  await teachers.getByTestId(/^plan-teacher-\d+$/).first().click();
  await expect(page.getByText("Set Plan successfully.", { exact: true })).toBeVisible();
  await expect(block.getByRole("region", { name: "Plan", exact: true })).toContainText("Mr. Reyes");
  await expectNoSeriousA11yViolations(page);

  // A second send-now for that date reminds nobody twice (and she has chosen now).
  const again = await request.post("/api/reminders/send", { headers: auth(adminToken), data: { kind: "not_chosen", date: target.iso } });
  expect(again.status()).toBe(202);
  await page.close();
});

test("a teacher's appointment tells the student why by email, and the teacher's morning list names the student", async ({ browser, page, request }) => {
  await signIn(page, "teacher", `/students/${student.id}?date=${target.iso}`);
  await page.getByTestId(`block-${target.iso}-${target.blockId}`).filter({ visible: true }).click();
  const appointments = page.getByRole("dialog", { name: "Focus Block", exact: true }).getByRole("region", { name: "Appointments", exact: true });
  await appointments.getByRole("button", { name: "New appointment", exact: true }).click();
  await appointments.getByLabel("Appointment memo", { exact: true }).fill("Lab safety quiz");
  await appointments.getByRole("button", { name: "Book appointment", exact: true }).click();
  await expect(page.getByText("Booked appointment.", { exact: true })).toBeVisible();

  const moved = await waitForMail(STUDENT_EMAIL, /^Your Focus Block on .* changed$/);
  expect(moved.text).toContain("Mr. Reyes booked you: Lab safety quiz.");
  expect(moved.text).toContain("You are with Mr. Reyes in Focus Block on");

  const listed = await request.post("/api/reminders/send", { headers: auth(adminToken), data: { kind: "teacher_digest", date: target.iso } });
  expect(listed.status(), await listed.text()).toBe(202);
  const morning = await waitForMail(DEMO_USERS.teacher, /^Your Focus Block list for /);
  expect(morning.text).toContain(`${student.last_name}, ${student.first_name} (appointment: Lab safety quiz)`);

  // The list's link opens check-in for the teacher.
  const teacherPage = await newPage(browser);
  await teacherPage.goto(linkIn(morning, "/check-in"));
  await signInThroughForm(teacherPage, DEMO_USERS.teacher);
  await expect(teacherPage).toHaveURL(/\/check-in/);
  await teacherPage.close();
});
