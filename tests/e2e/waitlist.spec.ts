import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_USERS, expect, expectNoSeriousA11yViolations, signIn, test, TOKEN_KEY } from "./helpers";

/**
 * Waitlists end to end on the demo school (a freed seat goes to the first in line): Mr. Reyes is full for Maya Castellano's next
 * Focus Block without a teacher; she joins his waitlist from her block dialog ("You are 1st on the
 * waitlist."); another student leaves him for another teacher (through the API), and the freed seat is
 * hers at once: her block says why. Mr. Reyes's block dialog shows who is still waiting, in order.
 * Then in offer mode (the setting waitlist-mode): Maya moves on, and the seat she leaves is held for the
 * next in line, who accepts it from her own block dialog. His capacity and the mode are put back at the end.
 */
test.describe.configure({ mode: "serial" });

const SHOTS = "test-results/waitlist";
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

type StaffRow = { staff: { id: number; name: string; capacity: number }; topic: { unavailable: boolean } | null; num_scheduled: number; num_remaining: number };

let tokens: { admin: string; teacher: string; maya: string; others: { username: string; token: string }[] };
let target: { date: string; blockId: number };
let reyes: { id: number; capacity: number };
/** The other student who holds a seat with Mr. Reyes and gives it up; the one still waiting after Maya. */
let giver: { username: string; token: string };
let stillWaiting: { username: string; token: string; name: string } | null = null;

async function tokenOf(request: APIRequestContext, username: string) {
  const response = await request.post("/api/login", { data: { username, password: DEMO_PASSWORD } });
  expect(response.status(), `sign in as ${username}`).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function staffList(request: APIRequestContext, token: string) {
  const response = await request.post("/api/students/staff-list", { headers: auth(token), data: { block_id: target.blockId, date: target.date } });
  expect(response.status()).toBe(200);
  return (await response.json()) as StaffRow[];
}

const choose = (request: APIRequestContext, token: string, staffId: number) =>
  request.post("/api/students/schedule-plan", { headers: auth(token), data: { block_id: target.blockId, date: target.date, staff_id: staffId } });

async function setCapacity(request: APIRequestContext, capacity: number) {
  const response = await request.post("/api/staff/capacity", { headers: auth(tokens.teacher), data: { capacity } });
  expect(response.status(), await response.text()).toBe(200);
}

async function shoot(page: Page, name: string, width: 1280 | 390) {
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: false });
}

test.beforeAll(async ({ request }) => {
  tokens = {
    admin: await tokenOf(request, DEMO_USERS.admin),
    teacher: await tokenOf(request, DEMO_USERS.teacher),
    maya: await tokenOf(request, DEMO_USERS.student),
    others: [],
  };
  const todo = await request.get("/api/placement/self", { headers: auth(tokens.maya) });
  const open = ((await todo.json()) as { open: { date: string; block_id: number }[] }).open;
  expect(open[0], "the demo student has a Focus Block without a teacher ahead (lib/demo/story.server.ts `open`)").toBeTruthy();
  target = { date: open[0]!.date, blockId: open[0]!.block_id };
  const me = await request.get("/api/user", { headers: auth(tokens.teacher) });
  const reyesId = ((await me.json()) as { details: { id: number } }).details.id;
  const row = (await staffList(request, tokens.maya)).find((r) => r.staff.id === reyesId)!;
  reyes = { id: reyesId, capacity: row.staff.capacity };

  // Another student takes a seat with Mr. Reyes (the first of the demo's next students who may choose then).
  for (let n = 100002; n < 100030 && !giver; n++) {
    const token = await tokenOf(request, String(n));
    if ((await choose(request, token, reyes.id)).status() === 200) giver = { username: String(n), token };
  }
  expect(giver, "a second demo student can choose Mr. Reyes for that block").toBeTruthy();
  // He is full: his capacity is what he has planned.
  const planned = (await staffList(request, tokens.maya)).find((r) => r.staff.id === reyes.id)!.num_scheduled;
  await setCapacity(request, planned);
});

test.afterAll(async ({ request }) => {
  if (stillWaiting) {
    await request.delete("/api/students/waitlist", {
      headers: auth(stillWaiting.token),
      data: { block_id: target.blockId, date: target.date, staff_id: reyes.id },
    });
  }
  if (reyes) await setCapacity(request, reyes.capacity);
  if (tokens) await setWaitlistMode(request, "auto");
});

