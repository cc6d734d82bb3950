import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_USERS, expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

/**
 * Standing choices end to end on the demo school ("sets a standing choice and sees it
 * fill three weeks of blocks around a holiday"). The demo timetable is weekly, so the pattern is a
 * weekday: student 100001 (Maya Castellano) sets "Every Wednesday with Mr. Reyes" for the three weeks
 * after the seeded ones (the seed gives her a plan on nearly every Focus Block of this week and the
 * next two, which a standing choice leaves as they are), with the middle Wednesday made a day without
 * blocks first. She sees the first and last Wednesday filled with the reason "Your usual …", and
 * no block on the closed one. Everything is put back at the end: the choice (and its plans), the
 * closed day and the `standing-choice-days` setting.
 */
test.describe.configure({ mode: "serial" });

const SHOTS = process.env.E2E_SHOTS_DIR;
const CLOSED_DAY = "Standing choices test closure";

let adminToken = "";
let studentToken = "";
let eventId: number | null = null;
let range: { from: string; until: string; wednesdays: [string, string, string] } | null = null;
let reyes: { id: number; name: string } | null = null;

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function tokenOf(request: APIRequestContext, username: string) {
  const response = await request.post("/api/login", { data: { username, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

async function setStandingDays(request: APIRequestContext, days: number) {
  const response = await request.put("/api/settings", { headers: auth(adminToken), data: { values: { "standing-choice-days": days } } });
  expect(response.status(), await response.text()).toBe(200);
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: false });
}

type Block = { id: number; flex: boolean; scheduled: { id: number; name: string } | null; reason?: { kind: string } | null };
type Week = { schedule: { date: { iso: string }; blocks: Block[]; events: { name: string }[] }[] };

async function focusOn(request: APIRequestContext, date: string) {
  const response = await request.get(`/api/students/self/schedule/${date}`, { headers: auth(studentToken) });
  expect(response.status()).toBe(200);
  const day = ((await response.json()) as Week).schedule.find((d) => d.date.iso === date);
  return { block: day?.blocks.find((b) => b.flex) ?? null, events: day?.events ?? [] };
}

test.beforeAll(async ({ request }) => {
  adminToken = await tokenOf(request, DEMO_USERS.admin);
  studentToken = await tokenOf(request, DEMO_USERS.student);
  const list = await request.get("/api/students/standing-choices", { headers: auth(studentToken) });
  expect(list.status()).toBe(200);
  const options = (await list.json()) as { cycle: { kind: string } | null; teachers: { id: number; name: string }[]; today: string };
  expect(options.cycle?.kind, "the demo school's timetable is weekly (lib/demo/curriculum.server.ts)").toBe("weekly");
  reyes = options.teachers.find((t) => t.name.startsWith("Mr. Reyes")) ?? null;
  expect(reyes).not.toBeNull();
  // The Sunday three weeks after this week's: past the seeded weeks (lib/demo/demo.server.ts weeksAhead 2).
  const from = addDays(options.today, 21 - weekday(options.today));
  const first = addDays(from, 3);
  range = { from, until: addDays(from, 20), wednesdays: [first, addDays(first, 7), addDays(first, 14)] };
  await setStandingDays(request, 45);
  const closed = await request.post("/api/calendar-events", {
    headers: auth(adminToken),
    data: { date: range.wednesdays[1], name: CLOSED_DAY, no_blocks: true },
  });
  expect(closed.status(), await closed.text()).toBe(201);
  eventId = ((await closed.json()) as { id: number }).id;
});

test.afterAll(async ({ request }) => {
  if (studentToken) {
    const list = await request.get("/api/students/standing-choices", { headers: auth(studentToken) });
    const mine = ((await list.json()) as { standing_choices: { id: number }[] }).standing_choices;
    for (const choice of mine) {
      await request.delete(`/api/students/standing-choices/${choice.id}`, { headers: auth(studentToken) });
    }
  }
  if (eventId !== null) await request.delete(`/api/calendar-events/${eventId}`, { headers: auth(adminToken) });
  if (adminToken) await setStandingDays(request, 14);
});

test("a student sets a usual choice and sees it fill her Wednesdays, not the closed one", async ({ page, request }) => {
  const { from, until, wednesdays } = range!;
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "student", "/profile");
  const section = page.getByRole("region", { name: "My usual choices" });
  await expect(section).toBeVisible();
  await expect(section.getByText("No usual choices yet.")).toBeVisible();
  const form = section.getByRole("form", { name: "Add a usual choice" });
  await form.getByLabel("Every", { exact: true }).selectOption({ label: "Wednesday" });
  await form.getByLabel("With", { exact: true }).selectOption({ label: reyes!.name });
  await form.getByLabel("From", { exact: true }).fill(from);
  await form.getByLabel("Until", { exact: true }).fill(until);
  await section.scrollIntoViewIfNeeded();
  await shoot(page, "standing-form");
  await form.getByRole("button", { name: "Add usual choice" }).click();
  await expect(page.getByText("Every Wednesday with Mr. Reyes: 2 Focus Blocks planned so far.")).toBeVisible();
  const list = section.getByRole("list", { name: "Your usual choices" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByRole("listitem")).toContainText("Every Wednesday with Mr. Reyes");
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "standing-list");

  // The first and last Wednesday are planned by it; the closed one has no Focus Block at all.
  for (const date of [wednesdays[0], wednesdays[2]]) {
    const { block } = await focusOn(request, date);
    expect(block?.scheduled?.id, date).toBe(reyes!.id);
    expect(block?.reason?.kind, date).toBe("standing");
  }
  const closed = await focusOn(request, wednesdays[1]);
  expect(closed.block).toBeNull();
  expect(closed.events.map((e) => e.name)).toContain(CLOSED_DAY);

  // Her week says why, in the block's dialog.
  const { block } = await focusOn(request, wednesdays[0]);
  await page.goto(`/profile?date=${wednesdays[0]}`);
  await page.getByTestId(`block-${wednesdays[0]}-${block!.id}`).filter({ visible: true }).click();
  const dialog = page.getByRole("dialog", { name: "Focus Block", exact: true });
  await expect(dialog.getByTestId("block-reason")).toHaveText("Your usual on Wednesdays with Mr. Reyes.");
  await expect(dialog.getByTestId("choose-until")).toHaveText(/^You can choose until \d{2}:\d{2} on Wed, [A-Z][a-z]{2} \d{1,2}\.$/);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "standing-dialog");
  await page.keyboard.press("Escape");

  await page.goto(`/profile?date=${wednesdays[1]}`);
  await expect(page.getByText(CLOSED_DAY).filter({ visible: true }).first()).toBeVisible();
  await shoot(page, "standing-closed-week");
});

