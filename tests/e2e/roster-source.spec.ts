import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

/**
 * "Connect your SIS" on the Imports screen, against the real routes: an administrator with no
 * connection sees the empty state, the form checks its fields in the browser, the server's field
 * errors land on their fields (plain http to another machine is refused), a saved connection keeps
 * its secret out of sight, and removing it asks first and brings the empty state back.
 */

const panel = (page: Page) => page.getByRole("region", { name: "Connect your SIS", exact: true });
const LOOPBACK = "http://127.0.0.1:9/ims/oneroster/rostering/v1p2";

test("an administrator sets up the SIS connection, reads the field errors, saves it and removes it", async ({
  page,
}) => {
  await signIn(page, "admin", "/imports");
  const sis = panel(page);
  await expect(sis.getByRole("heading", { name: "Connect your SIS", level: 2 })).toBeVisible();
  await expect(sis.getByText("No SIS is connected.", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Keyboard: the empty state's button takes Enter and lands on the first field.
  await sis.getByRole("button", { name: "Set up a connection", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(sis.getByLabel(/^Base URL/)).toBeFocused();

  // Checked in the browser first: nothing is sent.
  await sis.getByRole("button", { name: "Save", exact: true }).click();
  await expect(sis.getByText("Paste the base URL.", { exact: true })).toBeVisible();
  await expect(sis.getByText("Paste the client secret.", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The server's rule: plain http only on this machine. Its message lands on the field.
  await sis.getByLabel(/^Base URL/).fill("http://sis.school.invalid/ims/oneroster/rostering/v1p2");
  await sis.getByLabel(/^Token URL/).fill("http://127.0.0.1:9/oauth/token");
  await sis.getByLabel(/^Client ID/).fill("flexblock-e2e");
  await sis.getByLabel(/^Client secret/).fill("e2e-secret");
  await sis.getByRole("radio", { name: "OneRoster 1.1", exact: true }).check();
  await sis.getByLabel(/^Time/).fill("03:30");
  await sis.getByRole("button", { name: "Save", exact: true }).click();
  const baseUrl = sis.getByLabel(/^Base URL/);
  await expect(baseUrl).toHaveAttribute("aria-invalid", "true");
  await expect(sis.getByText(/^It must start with https:\/\//)).toBeVisible();
  await expect(baseUrl).toBeFocused();
  await page.screenshot({ path: "/tmp/rest-ui-field-error-1280.png", fullPage: true });

  await baseUrl.fill(LOOPBACK);
  await sis.getByRole("button", { name: "Save", exact: true }).click();
  const secret = sis.getByPlaceholder("Saved — leave blank to keep it", { exact: true });
  await expect(secret).toBeVisible();
  await expect(secret).toHaveValue("");
  await expect(sis.getByText("Saved.", { exact: true })).toBeVisible();
  await expect(sis.getByRole("radio", { name: "OneRoster 1.1", exact: true })).toBeChecked();
  await expect(sis.getByLabel(/^Time/)).toHaveValue("03:30");
  const syncs = sis.getByRole("region", { name: "Syncs", exact: true });
  await expect(syncs.getByText("None yet", { exact: true })).toBeVisible();
  await expect(syncs.getByText("Nightly sync is off", { exact: true })).toHaveCount(0);

  // What the server kept, secret never sent back.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("flexblock.token")!) as string);
  const stored = await (
    await page.request.get("/api/rostering/source", { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(stored).toMatchObject({
    base_url: LOOPBACK,
    client_id: "flexblock-e2e",
    client_secret: null,
    client_secret_set: true,
    version: "1.1",
    schedule: "03:30",
    archive_missing: false,
  });

  // Nightly off, saved with the secret left blank (kept).
  await sis.getByRole("checkbox", { name: "Sync every night", exact: true }).click();
  await sis.getByRole("button", { name: "Save", exact: true }).click();
  await expect(syncs.getByText("Nightly sync is off", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await sis.screenshot({ path: "/tmp/rest-ui-saved-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(secret).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await sis.screenshot({ path: "/tmp/rest-ui-saved-390.png" });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Removing asks first (Escape keeps it), then the empty state is back.
  await sis.getByRole("button", { name: "Remove connection", exact: true }).click();
  const dialog = page.getByRole("alertdialog").or(page.getByRole("dialog"));
  await expect(dialog).toHaveAccessibleName("Remove the connection to your SIS?");
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(secret).toBeVisible();
  await sis.getByRole("button", { name: "Remove connection", exact: true }).click();
  await dialog.getByRole("button", { name: "Remove connection", exact: true }).click();
  await expect(sis.getByText("No SIS is connected.", { exact: true })).toBeVisible();
  expect(
    (await page.request.get("/api/rostering/source", { headers: { authorization: `Bearer ${token}` } })).status(),
  ).toBe(404);
});
