import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_USERS, expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

/**
 * Recurring requests, locks and block messages in the browser, on the demo school: Mr. Reyes books
 * Maya a recurring request (every <weekday> of next week's Focus Block, for a term), locked; Maya sees
 * the lock and its reason in her block before she tries to choose; Mr. Reyes messages the students of
 * his block, then cancels the series from the Recurring requests page. Serial: one database, in order.
 * Screenshots (1280 and 390 wide) go to E2E_SHOTS_DIR when it is set.
 */
test.describe.configure({ mode: "serial" });

const SHOTS = process.env.E2E_SHOTS_DIR;
const MEMO = `a test retake ${Date.now() % 1000}`;
const STUDENT_NAME = "Maya Castellano";

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png` });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

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
  max_date: string | null;
  schedule: {
    date: { iso: string; day: string };
    blocks: { id: number; label: string; flex: boolean; pending: boolean; appointments: unknown[]; amendments: unknown[] }[];
  }[];
};

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

let teacherId = 0;
let studentId = 0;
let target = { iso: "", blockId: 0, weekday: "", until: "" };

test.beforeAll(async ({ request }) => {
  const teacherToken = await tokenOf(request, DEMO_USERS.teacher);
  const studentToken = await tokenOf(request, DEMO_USERS.student);
  teacherId = (await getJson<{ details: { id: number } }>(request, "/api/user", teacherToken)).details.id;
  studentId = (await getJson<{ id: number }>(request, "/api/students/profile/self", studentToken)).id;
  const thisWeek = await getJson<Schedule>(request, "/api/students/self/schedule", studentToken);
  expect(thisWeek.next, "the school year continues next week").not.toBeNull();
  const nextWeek = await getJson<Schedule>(request, `/api/students/self/schedule/${thisWeek.next}`, studentToken);
  const found = nextWeek.schedule
    .flatMap((day) => day.blocks.filter((b) => b.flex && b.label === "Focus Block" && b.pending && b.appointments.length === 0 && b.amendments.length === 0).map((b) => ({ day, b })))
    .at(0);
  expect(found, "a free Focus Block next week").toBeDefined();
  const iso = found!.day.date.iso;
  // "For a term": ten weeks, inside the school year.
  const term = addDays(iso, 70);
  const until = nextWeek.max_date && nextWeek.max_date < term ? nextWeek.max_date : term;
  target = { iso, blockId: found!.b.id, weekday: WEEKDAYS[new Date(`${iso}T12:00:00Z`).getUTCDay()]!, until };
});

const focusTile = (page: Page) => page.getByTestId(`block-${target.iso}-${target.blockId}`).filter({ visible: true });

test("a teacher books a recurring request for a term", async ({ page }) => {
  await signIn(page, "teacher", `/students/${studentId}?date=${target.iso}`);
  await expect(page.getByRole("heading", { level: 1, name: STUDENT_NAME, exact: true })).toBeVisible();
  await focusTile(page).click();
  const block = page.getByRole("dialog", { name: "Focus Block", exact: true });
  const appointments = block.getByRole("region", { name: "Appointments", exact: true });
  await appointments.getByRole("button", { name: "New appointment", exact: true }).click();
  await appointments.getByLabel("Appointment memo", { exact: true }).fill(MEMO);
  await appointments.getByLabel("Repeat", { exact: true }).selectOption({ label: `Every ${target.weekday}` });
  await appointments.getByRole("textbox", { name: "Until", exact: true }).fill(target.until);
  await expect(appointments.getByRole("checkbox", { name: "Let the student still choose (unlocked)" })).not.toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "recurring-form");
  await appointments.getByRole("button", { name: "Book recurring request", exact: true }).click();
  await expect(page.getByText(new RegExp(`^Booked \\d+ appointments, every ${target.weekday} until ${target.until}\\.`))).toBeVisible();
  await expect(appointments).toContainText(MEMO);
  await expect(appointments.getByTestId("appointment-lock")).toContainText("Locked · recurring");
});

test("the student sees the locked appointment's reason before choosing", async ({ page }) => {
  await signIn(page, "student", `/profile?date=${target.iso}`);
  await focusTile(page).click();
  const block = page.getByRole("dialog", { name: "Focus Block", exact: true });
  await expect(block.getByTestId("block-reason")).toContainText(`Mr. Reyes booked you: ${MEMO}`);
  await expect(block.getByTestId("locked-reason")).toHaveText(`Mr. Reyes has booked you for ${MEMO} — ask him to change it.`);
  // No teacher picker while the appointment holds the block.
  await expect(block.getByText("Choose a teacher:", { exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "recurring-student-locked");
});

test("the teacher messages the students of the block", async ({ page }) => {
  await signIn(page, "teacher", `/staff/${teacherId}?date=${target.iso}`);
  await focusTile(page).click();
  const block = page.getByRole("dialog", { name: "Focus Block", exact: true });
  const message = block.getByRole("region", { name: "Message", exact: true });
  await message.getByRole("button", { name: "Message students", exact: true }).click();
  await message.getByRole("textbox", { name: "Message to your students", exact: true }).fill("Meet in room 204, bring a pencil.");
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "block-message");
  await message.getByRole("button", { name: "Send", exact: true }).click();
  // Maya at least: the series booked her with Mr. Reyes.
  await expect(page.getByText(/^Sent to \d+ students?\.$/)).toBeVisible();
});

test("the teacher cancels the series as one", async ({ page }) => {
  await signIn(page, "teacher", "/calendar/recurring-requests");
  await expect(page.getByRole("heading", { level: 1, name: "Recurring requests", exact: true })).toBeVisible();
  const card = page.getByTestId("series-card").filter({ hasText: MEMO });
  await expect(card).toContainText(`Focus Block, every ${target.weekday}`);
  await expect(card).toContainText(STUDENT_NAME);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "recurring-list");
  await card.getByRole("button", { name: "Cancel series", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Cancel this recurring request?", exact: true });
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: "Cancel series", exact: true }).click();
  await expect(page.getByText(/^Cancelled the recurring request: \d+ appointments?\.$/)).toBeVisible();
  await expect(card).toContainText("Cancelled");
  await expect(card.getByRole("button", { name: "Cancel series", exact: true })).toHaveCount(0);

  // The student's block is free again.
  await page.goto(`/students/${studentId}?date=${target.iso}`);
  await focusTile(page).click();
  await expect(
    page.getByRole("dialog", { name: "Focus Block", exact: true }).getByRole("region", { name: "Appointments", exact: true }),
  ).toContainText("No appointments booked");
});
