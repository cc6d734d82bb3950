import { expect, expectNoSeriousA11yViolations, newPage, signIn, test } from "./helpers";

test("an administrator sends a message; the teacher sees the badge, reads, archives and undoes", async ({
  browser,
}) => {
  const message = `Staff meeting moved to room ${Date.now() % 100000}`;

  // The administrator writes to Mr. Reyes (teacher@demo.school) from the panel.
  const adminPage = await newPage(browser);
  await signIn(adminPage, "admin", "/check-in");
  await adminPage.getByRole("button", { name: "Notifications", exact: true }).click();
  const adminPanel = adminPage.getByRole("dialog", { name: "Notifications", exact: true });
  await adminPanel.getByRole("button", { name: "New message", exact: true }).click();
  await adminPanel.getByRole("button", { name: "Send", exact: true }).click();
  await expect(adminPanel.getByText("Choose at least one recipient.", { exact: true })).toBeVisible();
  await expect(adminPanel.getByText("This field cannot be empty.", { exact: true })).toBeVisible();
  await adminPanel.getByRole("textbox", { name: "To", exact: true }).fill("Reyes");
  await adminPanel.getByRole("button", { name: "Mr. Reyes, Daniel", exact: true }).click();
  await expect(adminPanel.getByRole("list", { name: "Recipients", exact: true })).toContainText("Mr. Reyes, Daniel");
  await adminPanel.getByRole("textbox", { name: "Message", exact: true }).fill(message);
  await expectNoSeriousA11yViolations(adminPage);
  if (process.env.NOTIF_SHOTS) await adminPage.screenshot({ path: "test-results/notif-compose.png" });
  await adminPanel.getByRole("button", { name: "Send", exact: true }).click();
  await expect(adminPanel.getByRole("tab", { name: "Sent", exact: true })).toHaveAttribute("aria-selected", "true");
  await expect(adminPanel.getByRole("list", { name: "Sent messages", exact: true })).toContainText(message);
  if (process.env.NOTIF_SHOTS) await adminPage.screenshot({ path: "test-results/notif-sent.png" });
  await adminPage.context().close();

  // The teacher sees an unread count on the rail button and opens the panel.
  const page = await newPage(browser);
  await signIn(page, "teacher", "/check-in");
  const bell = page.getByRole("button", { name: "Notifications", exact: true });
  await expect(bell).toHaveAccessibleDescription(/\d+ unread/);
  await bell.click();
  const panel = page.getByRole("dialog", { name: "Notifications", exact: true });
  const inbox = panel.getByRole("list", { name: "Inbox messages", exact: true });
  const entry = inbox.getByRole("listitem").filter({ hasText: message });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText("Ms. Okafor, Amara");
  const opener = entry.getByRole("button", { name: new RegExp(message) });
  await expect(opener).toHaveAccessibleName(/^Unread: /);
  await expectNoSeriousA11yViolations(page);
  if (process.env.NOTIF_SHOTS) {
    await page.screenshot({ path: "test-results/notif-1280.png" });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "test-results/notif-390.png" });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // Opening it marks it read; Mark Unread brings the unread styling back, opening again reads it.
  await opener.click();
  await expect(opener).not.toHaveAccessibleName(/^Unread: /);
  await entry.getByRole("button", { name: "Mark Unread", exact: true }).click();
  await expect(opener).toHaveAccessibleName(/^Unread: /);
  await opener.click();
  await expect(opener).not.toHaveAccessibleName(/^Unread: /);

  // Archive, then Undo.
  await entry.getByRole("button", { name: "Archive", exact: true }).click();
  // The notice and its Undo button share one element: "Archived 1 message.Undo".
  await expect(panel.getByRole("status")).toContainText("Archived 1 message.");
  await expect(inbox.getByText(message, { exact: true })).toHaveCount(0);
  if (process.env.NOTIF_SHOTS) await page.screenshot({ path: "test-results/notif-archived.png" });
  await page.getByRole("button", { name: "Undo", exact: true }).click();
  await expect(page.getByText("Unarchived 1 message.", { exact: true })).toBeVisible();
  await expect(panel.getByRole("list", { name: "Inbox messages", exact: true }).getByText(message, { exact: true })).toBeVisible();

  // Archive all empties the inbox.
  await panel.getByRole("button", { name: "Archive all", exact: true }).click();
  await expect(page.getByText("Archived all messages.", { exact: true })).toBeVisible();
  await expect(panel.getByText("Nothing to show", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(bell).not.toHaveAccessibleDescription(/unread/);
});
