import type { Page } from "@playwright/test";
import { accountButton, DEMO_PASSWORD, DEMO_USERS, expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

/**
 * A person's own notification settings (each person chooses what reaches them): the student's Notifications panel on their profile
 * (a switch turned off stays off after a reload; "Notify me on this device" with the permission
 * granted), and a teacher's /notifications page from the account menu, where a kind the school made
 * mandatory is locked and says why. Nothing here depends on the date.
 */
test.describe.configure({ mode: "serial" });

const SHOTS = "/tmp/e2e-notifications";

const group = (page: Page, name: string) => page.getByRole("group", { name, exact: true });

async function adminToken(page: Page) {
  const response = await page.request.post("/api/login", { data: { username: DEMO_USERS.admin, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function setMandatory(page: Page, value: string) {
  const response = await page.request.put("/api/settings", {
    headers: { Authorization: `Bearer ${await adminToken(page)}` },
    data: { values: { "mandatory-notifications": value } },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test("a student turns a kind off on their profile, it stays off, and turns on push for this device", async ({ page, context }) => {
  const token = await signIn(page, "student", "/profile");
  const panel = page.getByRole("region", { name: "Notifications", exact: true });
  await expect(panel).toBeVisible();
  const reminders = group(page, "Reminders to choose a teacher");
  // The demo student has no school email: the email switch says so, push is theirs to choose.
  await expect(reminders.getByRole("switch", { name: "Email" })).toBeDisabled();
  await expect(reminders.getByText("Your account has no email address, so no email is sent.")).toBeVisible();
  const push = reminders.getByRole("switch", { name: "Push" });
  await expect(push).toBeChecked();
  await push.click();
  await expect(page.getByText("Push: Reminders to choose a teacher turned off.")).toBeVisible();
  await page.reload();
  await expect(group(page, "Reminders to choose a teacher").getByRole("switch", { name: "Push" })).not.toBeChecked();
  await expect(group(page, "When someone changes my Focus Block, and why").getByRole("switch", { name: "Push" })).toBeChecked();

  // This device: with the permission granted, the button subscribes; headless Chromium has no push
  // service to register with, so either it is on, or the sentence says the browser could not.
  await context.grantPermissions(["notifications"]);
  const state = page.getByTestId("device-push-state");
  await expect(state).toHaveText(/Notifications are off for this device/);
  await panel.getByRole("button", { name: "Notify me on this device" }).click();
  await expect(
    panel.getByText(
      /Notifications are on for this device\. You get the kinds|This browser could not turn on notifications\. Try again, or use another browser\./,
    ).first(),
  ).toBeVisible({ timeout: 30_000 });
  const subscribed = (await state.textContent())?.startsWith("Notifications are on") ?? false;
  const devices = async () => {
    const answer = await page.request.get("/api/user/notification-preferences", { headers: { Authorization: `Bearer ${token}` } });
    return ((await answer.json()) as { devices: number }).devices;
  };
  expect(await devices()).toBe(subscribed ? 1 : 0);

  await page.setViewportSize({ width: 1280, height: 800 });
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/student-1280.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/student-390.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // Put the switch back for the specs that follow (they share the demo school).
  await group(page, "Reminders to choose a teacher").getByRole("switch", { name: "Push" }).click();
  await expect(page.getByText("Push: Reminders to choose a teacher turned on.")).toBeVisible();
  if (subscribed) {
    // Signing out takes this device's push with it (a shared lab computer).
    const again = await page.request.post("/api/login", { data: { username: DEMO_USERS.student, password: DEMO_PASSWORD } });
    const second = ((await again.json()) as { access_token: string }).access_token;
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL(/\/login/);
    const answer = await page.request.get("/api/user/notification-preferences", { headers: { Authorization: `Bearer ${second}` } });
    expect(((await answer.json()) as { devices: number }).devices).toBe(0);
  }
});

test("a teacher opens Notifications from the account menu; a kind the school made mandatory is locked and says why", async ({ page }) => {
  await setMandatory(page, "changes");
  try {
    const token = await signIn(page, "teacher", "/");
    await accountButton(page, "teacher").click();
    await page.getByRole("menuitem", { name: "Notifications" }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
    await expect(page.getByText("Email goes to teacher@demo.school.")).toBeVisible();
    const changes = group(page, "When someone changes my Focus Block, and why");
    await expect(
      changes.getByText("Your school requires notices when someone changes your Focus Block, so they cannot be turned off."),
    ).toBeVisible();
    for (const name of ["Email", "Push"]) {
      await expect(changes.getByRole("switch", { name })).toBeDisabled();
      await expect(changes.getByRole("switch", { name })).toBeChecked();
    }
    // The other kinds stay the teacher's to choose: the morning list by email off, and back on.
    const digestEmail = group(page, "Morning list and weekly summaries").getByRole("switch", { name: "Email" });
    await digestEmail.click();
    await expect(page.getByText("Email: Morning list and weekly summaries turned off.")).toBeVisible();
    await digestEmail.focus();
    await page.keyboard.press("Space");
    await expect(page.getByText("Email: Morning list and weekly summaries turned on.")).toBeVisible();
    await expect(digestEmail).toBeChecked();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/teacher-1280.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/teacher-390.png`, fullPage: true });
    await expectNoSeriousA11yViolations(page);

    // The same panel is on the teacher's own profile, with the lock.
    const me = await page.request.get("/api/user", { headers: { Authorization: `Bearer ${token}` } });
    const staffId = ((await me.json()) as { details: { id: number } }).details.id;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/staff/${staffId}`);
    const panel = page.getByRole("region", { name: "Notifications", exact: true });
    await expect(panel).toBeVisible();
    await expect(panel.getByText("Email goes to teacher@demo.school.")).toBeVisible();
    await expect(group(page, "When someone changes my Focus Block, and why").getByRole("switch", { name: "Email" })).toBeDisabled();
  } finally {
    await setMandatory(page, "");
  }
});
