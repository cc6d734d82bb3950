import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, signIn } from "./helpers";

test("an administrator sends a message; the teacher sees the badge, reads, archives and undoes", async ({
  browser,
}) => {
  const message = `Staff meeting moved to room ${Date.now() % 100000}`;

  // The administrator writes to Mr. Reyes (teacher@demo.school) from the panel.
  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, "admin", "/check-in");
  await adminPage.getByRole("button", { name: "Notifications", exact: true }).click();
  const adminPanel = adminPage.getByRole("dialog", { name: "Notifications" });
  await adminPanel.getByRole("button", { name: "New message" }).click();
  await adminPanel.getByRole("button", { name: "Send" }).click();
  await expect(adminPanel.getByText("Choose at least one recipient.")).toBeVisible();
  await expect(adminPanel.getByText("This field cannot be empty.")).toBeVisible();
  await adminPanel.getByRole("textbox", { name: "To", exact: true }).fill("Reyes");
  await adminPanel.getByRole("button", { name: "Mr. Reyes, Daniel" }).click();
  await expect(adminPanel.getByRole("list", { name: "Recipients" })).toContainText("Mr. Reyes, Daniel");
  await adminPanel.getByRole("textbox", { name: "Message", exact: true }).fill(message);
  await expectNoSeriousA11yViolations(adminPage);
  if (process.env.NOTIF_SHOTS) await adminPage.screenshot({ path: "test-results/notif-compose.png" });
  await adminPanel.getByRole("button", { name: "Send" }).click();
  await expect(adminPanel.getByRole("tab", { name: "Sent" })).toHaveAttribute("aria-selected", "true");
  await expect(adminPanel.getByRole("list", { name: "Sent messages" })).toContainText(message);
  if (process.env.NOTIF_SHOTS) await adminPage.screenshot({ path: "test-results/notif-sent.png" });
  await adminPage.context().close();

  // The teacher sees an unread count on the rail button and opens the panel.
  const page = await (await browser.newContext()).newPage();
  await signIn(page, "teacher", "/check-in");
  const bell = page.getByRole("button", { name: "Notifications", exact: true });
  await expect(bell).toHaveAccessibleDescription(/\d+ unread/);
  await bell.click();
  const panel = page.getByRole("dialog", { name: "Notifications" });
  const inbox = panel.getByRole("list", { name: "Inbox messages" });
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
  await entry.getByRole("button", { name: "Mark Unread" }).click();
  await expect(opener).toHaveAccessibleName(/^Unread: /);
  await opener.click();
  await expect(opener).not.toHaveAccessibleName(/^Unread: /);

  // Archive, then Undo.
  await entry.getByRole("button", { name: "Archive" }).click();
  await expect(page.getByText("Archived 1 message.")).toBeVisible();
  await expect(inbox.getByText(message)).toHaveCount(0);
  if (process.env.NOTIF_SHOTS) await page.screenshot({ path: "test-results/notif-archived.png" });
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Unarchived 1 message.")).toBeVisible();
  await expect(panel.getByRole("list", { name: "Inbox messages" }).getByText(message)).toBeVisible();

  // Archive all empties the inbox.
  await panel.getByRole("button", { name: "Archive all" }).click();
  await expect(page.getByText("Archived all messages.")).toBeVisible();
  await expect(panel.getByText("Nothing to show")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(bell).not.toHaveAccessibleDescription(/unread/);
});
