import type { APIRequestContext, Page } from "@playwright/test";
import { format } from "date-fns";
import { DEMO_PASSWORD, DEMO_USERS, expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

/**
 * The Power Scheduler in the browser: an administrator books two students with a teacher on two
 * Focus Block days of next week (Some Students), sees the appointment on a student's calendar, and
 * undoes the batch from the batches list.
 */
interface Options {
  students: { id: number; first_name: string; last_name: string }[];
  staff: { id: number; first_name: string; last_name: string; name: string; email: string }[];
  blocks: { id: number; label: string; days: number[]; dates: string[] }[];
  today: string;
}

const SHOTS = "test-results/power-scheduler";
/** The screen at 1280 × 800 and at 390 wide, full page (looked at by hand). */
async function shoot(page: Page, name: string) {
  for (const [width, height] of [[390, 844], [1280, 800]] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

/** Presses a button from the keyboard, as a keyboard user does. */
async function press(page: Page, button: ReturnType<Page["getByRole"]>) {
  await button.focus();
  await page.keyboard.press("Enter");
}

const MEMO = `Assembly rehearsal ${Date.now() % 100000}`;

async function adminGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const login = await request.post("/api/login", {
    data: { username: DEMO_USERS.admin, password: DEMO_PASSWORD },
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const response = await request.get(path, { headers: { Authorization: `Bearer ${access_token}` } });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

type Week = {
  schedule: { date: { iso: string }; blocks: { id: number; appointments: unknown[]; logs: unknown[] }[] }[];
};

/** Two students with nothing booked or logged in the Focus Block on both dates (the demo books some). */
async function freeStudents(request: APIRequestContext, options: Options, blockId: number, dates: string[]) {
  const free: Options["students"] = [];
  for (const student of [...options.students].reverse()) {
    const week = await adminGet<Week>(request, `/api/students/${student.id}/schedule/${dates[0]}`);
    const busy = week.schedule
      .filter((day) => dates.includes(day.date.iso))
      .some((day) =>
        day.blocks.some((b) => b.id === blockId && (b.appointments.length > 0 || b.logs.length > 0)),
      );
    if (!busy) free.push(student);
    if (free.length === 2) return free as [Options["students"][number], Options["students"][number]];
  }
  throw new Error("no two free students");
}

const fromIso = (iso: string) => {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
const addDays = (iso: string, days: number) => {
  const date = fromIso(iso);
  date.setDate(date.getDate() + days);
  return format(date, "yyyy-MM-dd");
};
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Opens the date picker called `label` and picks the day (moving to the next month when needed). */
async function pickDate(page: Page, label: string, iso: string) {
  await page.getByRole("button", { name: label, exact: true }).click();
  const day = page.getByRole("button", {
    name: new RegExp(`^(Today, )?${escape(format(fromIso(iso), "PPPP"))}(, selected)?$`),
  });
  if (!(await day.isVisible()))
    await page.getByRole("button", { name: "Go to the Next Month", exact: true }).click();
  await day.click();
}

test("an administrator schedules some students over two dates, sees it on a calendar and undoes it", async ({
  page,
  request,
}) => {
  const options = await adminGet<Options>(request, "/api/power-scheduler/options");
  const focus = options.blocks.find((b) => b.label === "Focus Block")!;
  // Two consecutive days next week on which the Focus Block meets (the demo's Pro-D Monday has no blocks).
  const nextSunday = addDays(options.today, 7 - fromIso(options.today).getDay());
  const week = await adminGet<Week>(request, `/api/students/${options.students[0]!.id}/schedule/${addDays(nextSunday, 1)}`);
  const meets = new Set(
    week.schedule.filter((day) => day.blocks.some((b) => b.id === focus.id)).map((day) => day.date.iso),
  );
  const first = [...meets].sort().find((date) => meets.has(addDays(date, 1)))!;
  expect(first, "two consecutive Focus Block days next week").toBeDefined();
  const second = addDays(first, 1);
  const [a, b] = await freeStudents(request, options, focus.id, [first, second]);
  const teacher = options.staff.find((s) => s.email === DEMO_USERS.teacher)!;

  await signIn(page, "admin", "/power-scheduler");
  await expect(page).toHaveTitle("Flexblock - Power Scheduler");
  const steps = page.getByRole("list", { name: "Power Scheduler steps", exact: true });
  await expect(steps.getByRole("heading", { level: 2 })).toHaveText([
    /Select Students$/,
    /Select Date and Blocks$/,
    /Select scheduling type$/,
    /Done$/,
  ]);
  await expectNoSeriousA11yViolations(page);

  // 1. Some Students: Next waits for a student.
  const next = page.getByRole("button", { name: "Next", exact: true });
  await expect(next).toBeDisabled();
  await page.getByRole("radio", { name: /^Some Students/ }).check();
  await expect(next).toBeDisabled();
  const search = page.getByRole("searchbox", { name: "Search students", exact: true });
  for (const student of [a, b]) {
    await search.fill(student.last_name);
    await page
      .getByRole("checkbox", { name: `Select ${student.first_name} ${student.last_name}`, exact: true })
      .click();
  }
  await expect(page.getByText(/^2 of \d+ students selected$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Keyboard focus follows the stepper: to the heading of each step that opens, never to the page's body.
  await press(page, next);
  await expect(steps.getByRole("heading", { name: "Step 2: Select Date and Blocks", exact: true })).toBeFocused();

  // 2. Two dates, the Focus Block only. The date picker opens with focus on the chosen date (the first day a
  // flex block meets from today, which the step starts on).
  const startsOn = options.blocks.flatMap((block) => block.dates.slice(0, 1)).sort()[0]!;
  await press(page, page.getByRole("button", { name: "Start date", exact: true }));
  await expect(page.locator(`[data-day="${startsOn}"] button`)).toBeFocused();
  await page.keyboard.press("Escape");
  await shoot(page, "dates");
  await pickDate(page, "Start date", first);
  await pickDate(page, "End date", second);
  for (const block of options.blocks.filter((x) => x.id !== focus.id)) {
    await page.getByRole("checkbox", { name: new RegExp(`^${escape(block.label)} \\(`) }).click();
  }
  await expectNoSeriousA11yViolations(page);
  await press(page, next);
  await expect(steps.getByRole("heading", { name: "Step 3: Select scheduling type", exact: true })).toBeFocused();

  // 3. Appointment with the demo teacher, a memo, the preview, Submit.
  await page.getByRole("radio", { name: /^Appointment/ }).check();
  await page.getByRole("searchbox", { name: "Search staff", exact: true }).fill(teacher.last_name);
  await page.getByRole("radio", { name: `Choose ${teacher.name}`, exact: true }).check();
  await press(page, next);
  await expect(page.getByRole("heading", { name: "B. Memo", exact: true })).toBeFocused();
  const submit = page.getByRole("button", { name: "Submit", exact: true });
  await expect(submit).toBeDisabled();
  await page.getByPlaceholder("Schedule change purpose", { exact: true }).fill(MEMO);
  await expect(page.getByTestId("power-scheduler-headline")).toHaveText(
    /^4 appointments for 2 students on 2 dates/,
  );
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "submit");
  await press(page, submit);

  // 4. Done.
  await expect(page.getByText("The schedule change has been processed.", { exact: true })).toBeVisible();
  await expect(steps.getByRole("heading", { name: "Step 4: Done", exact: true })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "done");
  await expect(page.getByTestId("power-scheduler-headline")).toHaveText(
    /^4 appointments for 2 students on 2 dates/,
  );
  const batches = page.getByRole("table", { name: "Batches", exact: true });
  const batch = batches.locator("tbody tr").filter({ hasText: MEMO });
  await expect(batch).toContainText("4 for 2 students");
  await page.getByRole("button", { name: "Create Another", exact: true }).click();
  await expect(page.getByRole("radio", { name: /^Some Students/ })).not.toBeChecked();

  // The appointment on one student's calendar.
  await page.goto(`/students/${a.id}?date=${second}`);
  const tile = page.getByTestId(`block-${second}-${focus.id}`).filter({ visible: true });
  await expect(tile).toHaveAttribute("aria-label", /1 appointment/);
  await tile.click();
  const dialog = page.getByRole("dialog", { name: "Focus Block", exact: true });
  await expect(dialog.getByRole("region", { name: "Appointments", exact: true })).toContainText(MEMO);
  await dialog.getByRole("button", { name: "Close", exact: true }).click();

  // Undo the batch while its blocks are pending.
  await page.goto("/power-scheduler");
  await batch.getByRole("button", { name: `Undo appointment batch: ${MEMO}`, exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Undo this batch?", exact: true });
  await expect(confirm).toContainText("Its 4 appointments are removed");
  await confirm.getByRole("button", { name: "Undo", exact: true }).click();
  await expect(page.getByText("Undid the batch.", { exact: true })).toBeVisible();
  await expect(batch).toContainText("Undone");
  await page.goto(`/students/${a.id}?date=${second}`);
  await expect(tile).not.toHaveAttribute("aria-label", /appointment/);
});
