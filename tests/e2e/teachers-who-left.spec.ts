import type { APIRequestContext, Page } from "@playwright/test";
import { format } from "date-fns";
import { DEMO_PASSWORD, DEMO_USERS, expect, expectNoSeriousA11yViolations, signIn, TOKEN_KEY, test } from "./helpers";

/**
 * People who left and days that closed, on the demo school: a teacher disabled in the Credentials
 * Manager loses their plans ahead and each student finds a message saying why on their page; an
 * administrator closing a day with plans is told how many the closure cancels first, and deleting it
 * gives them back.
 */
const SHOTS = "test-results/teachers-who-left";

async function shoot(page: Page, name: string) {
  for (const [width, height] of [[390, 844], [1280, 800]] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

async function tokenOf(request: APIRequestContext, username: string) {
  const response = await request.post("/api/login", { data: { username, password: DEMO_PASSWORD } });
  expect(response.status(), `sign in as ${username}`).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

const as = (token: string) => ({ authorization: `Bearer ${token}` });

const isoOf = (date: Date) => format(date, "yyyy-MM-dd");
/** The next seven days after today (the browser's clock is the school's in the e2e tier). */
function nextDays(): string[] {
  const days: string[] = [];
  for (let i = 1; i <= 10; i++) days.push(isoOf(new Date(Date.now() + i * 86_400_000)));
  return days;
}

interface StaffWeek {
  schedule: { date: { iso: string }; blocks: { planned: { student: { id: number } }[] }[] }[];
}

test("a disabled teacher's students are told on their page why their plan was cancelled", async ({ page, request }) => {
  const admin = await tokenOf(request, DEMO_USERS.admin);
  const staff = (await (await request.get("/api/staff", { headers: as(admin) })).json()) as {
    id: number;
    email: string;
    administrator: boolean;
    takes_students: boolean;
  }[];
  const students = (await (await request.get("/api/students", { headers: as(admin) })).json()) as {
    id: number;
    student_number: string;
  }[];
  const named = [DEMO_USERS.admin, DEMO_USERS.teacher, DEMO_USERS.expired];
  // A teacher none of the other tests lean on, with a plan ahead from a student other than the demo's own.
  let chosen: { teacher: (typeof staff)[number]; studentNumber: string } | null = null;
  for (const teacher of [...staff].reverse().filter((s) => !s.administrator && s.takes_students && !named.includes(s.email as never))) {
    const week = (await (await request.get(`/api/staff/${teacher.id}/schedule/${nextDays()[6]}`, { headers: as(admin) })).json()) as StaffWeek;
    const today = isoOf(new Date());
    const planned = week.schedule
      .filter((day) => day.date.iso > today)
      .flatMap((day) => day.blocks.flatMap((block) => block.planned.map((p) => p.student.id)));
    const student = students.find((s) => planned.includes(s.id) && s.student_number !== DEMO_USERS.student);
    if (student) {
      chosen = { teacher, studentNumber: student.student_number };
      break;
    }
  }
  expect(chosen, "a teacher with a plan ahead").not.toBeNull();
  const { teacher, studentNumber } = chosen!;
  const accounts = (await (await request.get("/api/users", { headers: as(admin) })).json()) as { id: number; username: string }[];
  const account = accounts.find((a) => a.username === teacher.email)!;
  expect((await request.post("/api/verify-user", { headers: as(admin), data: { password: DEMO_PASSWORD } })).status()).toBe(200);
  const disabled = await request.post("/api/users/disable-users", { headers: as(admin), data: { user_ids: [account.id] } });
  expect(disabled.status()).toBe(200);
  expect(((await disabled.json()) as { plans_released: number }).plans_released).toBeGreaterThan(0);

  try {
    const token = await tokenOf(request, studentNumber);
    await page.goto("/api/health");
    await page.evaluate(([key, value]) => window.localStorage.setItem(key!, JSON.stringify(value)), [TOKEN_KEY, token]);
    await page.goto("/profile");
    const messages = page.getByRole("region", { name: /^(A message|\d+ messages) for you$/ });
    await expect(messages).toBeVisible();
    await expect(messages).toContainText("no longer takes students (their account was disabled)");
    await expectNoSeriousA11yViolations(page);
    await shoot(page, "student-message");
    // Dismissed from the keyboard: the message goes, focus stays in the card or moves on with it.
    const dismiss = messages.getByRole("button", { name: /^Dismiss the message of / }).first();
    const count = await messages.getByRole("listitem").count();
    await dismiss.focus();
    await page.keyboard.press("Enter");
    if (count === 1) await expect(messages).toHaveCount(0);
    else await expect(messages.getByRole("listitem")).toHaveCount(count - 1);
  } finally {
    // Back for the tests that run after this one (its plans are not given back).
    await request.post("/api/verify-user", { headers: as(admin), data: { password: DEMO_PASSWORD } });
    await request.post("/api/users/reenable-users", { headers: as(admin), data: { user_ids: [account.id] } });
  }
});

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const monthLabel = (iso: string) => `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;

test("closing a day with plans says how many it cancels first, and deleting the closure gives them back", async ({ page, request }) => {
  const admin = await tokenOf(request, DEMO_USERS.admin);
  // A day ahead whose plans a closure would cancel (the dry run writes nothing).
  let date = "";
  let plans = 0;
  for (const candidate of nextDays()) {
    const dry = await request.post("/api/calendar-events", {
      headers: as(admin),
      data: { date: candidate, name: "Snow day", no_blocks: true, dry_run: true },
    });
    if (dry.status() !== 200) continue;
    plans = ((await dry.json()) as { plans_cancelled: number }).plans_cancelled;
    if (plans > 0) {
      date = candidate;
      break;
    }
  }
  expect(plans, "a day ahead with plans").toBeGreaterThan(0);
  const words = plans === 1 ? "1 plan" : `${plans} plans`;

  await signIn(page, "admin", "/calendar");
  const heading = page.getByRole("heading", { level: 2, name: monthLabel(date), exact: true });
  for (let i = 0; i < 3 && !(await heading.isVisible()); i++) await page.getByRole("button", { name: "Next month", exact: true }).click();
  await page.locator(`button[data-date="${date}"]`).locator("visible=true").click();
  const day = page.getByRole("dialog").filter({ has: page.getByRole("heading", { name: "Add an event" }) });
  await day.getByRole("textbox", { name: "Event name", exact: true }).fill("Snow day");
  await day.getByRole("checkbox", { name: "No school that day", exact: true }).check();
  await day.getByRole("button", { name: "Add event", exact: true }).click();
  const notice = day.getByTestId("closure-dry-run");
  await expect(notice).toHaveText(`Closing this day cancels ${words} students made for it. They come back if you delete the event before the day.`);
  await expect(notice).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "closure-dry-run");
  await day.getByRole("button", { name: `Close the day and cancel ${words}`, exact: true }).click();
  await expect(page.getByText(`Added Snow day. ${plans === 1 ? "1 plan was" : `${plans} plans were`} cancelled.`, { exact: true })).toBeVisible();
  await expect(day.getByText("No blocks meet on this day.", { exact: true })).toBeVisible();
  const again = await request.post("/api/calendar-events", {
    headers: as(admin),
    data: { date, name: "Another closure", no_blocks: true, dry_run: true },
  });
  expect(((await again.json()) as { plans_cancelled: number }).plans_cancelled).toBe(0);

  // Deleted before the day: the plans come back.
  await day.getByRole("button", { name: "Delete Snow day", exact: true }).click();
  await expect(page.getByText("Deleted Snow day.", { exact: true })).toBeVisible();
  const back = await request.post("/api/calendar-events", {
    headers: as(admin),
    data: { date, name: "Snow day", no_blocks: true, dry_run: true },
  });
  expect(((await back.json()) as { plans_cancelled: number }).plans_cancelled).toBe(plans);
});