async function setWaitlistMode(request: APIRequestContext, mode: "auto" | "offer") {
  const response = await request.put("/api/settings", { headers: auth(tokens.admin), data: { values: { "waitlist-mode": mode } } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs the page in with a token (a demo student who is not one of the named demo users). */
async function signInWithToken(page: Page, token: string, path: string) {
  await page.goto("/api/health");
  await page.evaluate(([key, value]) => window.localStorage.setItem(key!, JSON.stringify(value)), [TOKEN_KEY, token]);
  await page.goto(path);
  await expect(page.getByText("Loading Flexblock…", { exact: true })).toHaveCount(0);
}

test("a student joins a full teacher's waitlist from her block and sees her place", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "student", `/profile?date=${target.date}`);
  await page.getByTestId(`block-${target.date}-${target.blockId}`).filter({ visible: true }).click();
  const dialog = page.getByRole("dialog", { name: "Focus Block", exact: true });
  const row = dialog.getByTestId(`plan-teacher-${reyes.id}`);
  await expect(row).toContainText("Full");
  const join = row.getByRole("button", { name: "Join Mr. Reyes's waitlist", exact: true });
  // Keyboard: the button is reached and pressed without the mouse.
  await join.focus();
  await page.keyboard.press("Enter");
  await expect(row.getByTestId(`waitlist-position-${reyes.id}`)).toHaveText("You are 1st on the waitlist.");
  await expect(row.getByRole("button", { name: "Leave Mr. Reyes's waitlist", exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "joined", 1280);
  await page.setViewportSize({ width: 390, height: 844 });
  await row.scrollIntoViewIfNeeded();
  await shoot(page, "joined", 390);
});

test("a seat frees with him (another student changes teacher) and she is placed at once, told why", async ({ page, request }) => {
  // A second student joins after her: they stay in line.
  for (const n of [100031, 100032, 100033, 100034, 100035]) {
    const token = await tokenOf(request, String(n));
    const joined = await request.post("/api/students/waitlist", {
      headers: auth(token),
      data: { block_id: target.blockId, date: target.date, staff_id: reyes.id },
    });
    if (joined.status() === 201) {
      expect(((await joined.json()) as { position: number }).position).toBe(2);
      const who = await request.get("/api/user", { headers: auth(token) });
      const details = ((await who.json()) as { details: { name: string } }).details;
      stillWaiting = { username: String(n), token, name: details.name };
      break;
    }
  }
  const elsewhere = (await staffList(request, giver.token)).find((r) => r.staff.id !== reyes.id && r.num_remaining > 0 && !r.topic?.unavailable)!;
  expect((await choose(request, giver.token, elsewhere.staff.id)).status()).toBe(200);
  // Filled within that request: Mr. Reyes is full again, with Maya.
  const after = (await staffList(request, tokens.maya)).find((r) => r.staff.id === reyes.id)!;
  expect(after.num_remaining).toBe(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "student", `/profile?date=${target.date}`);
  await page.getByTestId(`block-${target.date}-${target.blockId}`).filter({ visible: true }).click();
  const dialog = page.getByRole("dialog", { name: "Focus Block", exact: true });
  await expect(dialog.getByTestId("block-reason")).toHaveText("A seat freed with Mr. Reyes; you were first on the waitlist.");
  await expect(dialog.getByTestId(`plan-teacher-${reyes.id}`)).toContainText("Your plan");
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "placed", 390);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, "placed", 1280);
});

test("the teacher's block dialog shows who still waits, in order", async ({ page }) => {
  test.skip(!stillWaiting, "no second demo student could join the waitlist");
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "teacher", `/staff/${reyes.id}?date=${target.date}`);
  await page.getByTestId(`block-${target.date}-${target.blockId}`).filter({ visible: true }).click();
  const dialog = page.getByRole("dialog", { name: "Focus Block", exact: true });
  const line = dialog.getByRole("list", { name: "Waitlist, first in line first", exact: true });
  await expect(line.getByRole("listitem")).toHaveCount(1);
  await expect(line.getByRole("listitem").first()).toContainText(`1st${stillWaiting!.name}`);
  await expect(dialog.getByRole("link", { name: "Maya Castellano", exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await line.scrollIntoViewIfNeeded();
  await shoot(page, "teacher", 1280);
  await page.setViewportSize({ width: 390, height: 844 });
  await line.scrollIntoViewIfNeeded();
  await shoot(page, "teacher", 390);
});

test("in offer mode the seat Maya leaves is held for the next in line, who accepts it", async ({ page, request }) => {
  test.skip(!stillWaiting, "no second demo student could join the waitlist");
  await setWaitlistMode(request, "offer");
  const elsewhere = (await staffList(request, tokens.maya)).find((r) => r.staff.id !== reyes.id && r.num_remaining > 0 && !r.topic?.unavailable)!;
  expect((await choose(request, tokens.maya, elsewhere.staff.id)).status()).toBe(200);
  // Held, not placed: Mr. Reyes still counts the seat as taken.
  expect((await staffList(request, tokens.maya)).find((r) => r.staff.id === reyes.id)!.num_remaining).toBe(0);

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInWithToken(page, stillWaiting!.token, `/profile?date=${target.date}`);
  await page.getByTestId(`block-${target.date}-${target.blockId}`).filter({ visible: true }).click();
  const dialog = page.getByRole("dialog", { name: "Focus Block", exact: true });
  const row = dialog.getByTestId(`plan-teacher-${reyes.id}`);
  await expect(row).toContainText("Seat held for you");
  await expect(row).toContainText("A seat freed and is held for you until");
  await expectNoSeriousA11yViolations(page);
  await shoot(page, "offer", 1280);
  await page.setViewportSize({ width: 390, height: 844 });
  await row.scrollIntoViewIfNeeded();
  await shoot(page, "offer", 390);
  const accept = row.getByRole("button", { name: "Accept seat with Mr. Reyes", exact: true });
  await accept.focus();
  await page.keyboard.press("Enter");
  await expect(dialog.getByTestId(`plan-teacher-${reyes.id}`)).toContainText("Your plan");
  await expect(dialog.getByTestId("block-reason")).toHaveText(/^A seat freed with Mr\. Reyes; you were first on the waitlist\.$/);
  stillWaiting = null;
});