test("on a phone, the usual choices read and remove", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "student", "/profile");
  const section = page.getByRole("region", { name: "My usual choices" });
  const item = section.getByRole("list", { name: "Your usual choices" }).getByRole("listitem");
  await expect(item).toHaveCount(1);
  await section.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "standing-list");
  await item.getByRole("button", { name: "Remove every Wednesday with Mr. Reyes" }).click();
  await expect(page.getByText("Removed every Wednesday with Mr. Reyes and its 2 coming plans.")).toBeVisible();
  await expect(section.getByText("No usual choices yet.")).toBeVisible();
  const { block } = await focusOn(request, range!.wednesdays[0]);
  expect(block?.scheduled).toBeNull();
  await shoot(page, "standing-removed");
});

test("an administrator gives a day its own deadlines in the calendar's day dialog", async ({ page, request }) => {
  const date = range!.wednesdays[0];
  const ownDeadlines = async () => {
    const response = await request.get(`/api/school-days?from=${date}&to=${date}`, { headers: auth(adminToken) });
    return ((await response.json()) as { days: { deadlines?: unknown }[] }).days[0]?.deadlines ?? null;
  };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await signIn(page, "admin", "/calendar");
    const month = new Date(`${date}T00:00:00Z`).toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
    const heading = page.getByRole("heading", { level: 2, name: month, exact: true });
    for (let i = 0; i < 13 && !(await heading.isVisible()); i++) {
      await page.getByRole("button", { name: "Next month", exact: true }).click();
    }
    await page.locator(`button[data-date="${date}"]`).locator("visible=true").click();
    const longDate = new Date(`${date}T00:00:00Z`).toLocaleString("en-US", {
      weekday: "long",
      month: "long",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    const day = page.getByRole("dialog", { name: longDate });
    const choice = day.getByLabel("Students choose until", { exact: true });
    const requests = day.getByLabel("Teachers book students until", { exact: true });
    if (width === 1280) {
      await choice.fill("08:00");
      await requests.fill("2h");
      await day.getByRole("button", { name: "Save this day", exact: true }).click();
      await expect.poll(ownDeadlines).toEqual({ choice_deadline: "08:00", request_deadline: "2h" });
    } else {
      await expect(choice).toHaveValue("08:00");
      await choice.fill("8am");
      await day.getByRole("button", { name: "Save this day", exact: true }).click();
      await expect(day.getByText("Enter a time on the block's day such as 08:00")).toBeVisible();
    }
    await choice.scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page);
    await shoot(page, "standing-day-deadlines");
  }
  // Put back: the school's settings again.
  const cleared = await request.put(`/api/school-days/${date}`, {
    headers: auth(adminToken),
    data: { choice_deadline: null, request_deadline: null },
  });
  expect(cleared.status()).toBe(200);
  expect(await ownDeadlines()).toBeNull();
});
