import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, signIn } from "./helpers";

const PNG_1X1 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** The Air Check-in setting is the one this file changes (nothing else reads it yet); it is put back. */
async function airCheckIn(page: Page, token: string): Promise<boolean> {
  const response = await page.request.get("/api/settings", { headers: { authorization: `Bearer ${token}` } });
  return (await response.json()).values["air-check-in"].value;
}

test.describe("settings", () => {
  test("an administrator changes a setting, saves it, and it stays saved", async ({ page }) => {
    const token = await signIn(page, "admin", "/settings");
    await expect(page).toHaveTitle("Flexblock - Settings");
    const before = await airCheckIn(page, token);
    // The first group is open at the start; opening another closes it.
    await expect(page.getByLabel("School name")).toBeVisible();
    await page.getByRole("button", { name: /Air Check-in/ }).click();
    await expect(page.getByLabel("School name")).toBeHidden();
    await expectNoSeriousA11yViolations(page);

    const toggle = page.getByRole("switch", { name: "Air Check-in" });
    await toggle.click();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Saved settings.")).toBeVisible();
    expect(await airCheckIn(page, token)).toBe(!before);

    await page.reload();
    await page.getByRole("button", { name: /Air Check-in/ }).click();
    await expect(page.getByRole("switch", { name: "Air Check-in" })).toHaveAttribute(
      "aria-checked",
      String(!before),
    );

    // Put it back for anyone else.
    await page.getByRole("switch", { name: "Air Check-in" }).click();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Saved settings.").first()).toBeVisible();
    await expect.poll(() => airCheckIn(page, token)).toBe(before);
  });

  test("a value out of range is refused with the field's message and nothing is sent", async ({ page }) => {
    await signIn(page, "admin", "/settings");
    await page.getByRole("button", { name: /Calendar/ }).click();
    let puts = 0;
    page.on("request", (request) => {
      if (request.method() === "PUT") puts++;
    });
    await page.getByLabel("Appointment limit").fill("500");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByLabel("Appointment limit")).toHaveAccessibleDescription("Must be at most 20.");
    expect(puts).toBe(0);
    await page.getByRole("button", { name: "Discard" }).click();
    await expect(page.getByLabel("Appointment limit")).toHaveValue("1");
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
    await expect(page.getByText("The logo must be a PNG, JPEG or WebP image.")).toBeVisible();
    await input.setInputFiles({
      name: "crest.png",
      mimeType: "image/png",
      buffer: Buffer.from(PNG_1X1, "base64"),
    });
    await expect(page.getByText("Uploaded the new logo.")).toBeVisible();
    const preview = page.getByRole("img", { name: "Current school logo" });
    await expect(preview).toHaveAttribute("src", /\/api\/settings\/logo\?v=\d+$/);
    expect(await preview.getAttribute("src")).not.toBe(original);
    // Put the demo school's logo back for everyone else.
    const restored = await page.request.put("/api/settings", {
      headers: auth,
      data: { values: { school_logo: original } },
    });
    expect(restored.status()).toBe(200);
  });

  test("a teacher sees the settings read-only", async ({ page }) => {
    await signIn(page, "teacher", "/settings");
    await expect(page.getByText("Only administrators can change settings.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
    await expect(page.getByLabel("School name")).toHaveAttribute("readonly", "");
    await page.getByRole("button", { name: /Privacy/ }).click();
    await expect(page.getByRole("switch", { name: "Show student numbers" })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("feedback", () => {
  test("a teacher sends feedback and an administrator reads it", async ({ page }) => {
    await signIn(page, "teacher", "/settings");
    await page.getByRole("button", { name: "Help" }).click();
    await page.getByRole("menuitem", { name: "Provide Feedback" }).click();
    const dialog = page.getByRole("dialog", { name: "Provide Feedback" });
    await expect(dialog.getByRole("checkbox", { name: /You may reply to me/ })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Send Feedback" }).click();
    await expect(dialog.getByText("Please write your feedback.")).toBeVisible();
    const text = `The wiki needs a search box ${Date.now()}`;
    await dialog.getByLabel("Your feedback").fill(text);
    await dialog.getByRole("button", { name: "New feature" }).click();
    await dialog.getByRole("button", { name: "Send Feedback" }).click();
    await expect(page.getByText("Thanks for your feedback!")).toBeVisible();
    await expect(dialog).toBeHidden();

    await signIn(page, "admin", "/settings");
    await page.getByRole("button", { name: "Feedback received" }).click();
    const list = page.getByRole("dialog", { name: "Feedback received" });
    await expect(list.getByText(text)).toBeVisible();
    await expect(list.getByRole("link", { name: "Reply to teacher@demo.school" }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
