import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, signIn } from "./helpers";

test("a teacher finds a student by search, stars them, sees them in Starred, and unstars them", async ({ page }) => {
  const token = await signIn(page, "teacher", "/check-in");
  const found = await page.request.get("/api/search?query=100007", { headers: { authorization: `Bearer ${token}` } });
  const [student] = (await found.json()).results.students as { id: number; first_name: string; last_name: string }[];
  const name = `${student!.first_name} ${student!.last_name}`;

  // Search panel: type the last name, open the student from the results.
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("dialog").getByRole("searchbox").fill(student!.last_name);
  await page.getByRole("dialog").getByRole("link", { name: new RegExp(student!.first_name) }).first().click();
  await expect(page).toHaveURL(new RegExp(`/students/${student!.id}`));
  await expect(page.getByRole("heading", { name })).toBeVisible();

  await page.getByRole("button", { name: `Star ${name}` }).click();
  await expect(page.getByRole("button", { name: `Unstar ${name}` })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("button", { name: "Starred" }).click();
  const panel = page.getByRole("dialog");
  await expect(panel.getByText(name)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: `Unstar ${name}` }).click();
  await expect(page.getByRole("button", { name: `Star ${name}` })).toHaveAttribute("aria-pressed", "false");
});
