import type { APIRequestContext } from "@playwright/test";
import { clockOffsetMs } from "./clock";
import { DEMO_PASSWORD, DEMO_USERS, expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

/**
 * Default placement end to end on the demo school: an administrator sees student 100001 (Maya
 * Castellano, whose homeroom teacher is Mr. Reyes) on the Unscheduled list for her next Focus Block
 * without a teacher; the administrator sets the placement cutoff so that it has passed for that day;
 * the server's placement check puts a job on the queue and the job runner places her; she reads why on
 * her own calendar. The cutoff is turned off again at the end, so later specs see placement off.
 */
test.describe.configure({ mode: "serial" });

const STUDENT = "Maya Castellano";
let adminToken = "";
let target: { date: string; blockId: number } | null = null;

async function tokenOf(request: APIRequestContext, username: string) {
  const response = await request.post("/api/login", { data: { username, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function setCutoff(request: APIRequestContext, value: string) {
  const response = await request.put("/api/settings", {
    headers: auth(adminToken),
    data: { values: { placement_cutoff: value } },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function unscheduled(request: APIRequestContext, date: string) {
  const response = await request.get(`/api/placement/unscheduled?date=${date}`, { headers: auth(adminToken) });
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    cutoff_at: string | null;
    placed_run: { placed: number } | null;
    students: { first_name: string; last_name: string }[];
  };
}

test.beforeAll(async ({ request }) => {
  adminToken = await tokenOf(request, DEMO_USERS.admin);
  const studentToken = await tokenOf(request, DEMO_USERS.student);
  const todo = await request.get("/api/placement/self", { headers: auth(studentToken) });
  expect(todo.status()).toBe(200);
  const open = ((await todo.json()) as { open: { date: string; block_id: number }[] }).open;
  target = open[0] ? { date: open[0].date, blockId: open[0].block_id } : null;
  // The demo seed leaves her one Focus Block next week without a teacher (lib/demo/story.server.ts `open`).
  expect(target, "the demo student has a Focus Block without a teacher in the next two weeks").not.toBeNull();
});

test.afterAll(async ({ request }) => {
  if (adminToken) await setCutoff(request, "");
});

test("on a phone, the student's day tabs mark a day still to choose, and only such days", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const token = await signIn(page, "student", "/profile");
  // The first week ahead (up to ten) with a Focus Block she has not chosen a teacher for.
  type Block = { flex: boolean; pending: boolean; scheduled: unknown; appointments: unknown[]; amendments: unknown[] };
  type Week = { next: string | null; schedule: { date: { iso: string }; blocks: Block[] }[] };
  const open = (b: Block) => b.flex && b.pending && !b.scheduled && !b.appointments.length && !b.amendments.length;
  let week: Week | null = null;
  let date: string | null = null;
  for (let i = 0, at = ""; i < 10 && !date; i++) {
    const response = await page.request.get(`/api/students/self/schedule${at ? `/${at}` : ""}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    week = (await response.json()) as Week;
    date = week.schedule.find((d) => d.blocks.some(open))?.date.iso ?? null;
    if (!week.next) break;
    at = week.next;
  }
  expect(date, "the demo student has a Focus Block without a teacher ahead (lib/demo/story.server.ts `open`)").not.toBeNull();
  await page.goto(`/profile?date=${date}`);
  const tabs = page.getByRole("tablist", { name: "Day", exact: true }).getByRole("tab");
  await expect(tabs).toHaveCount(week!.schedule.length);
  for (const [index, day] of week!.schedule.entries()) {
    const marked = day.blocks.some(open);
    await expect(tabs.nth(index)).toHaveAccessibleName(marked ? /, still to choose$/ : /\d{4}(, today)?$/);
    await expect(tabs.nth(index).getByTestId("day-mark")).toHaveCount(marked ? 1 : 0);
  }
  await expect(page.getByRole("tab", { name: /, still to choose$/ }).first().getByTestId("day-mark")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("an administrator sees the student on the Unscheduled list, then the cutoff passes and she is placed", async ({
  page,
  request,
}) => {
  const { date } = target!;
  await signIn(page, "admin", `/unscheduled?date=${date}`);
  await expect(page.getByRole("heading", { level: 1, name: "Unscheduled", exact: true })).toBeVisible();
  const table = page.getByRole("table", { name: "Unscheduled students", exact: true });
  await expect(table.getByRole("link", { name: "Castellano, Maya", exact: true })).toBeVisible();
  await expect(page.getByTestId("placement-status")).toHaveText("No default placement for this date.");
  await expectNoSeriousA11yViolations(page);

  // "1h" tells the Focus Block's start (the cutoff plus an hour); then hours enough that it has passed.
  await setCutoff(request, "1h");
  const first = await unscheduled(request, date);
  if (first.placed_run === null) {
    const start = new Date(first.cutoff_at!).getTime() + 3_600_000;
    const now = Date.now() + (clockOffsetMs() ?? 0);
    const hours = Math.min(336, Math.max(1, Math.ceil((start - now) / 3_600_000) + 1));
    await setCutoff(request, `${hours}h`);
  }
  await expect
    .poll(async () => (await unscheduled(request, date)).placed_run?.placed ?? -1, { timeout: 45_000 })
    .toBeGreaterThan(0);

  await page.reload();
  await expect(page.getByTestId("placement-status")).toContainText("Default placement ran at the cutoff");
  await expect(table.getByRole("link", { name: "Castellano, Maya", exact: true })).toHaveCount(0);
});

test("the student reads that she was placed with her homeroom teacher", async ({ page }) => {
  const { date, blockId } = target!;
  await signIn(page, "student", `/profile?date=${date}`);
  await expect(page.getByRole("heading", { level: 1, name: STUDENT, exact: true })).toBeVisible();
  await page.getByTestId(`block-${date}-${blockId}`).filter({ visible: true }).click();
  const block = page.getByRole("dialog", { name: "Focus Block", exact: true });
  await expect(block.getByTestId("block-reason")).toHaveText(
    /^Placed with your homeroom teacher, Mr\. Reyes, at the \d{2}:\d{2} cutoff\.$/,
  );
  await expectNoSeriousA11yViolations(page);
});

test("her homeroom teacher reads in his block that she was placed by default", async ({ page, request }) => {
  const { date, blockId } = target!;
  const me = await request.get("/api/user", { headers: auth(await tokenOf(request, DEMO_USERS.teacher)) });
  const teacherId = ((await me.json()) as { details: { id: number } }).details.id;
  await signIn(page, "teacher", `/staff/${teacherId}?date=${date}`);
  await page.getByTestId(`block-${date}-${blockId}`).filter({ visible: true }).click();
  const block = page.getByRole("dialog", { name: "Focus Block", exact: true });
  const row = block.getByRole("listitem").filter({ has: page.getByRole("link", { name: STUDENT, exact: true }) });
  await expect(row).toContainText(/Placed with their homeroom teacher, Mr\. Reyes, at the \d{2}:\d{2} cutoff\./);
  await expectNoSeriousA11yViolations(page);
});
