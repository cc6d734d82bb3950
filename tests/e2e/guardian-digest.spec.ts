import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, newPage, signIn, test } from "./helpers";
import { linkIn, waitForMail } from "./mailbox";

/**
 * Families (they have no account, only email): an administrator adds a family contact on a student's profile, sends this week's
 * summary from Settings → Email, the email arrives, and the guardian opens its unsubscribe link, stops
 * the summary and undoes it. Nothing here depends on today's date: the summary is of whatever week the
 * run falls in, and the address is new each run (one summary per guardian per week).
 */

async function studentByNumber(page: Page, token: string, number: string) {
  const res = await page.request.get(`/api/search?query=${number}`, { headers: { authorization: `Bearer ${token}` } });
  const [student] = (await res.json()).results.students as { id: number; first_name: string; last_name: string }[];
  return { id: student!.id, name: `${student!.first_name} ${student!.last_name}` };
}

test("a guardian gets the weekly summary and stops it from the link, then undoes it", async ({ page, browser }) => {
  const token = await signIn(page, "admin", "/check-in");
  const student = await studentByNumber(page, token, "100017");
  const address = `family-${Date.now()}@family.example`;

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/students/${student.id}`);
  const section = page.getByRole("region", { name: "Family contacts", exact: true });
  await expect(section).toBeVisible();
  const form = section.getByRole("form", { name: "Add a family contact" });
  // A bad address is refused with the field's sentence.
  await form.getByLabel("Name", { exact: true }).fill("Lucia Ferreira");
  await form.getByLabel("Email", { exact: true }).fill("lucia@");
  await form.getByRole("button", { name: "Add contact", exact: true }).click();
  await expect(form.getByText("Enter a valid email address, such as parent@example.com.", { exact: true })).toBeVisible();
  // By keyboard: the email field, then the relationship and the button.
  await form.getByLabel("Email", { exact: true }).fill(address);
  await form.getByLabel("Relationship", { exact: true }).selectOption("guardian");
  await form.getByLabel("Email", { exact: true }).press("Enter");
  const contact = section.getByRole("listitem").filter({ hasText: address });
  await expect(contact).toContainText("Lucia Ferreira · Guardian");
  await expect(contact).toContainText(`${address} · Added by hand`);
  await section.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: "/tmp/guardians-profile-1280.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/guardians-profile-390.png", fullPage: true });

  // Send this week's summary now, from Settings → Email.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/settings/email");
  await page.getByRole("button", { name: "Send this week's family summary", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "This week's family summary is on its way" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const mail = await waitForMail(address, new RegExp(`^${student.name}: Focus Block week of `));
  expect(mail.text).toContain(`Hello Lucia Ferreira, here is ${student.name}'s Focus Block week of`);
  expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  expect(mail.headers["list-unsubscribe"]).toMatch(/\/api\/unsubscribe\?token=/);
  const link = linkIn(mail, "/unsubscribe?token=");
  // The mail client's one-click (RFC 8058): a form POST to the header's address, no sign-in; then undone.
  const oneClick = mail.headers["list-unsubscribe"]!.replace(/^<|>$/g, "");
  const clicked = await page.request.fetch(oneClick, {
    method: "POST",
    headers: { authorization: "" },
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(clicked.status()).toBe(200);
  expect((await clicked.json()).unsubscribed).toBe(true);
  expect((await page.request.fetch(oneClick, { method: "DELETE" })).status()).toBe(200);

  // The guardian (no account) opens the link in a browser of their own.
  const guardian = await newPage(browser);
  await guardian.setViewportSize({ width: 390, height: 844 });
  await guardian.goto(link);
  await expect(guardian).toHaveURL(/\/unsubscribe\b/);
  await expect(guardian.getByRole("heading", { name: "Stop these emails?", exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(guardian);
  await guardian.getByRole("button", { name: "Unsubscribe", exact: true }).click();
  await expect(guardian.getByRole("heading", { name: "You are unsubscribed", exact: true })).toBeVisible();
  await expect(guardian.getByTestId("unsubscribe-message")).toHaveText(
    `You will no longer get morning lists and weekly Focus Block summaries at ${address}.`,
  );
  await expectNoSeriousA11yViolations(guardian);
  await guardian.screenshot({ path: "/tmp/guardians-unsubscribed-390.png", fullPage: true });
  // Opening the link again shows it is off; Undo turns it back on.
  await guardian.reload();
  await expect(guardian.getByRole("heading", { name: "You are unsubscribed", exact: true })).toBeVisible();
  await guardian.getByRole("button", { name: "Undo", exact: true }).click();
  await expect(guardian.getByRole("heading", { name: "You are subscribed again", exact: true })).toBeVisible();
  await expect(guardian.getByTestId("unsubscribe-message")).toHaveText(
    `You will get morning lists and weekly Focus Block summaries at ${address} again.`,
  );
  await guardian.setViewportSize({ width: 1280, height: 800 });
  await guardian.screenshot({ path: "/tmp/guardians-resubscribed-1280.png", fullPage: true });
  // A link someone changed says so and changes nothing.
  await guardian.goto(link.replace(/.$/, (c) => (c === "A" ? "B" : "A")));
  await expect(guardian.getByRole("heading", { name: "This link is not valid", exact: true })).toBeVisible();
  await guardian.context().close();

  // The contact is removed again, so the demo student is as it was.
  await page.goto(`/students/${student.id}`);
  await page.getByRole("button", { name: "Remove Lucia Ferreira", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove", exact: true }).click();
  await expect(section.getByText("No family contacts yet.", { exact: true })).toBeVisible();
});
