import type { APIRequestContext, Page } from "@playwright/test";
import { format } from "date-fns";
import { DEMO_PASSWORD, DEMO_USERS, expect, expectNoSeriousA11yViolations, TOKEN_KEY, test } from "./helpers";

/**
 * Screens that say in words what is going on and what to do next, on the demo school: a student's
 * appointment on their week and the "Choose for …" banner that opens the day's teacher list (seats in
 * words); the Unscheduled screen's actions (place now, hand the list to the Power Scheduler); the
 * notifications' Archived view; the audit log in words; Air Check-in after its window; the Power
 * Scheduler's warning before booking a teacher past their capacity.
 */
const SHOTS = "test-results/screens-in-words";

async function tokenOf(request: APIRequestContext, username: string) {
  const response = await request.post("/api/login", { data: { username, password: DEMO_PASSWORD } });
  expect(response.status(), `sign in as ${username}`).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function getJson<T>(request: APIRequestContext, path: string, token: string): Promise<T> {
  const response = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** Signs the page in as any demo account (every demo password is the same) and opens `path`. */
async function signInAs(page: Page, username: string, path: string) {
  const token = await tokenOf(page.request, username);
  await page.goto("/api/health");
  await page.evaluate(([key, value]) => window.localStorage.setItem(key!, JSON.stringify(value)), [TOKEN_KEY, token]);
  await page.goto(path);
  await expect(page.getByText("Loading Flexblock…", { exact: true })).toHaveCount(0);
  return token;
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "2026-12-01" → "Tuesday, Dec 1". */
function dayName(iso: string) {
  const date = new Date(`${iso}T12:00:00Z`);
  return `${DAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

test("a student's Choose banner names the day and opens its teacher list; an appointment shows instead of No Schedule; the cancel is in the audit log in words", async ({
  page,
}) => {
  // A demo student with a Focus Block still to choose.
  let username = "";
  let open: { date: string; block_id: number } | null = null;
  for (let n = 100121; n > 100090 && !open; n--) {
    const token = await tokenOf(page.request, String(n));
    const todo = await getJson<{ open: { date: string; block_id: number }[] }>(page.request, "/api/placement/self", token);
    if (todo.open.length > 0) {
      username = String(n);
      open = todo.open[0]!;
    }
  }
  expect(open, "a demo student with a Focus Block still to choose").not.toBeNull();

  await signInAs(page, username, "/profile");
  const choose = page.getByRole("button", { name: `Choose for ${dayName(open!.date)}`, exact: true });
  await expect(choose).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "choose-banner");
  await choose.click();
  await expect(page).toHaveURL(new RegExp(`date=${open!.date}`));
  const block = page.getByRole("dialog", { name: "Focus Block", exact: true });
  await expect(block).toBeVisible();
  const teachers = block.getByRole("list", { name: "Teachers", exact: true });
  await expect(teachers).toContainText(/\d+ seats? left of \d+/);
  await expect(page).not.toHaveURL(/block=/);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "choose-picker");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "choose-picker");
  await block.getByRole("button", { name: "Close", exact: true }).click();
  await page.setViewportSize({ width: 1280, height: 800 });

  // The teacher books an appointment (clearing any plan): the student's tile shows it, not "No Schedule".
  const studentId = (await getJson<{ id: number }>(page.request, "/api/students/profile/self", await tokenOf(page.request, username))).id;
  const teacherToken = await tokenOf(page.request, DEMO_USERS.teacher);
  const booked = await page.request.post("/api/appointments/create", {
    headers: { authorization: `Bearer ${teacherToken}` },
    data: { student_id: studentId, block_id: open!.block_id, date: open!.date, memo: "Lab retake", clear_schedule: true },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  await page.reload();
  const tile = page.getByTestId(`block-${open!.date}-${open!.block_id}`).filter({ visible: true });
  await expect(tile).toContainText("Mr. Reyes, Daniel");
  await expect(tile).toContainText("Appointment: Lab retake");
  await expect(tile).not.toContainText("No Schedule");
  await shoot(page, "appointment-tile");

  // Cancelled by an administrator: the audit log says so in words.
  const adminToken = await tokenOf(page.request, DEMO_USERS.admin);
  const { id } = (await booked.json()) as { id: number };
  const cancelled = await page.request.delete(`/api/appointments/${id}`, { headers: { authorization: `Bearer ${adminToken}` } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await signInAs(page, DEMO_USERS.admin, "/audit");
  const row = page.getByRole("row").filter({ hasText: "Cancelled an appointment" }).first();
  await expect(row).toContainText(/Cancelled .+'s appointment with Mr\. Reyes, Daniel on \w{3} \w{3} \d{1,2}, \d{4} \(“Lab retake”\)\./);
  await expect(row).not.toContainText("appointment id:");
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "audit-words");
});

test("the Unscheduled screen hands its students to the Power Scheduler and places them with their default teachers now", async ({
  page,
}) => {
  const adminToken = await signInAs(page, DEMO_USERS.admin, "/unscheduled");
  // A Focus Block date three weeks ahead, far from the dates other tests use.
  const today: string = (await getJson<{ today: string }>(page.request, "/api/check-in/status", adminToken)).today;
  let date = "";
  for (let days = 21; days < 35 && !date; days++) {
    const candidate = new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const list = await getJson<{ students: unknown[]; placed_run: unknown }>(
      page.request,
      `/api/placement/unscheduled?date=${candidate}`,
      adminToken,
    );
    if (list.students.length > 0 && !list.placed_run) date = candidate;
  }
  expect(date, "a Focus Block date with unscheduled students").not.toBe("");

  await page.goto(`/unscheduled?date=${date}`);
  const actions = page.getByTestId("unscheduled-actions");
  await expect(actions.getByRole("button", { name: "Place with default teachers now", exact: true })).toBeVisible();
  const pager = page.getByText(/^\d+–\d+ of \d+$/);
  const total = Number((await pager.textContent())!.split(" of ")[1]);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "unscheduled");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "unscheduled");
  await page.setViewportSize({ width: 1280, height: 800 });

  await actions.getByRole("button", { name: "Open in the Power Scheduler", exact: true }).click();
  await expect(page).toHaveURL(/\/power-scheduler$/);
  await expect(page.getByRole("status").filter({ hasText: "unscheduled" })).toContainText(
    `${total.toLocaleString("en-US")} unscheduled ${total === 1 ? "student is" : "students are"} selected for`,
  );
  await expect(page.getByRole("radio", { name: /^Some Students/ })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "power-scheduler-handoff");

  await page.goto(`/unscheduled?date=${date}`);
  await actions.getByRole("button", { name: "Place with default teachers now", exact: true }).click();
  const confirm = page.getByRole("dialog").filter({ hasText: "with their default teachers now?" });
  await expect(confirm).toContainText("It runs once for this date");
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: "Place now", exact: true }).click();
  await expect(page.getByText(/^Placed \d+ students? with their default teachers\.$/)).toBeVisible();
  await expect(page.getByTestId("placement-status")).toContainText(/^Students were placed with their default teachers at .+: \d+ placed/);
  await expect(actions.getByRole("button", { name: "Place with default teachers now", exact: true })).toHaveCount(0);
});

test("archived notifications have a view of their own, and come back with Unarchive", async ({ page }) => {
  const adminToken = await tokenOf(page.request, DEMO_USERS.admin);
  const teacherToken = await tokenOf(page.request, DEMO_USERS.teacher);
  const me = await getJson<{ details: { id: number } }>(page.request, "/api/user", teacherToken);
  const message = `Archived view check ${Date.now() % 100000}`;
  const sent = await page.request.post("/api/notifications", {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { recipient_ids: [me.details.id], body: message },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const { notification } = (await sent.json()) as { notification: { id: number } };
  const archived = await page.request.put(`/api/notifications/archive/${notification.id}`, {
    headers: { authorization: `Bearer ${teacherToken}` },
  });
  expect(archived.status()).toBe(200);

  await signInAs(page, DEMO_USERS.teacher, "/check-in");
  await page.getByRole("button", { name: "Notifications", exact: true }).click();
  const panel = page.getByRole("dialog", { name: "Notifications", exact: true });
  await expect(panel.getByRole("list", { name: "Inbox messages" })).not.toContainText(message);
  await panel.getByRole("tab", { name: "Archived", exact: true }).click();
  const shelf = panel.getByRole("list", { name: "Archived messages", exact: true });
  await expect(shelf).toContainText(message);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "notifications-archived");
  const entry = shelf.getByRole("listitem").filter({ hasText: message });
  await entry.getByRole("button", { name: "Unarchive", exact: true }).click();
  await expect(panel.getByText("Unarchived 1 message.", { exact: true })).toBeVisible();
  await expect(shelf.getByText(message)).toHaveCount(0);
  await panel.getByRole("tab", { name: /^Inbox/ }).click();
  await expect(panel.getByRole("list", { name: "Inbox messages", exact: true })).toContainText(message);
});

test("after the Air Check-in window the teacher sees it closed with its times, not a code", async ({ page }) => {
  const token = await signInAs(page, DEMO_USERS.teacher, "/check-in");
  const answer = await page.request.get("/api/check-in/air-code", { headers: { authorization: `Bearer ${token}` } });
  test.skip(answer.status() === 422, "No Focus Block today on the server's clock.");
  const body = (await answer.json()) as { closed: boolean; opens: string; closes: string };
  test.skip(!body.closed, "Today's Air Check-in window has not closed yet (run after the Focus Block).");
  await page.getByRole("button", { name: "Show code", exact: true }).click();
  const view = page.getByTestId("air-code-view");
  await expect(view.getByTestId("air-code-closed")).toContainText("Air Check-in is closed");
  await expect(view.getByTestId("air-code-closed")).toContainText(`Codes worked today from ${body.opens} to ${body.closes}`);
  await expect(view.getByTestId("air-code")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "air-closed");
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "air-closed");

  // Out of the window the student's page offers no code card; one who follows a teacher's QR link (or types a
  // code it brought) is told the window closed, with its times, not that the code is wrong.
  await signInAs(page, DEMO_USERS.student, "/profile");
  await expect(page.getByRole("button", { name: "Change Password", exact: true })).toBeVisible();
  await expect(page.getByLabel("Code from your teacher's screen", { exact: true })).toHaveCount(0);
  await page.goto("/profile?air=ACD479");
  await expect(page.getByLabel("Code from your teacher's screen", { exact: true })).toHaveValue("ACD479");
  await page.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(
    page.getByText(
      `Check-in for today's Focus Block closed at ${body.closes} (it was open from ${body.opens} to ${body.closes}). Please see your teacher.`,
      { exact: true },
    ),
  ).toBeVisible();
  await expect(page.getByText(/That code is not right/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "air-closed-student");
});

test("the Power Scheduler warns before booking more students with a teacher than their capacity, and asks on Submit", async ({
  page,
}) => {
  const token = await signInAs(page, DEMO_USERS.admin, "/power-scheduler");
  const options = await getJson<{ today: string; blocks: { label: string; dates: string[] }[] }>(
    page.request,
    "/api/power-scheduler/options",
    token,
  );
  // The Focus Block's next meeting after today (today's may be over).
  const date = options.blocks.find((b) => b.label === "Focus Block")!.dates.find((d) => d > options.today)!;
  const next = page.getByRole("button", { name: "Next", exact: true });
  await page.getByRole("radio", { name: /^All Students/ }).check();
  await next.click();
  await page.getByRole("button", { name: "Start date", exact: true }).click();
  const day = page.getByRole("button", {
    name: new RegExp(`^(Today, )?${format(new Date(`${date}T12:00:00`), "PPPP")}(, selected)?$`),
  });
  if (!(await day.isVisible())) await page.getByRole("button", { name: "Go to the Next Month", exact: true }).click();
  await day.click();
  for (const other of options.blocks.filter((b) => b.label !== "Focus Block")) {
    const box = page.getByRole("checkbox", { name: new RegExp(`^${other.label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(`) });
    if (await box.isChecked()) await box.click();
  }
  await next.click();
  await page.getByRole("radio", { name: /^Appointment/ }).check();
  await page.getByRole("searchbox", { name: "Search staff", exact: true }).fill("Reyes");
  await page.getByRole("radio", { name: "Choose Mr. Reyes, Daniel", exact: true }).check();
  const warning = page.getByTestId("power-scheduler-capacity");
  await expect(warning).toContainText(/^That is more than Mr\. Reyes, Daniel takes: [\d,]+ students on each block, and their capacity is \d+\.$/);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "power-scheduler-capacity");
  await next.click();
  // Other specs may have booked batches already: Cancel must add none.
  const batchesBefore = (await getJson<unknown[]>(page.request, "/api/power-scheduler", token)).length;
  await page.getByPlaceholder("Schedule change purpose").fill("Assembly seating");
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  const ask = page.getByRole("dialog", { name: "Book past Mr. Reyes, Daniel's capacity?", exact: true });
  await expect(ask).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, "power-scheduler-capacity");
  // Cancel books nothing: still on the step, no batch.
  await ask.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(page.getByRole("button", { name: "Submit", exact: true })).toBeVisible();
  expect((await getJson<unknown[]>(page.request, "/api/power-scheduler", token)).length).toBe(batchesBefore);
});
