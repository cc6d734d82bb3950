import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

const PNG_1X1 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** The Air Check-in setting is the one this file changes (nothing else reads it yet); it is put back. */
async function airCheckIn(page: Page, token: string): Promise<boolean> {
  const response = await page.request.get("/api/settings", { headers: { authorization: `Bearer ${token}` } });
  return (await response.json()).values["air-check-in"].value;
}

/** The settings groups (lib/setting-definitions.ts): an accordion button named by title and description. */
const GROUPS = {
  Calendar: "Change calendar settings",
  "Air Check-in": "Control how Air Check-in works",
  Privacy: "Manage privacy options for Flexblock",
  "Sign-in": "Choose how students and staff sign in",
};

const SHOTS = process.env.E2E_SHOTS_DIR;

/** The screen at 1280×800 and 390 wide, when E2E_SHOTS_DIR names a folder. */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}
const group = (page: Page, title: keyof typeof GROUPS) =>
  page.getByRole("button", { name: `${title} ${GROUPS[title]}`, exact: true });

test.describe("settings", () => {
  test("an administrator changes a setting, saves it, and it stays saved", async ({ page }) => {
    const token = await signIn(page, "admin", "/settings");
    await expect(page).toHaveTitle("Flexblock - Settings");
    const before = await airCheckIn(page, token);
    // The first group is open at the start; opening another closes it.
    await expect(page.getByLabel("School name", { exact: true })).toBeVisible();
    await group(page, "Air Check-in").click();
    await expect(page.getByLabel("School name", { exact: true })).toBeHidden();
    await expectNoSeriousA11yViolations(page);

    const toggle = page.getByRole("switch", { name: "Air Check-in", exact: true });
    await toggle.click();
    await page.getByRole("button", { name: "Save changes", exact: true }).click();
    await expect(page.getByText("Saved settings.", { exact: true })).toBeVisible();
    expect(await airCheckIn(page, token)).toBe(!before);

    await page.reload();
    await group(page, "Air Check-in").click();
    await expect(page.getByRole("switch", { name: "Air Check-in", exact: true })).toHaveAttribute(
      "aria-checked",
      String(!before),
    );

    // Put it back for anyone else.
    await page.getByRole("switch", { name: "Air Check-in", exact: true }).click();
    await page.getByRole("button", { name: "Save changes", exact: true }).click();
    await expect(page.getByText("Saved settings.", { exact: true }).first()).toBeVisible();
    await expect.poll(() => airCheckIn(page, token)).toBe(before);
  });

  test("a value out of range is refused with the field's message and nothing is sent", async ({ page }) => {
    await signIn(page, "admin", "/settings");
    await group(page, "Calendar").click();
    let puts = 0;
    page.on("request", (request) => {
      if (request.method() === "PUT") puts++;
    });
    await page.getByLabel("Appointment limit", { exact: true }).fill("500");
    await page.getByRole("button", { name: "Save changes", exact: true }).click();
    await expect(page.getByLabel("Appointment limit", { exact: true })).toHaveAccessibleDescription("Must be at most 20.");
    expect(puts).toBe(0);
    await page.getByRole("button", { name: "Discard", exact: true }).click();
    await expect(page.getByLabel("Appointment limit", { exact: true })).toHaveValue("1");
  });

  test("an administrator uploads a new logo (checked in the browser and on the server), then the old one is put back", async ({
    page,
  }) => {
    const token = await signIn(page, "admin", "/settings");
    const auth = { authorization: `Bearer ${token}` };
    const original: string = (await (await page.request.get("/api/settings", { headers: auth })).json())
      .values.school_logo.value;
    const input = page.locator('input[type="file"]');
    await input.setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("not an image"),
    });
    await expect(page.getByText("The logo must be a PNG, JPEG or WebP image.", { exact: true })).toBeVisible();
    await input.setInputFiles({
      name: "crest.png",
      mimeType: "image/png",
      buffer: Buffer.from(PNG_1X1, "base64"),
    });
    await expect(page.getByText("Uploaded the new logo.", { exact: true })).toBeVisible();
    const preview = page.getByRole("img", { name: "Current school logo", exact: true });
    await expect(preview).toHaveAttribute("src", /\/api\/settings\/logo\?v=\d+$/);
    expect(await preview.getAttribute("src")).not.toBe(original);
    // Put the demo school's logo back for everyone else.
    const restored = await page.request.put("/api/settings", {
      headers: auth,
      data: { values: { school_logo: original } },
    });
    expect(restored.status()).toBe(200);
  });

  test("sign-in: an administrator asks teachers for their account by keyboard, and sees the sysadmins' setting read-only; a sysadmin may change it", async ({
    page,
  }) => {
    const token = await signIn(page, "admin", "/settings");
    const auth = { authorization: `Bearer ${token}` };
    const valueOf = async (key: string) =>
      (await (await page.request.get("/api/settings", { headers: auth })).json()).values[key].value;
    await group(page, "Sign-in").click();
    const sysadmins = page.getByRole("switch", { name: "System administrators may sign in with their school account", exact: true });
    await expect(sysadmins).toBeDisabled();
    await expect(sysadmins).toHaveAttribute("aria-checked", "false");
    await expect(sysadmins).toHaveAccessibleDescription(/Only a system administrator can change this\.$/);
    const students = page.getByRole("switch", { name: "Students choose their school account at each sign-in", exact: true });
    await expect(students).toHaveAttribute("aria-checked", "true");
    const teachers = page.getByRole("switch", { name: "Teachers choose their school account at each sign-in", exact: true });
    await expect(teachers).toHaveAttribute("aria-checked", "false");
    await expectNoSeriousA11yViolations(page);
    await shoot(page, "settings-sign-in-admin");

    // By keyboard: from the students' switch, Tab reaches the teachers', Space turns it on, Tab on to Save.
    await students.focus();
    await page.keyboard.press("Tab");
    await expect(teachers).toBeFocused();
    await page.keyboard.press("Space");
    await expect(teachers).toHaveAttribute("aria-checked", "true");
    const save = page.getByRole("button", { name: "Save changes", exact: true });
    await save.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Saved settings.", { exact: true })).toBeVisible();
    expect(await valueOf("sso-choose-account-teachers")).toBe(true);
    // Turning the sysadmins' setting on is a sysadmin's alone, on the server too.
    const refused = await page.request.put("/api/settings", { headers: auth, data: { values: { "sso-sysadmins": true } } });
    expect(refused.status()).toBe(403);

    await signIn(page, "sysadmin", "/settings");
    await group(page, "Sign-in").click();
    await expect(sysadmins).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
    await shoot(page, "settings-sign-in-sysadmin");
    // Put the teachers' setting back for anyone else.
    await teachers.click();
    await page.getByRole("button", { name: "Save changes", exact: true }).click();
    await expect(page.getByText("Saved settings.", { exact: true }).first()).toBeVisible();
    await expect.poll(() => valueOf("sso-choose-account-teachers")).toBe(false);
  });

  test("a teacher sees the settings read-only", async ({ page }) => {
    await signIn(page, "teacher", "/settings");
    await expect(page.getByText("Only administrators can change settings.", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save changes", exact: true })).toHaveCount(0);
    await expect(page.getByLabel("School name", { exact: true })).toHaveAttribute("readonly", "");
    await group(page, "Privacy").click();
    await expect(page.getByRole("switch", { name: "Show student numbers", exact: true })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("feedback", () => {
  test("a teacher sends feedback and an administrator reads it", async ({ page }) => {
    await signIn(page, "teacher", "/settings");
    await page.getByRole("button", { name: "Help", exact: true }).click();
    await page.getByRole("menuitem", { name: "Provide Feedback", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Provide Feedback", exact: true });
    await expect(dialog.getByRole("checkbox", { name: "You may reply to me at teacher@demo.school", exact: true })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Send Feedback", exact: true }).click();
    await expect(dialog.getByText("Please write your feedback.", { exact: true })).toBeVisible();
    const text = `The wiki needs a search box ${Date.now()}`;
    await dialog.getByLabel("Your feedback", { exact: true }).fill(text);
    await dialog.getByRole("button", { name: "New feature", exact: true }).click();
    await dialog.getByRole("button", { name: "Send Feedback", exact: true }).click();
    await expect(page.getByText("Thanks for your feedback!", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();

    await signIn(page, "admin", "/settings");
    await page.getByRole("button", { name: "Feedback received", exact: true }).click();
    const list = page.getByRole("dialog", { name: "Feedback received", exact: true });
    await expect(list.getByText(text, { exact: true })).toBeVisible();
    await expect(list.getByRole("link", { name: "Reply to teacher@demo.school", exact: true }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
