import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_USERS, expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

/**
 * Who may join (a topic for some students only) in the browser: Mr. Reyes creates a topic open only to a grade the demo
 * student (Maya Castellano) is not in and puts it on one of her coming Focus Blocks; she sees him greyed
 * in the plan picker with the reason, and choosing him is refused. His earlier topic on that block is
 * put back at the end.
 */
test.describe.configure({ mode: "serial" });

const TOPIC = `Chemistry 12 retake ${Date.now() % 100000}`;
const SHOTS = "test-results/topic-audience";

let teacherToken = "";
let studentToken = "";
let teacherId = 0;
let otherGrade = 12;
let target: { iso: string; blockId: number } = { iso: "", blockId: 0 };
let earlierTopicId: number | null = null;
let ourTopicId: number | null = null;

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function tokenOf(request: APIRequestContext, username: string) {
  const response = await request.post("/api/login", { data: { username, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function getJson<T>(request: APIRequestContext, path: string, token: string): Promise<T> {
  const response = await request.get(path, { headers: auth(token) });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

type Row = { staff: { id: number }; topic: { id: number; memo: string } | null; open: boolean; closed_reason: string | null };
async function teacherRow(request: APIRequestContext, token: string) {
  const response = await request.post("/api/students/staff-list", {
    headers: auth(token),
    data: { block_id: target.blockId, date: target.iso },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as Row[]).find((row) => row.staff.id === teacherId)!;
}

type Block = { id: number; flex: boolean; pending: boolean; appointments: unknown[]; amendments: unknown[]; scheduled: { id: number } | null };
type Week = { next: string | null; schedule: { date: { iso: string }; blocks: Block[] }[] };

test.beforeAll(async ({ request }) => {
  teacherToken = await tokenOf(request, DEMO_USERS.teacher);
  studentToken = await tokenOf(request, DEMO_USERS.student);
  teacherId = (await getJson<{ details: { id: number } }>(request, "/api/user", teacherToken)).details.id;
  const me = await getJson<{ grade: number }>(request, "/api/students/profile/self", studentToken);
  otherGrade = me.grade === 12 ? 11 : 12;
  // The first coming Focus Block (up to four weeks) with no appointment or amendment and not planned with him.
  for (let i = 0, at = ""; i < 4 && !target.iso; i++) {
    const week = await getJson<Week>(request, `/api/students/self/schedule${at ? `/${at}` : ""}`, studentToken);
    for (const day of week.schedule) {
      const block = day.blocks.find(
        (b) => b.flex && b.pending && !b.appointments.length && !b.amendments.length && b.scheduled?.id !== teacherId,
      );
      if (block && !target.iso) target = { iso: day.date.iso, blockId: block.id };
    }
    if (!week.next) break;
    at = week.next;
  }
  expect(target.iso, "the demo student has a coming Focus Block to choose").not.toBe("");
  earlierTopicId = (await teacherRow(request, studentToken)).topic?.id ?? null;
});

test.afterAll(async ({ request }) => {
  if (!teacherToken) return;
  if (earlierTopicId !== null) {
    await request.post("/api/topics/schedule", {
      headers: auth(teacherToken),
      data: { topic_id: earlierTopicId, block_id: target.blockId, date: target.iso },
    });
  }
  if (ourTopicId !== null) await request.delete(`/api/topics/${ourTopicId}`, { headers: auth(teacherToken) });
});

const focusTile = (page: Page) => page.getByTestId(`block-${target.iso}-${target.blockId}`).filter({ visible: true });

test("a teacher opens a topic only to one grade, with fewer seats", async ({ page, request }) => {
  await signIn(page, "teacher", `/staff/${teacherId}?date=${target.iso}`);
  await page.getByRole("button", { name: "Topics", exact: true }).click();
  const topics = page.getByRole("dialog", { name: "Topics", exact: true });
  await topics.getByRole("button", { name: "New Topic", exact: true }).click();
  await topics.getByLabel("Topic", { exact: true }).fill(TOPIC);
  await topics.getByRole("radio", { name: "Grades", exact: true }).check();
  await topics.getByRole("group", { name: "Grades", exact: true }).getByLabel(`Grade ${otherGrade}`, { exact: true }).click();
  await topics.getByLabel("Seats", { exact: true }).fill("12");
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/teacher-form-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await topics.getByLabel("Seats", { exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/teacher-form-390.png` });
  await expectNoSeriousA11yViolations(page);
  await topics.getByRole("button", { name: "Create Topic", exact: true }).click();
  const list = topics.getByRole("list", { name: "Your topics", exact: true });
  await expect(list).toContainText(TOPIC);
  await expect(list.getByRole("listitem").filter({ hasText: TOPIC })).toContainText("Some students");
  await expect(list.getByRole("listitem").filter({ hasText: TOPIC })).toContainText("12 seats");

  const mine = await getJson<{ id: number; memo: string; open_to: { grades: number[] } | null; seat_cap: number | null }[]>(
    request,
    "/api/topics",
    teacherToken,
  );
  const topic = mine.find((t) => t.memo === TOPIC)!;
  expect(topic).toMatchObject({ open_to: { grades: [otherGrade] }, seat_cap: 12 });
  ourTopicId = topic.id;
  const scheduled = await request.post("/api/topics/schedule", {
    headers: auth(teacherToken),
    data: { topic_id: topic.id, block_id: target.blockId, date: target.iso },
  });
  expect(scheduled.status(), await scheduled.text()).toBe(200);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the student sees him closed with the reason and cannot choose him (${viewport.width} px)`, async ({ page, request }) => {
    const reason = `${TOPIC} is only for grade ${otherGrade}.`;
    await page.setViewportSize(viewport);
    await signIn(page, "student", `/profile?date=${target.iso}`);
    // A phone opens on the date in the URL (components/calendar/phone-week.tsx).
    await focusTile(page).click();
    const block = page.getByRole("dialog", { name: "Focus Block", exact: true });
    const teachers = block.getByRole("list", { name: "Teachers", exact: true });
    await expect(teachers).toBeVisible();
    const row = teachers.getByTestId(`plan-teacher-${teacherId}`);
    await row.scrollIntoViewIfNeeded();
    await expect(row).toContainText("Not open to you");
    await expect(row).toContainText(reason);
    // Seats are counted against the topic's cap, not the capacity.
    await expect(row).toContainText(/\d+ seats? left of 12/);
    await expect(row).toHaveAttribute("aria-disabled", "true");
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${SHOTS}/student-picker-${viewport.width}.png` });

    // aria-disabled: Playwright would wait for it to be enabled; a person can still press it.
    await row.click({ force: true });
    await expect(page.getByText(reason, { exact: true }).last()).toBeVisible();
    // The server refuses too, with the reason, and nothing was planned.
    const refused = await request.post("/api/students/schedule-plan", {
      headers: auth(studentToken),
      data: { staff_id: teacherId, block_id: target.blockId, date: target.iso },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "not_open_to_you", message: reason });
    expect(await teacherRow(request, studentToken)).toMatchObject({ open: false, closed_reason: reason });
  });
}
