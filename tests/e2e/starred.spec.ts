import { expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

test("a teacher finds a student by search, stars them, sees them in Starred, and unstars them", async ({ page }) => {
  const token = await signIn(page, "teacher", "/check-in");
  const found = await page.request.get("/api/search?query=100007", { headers: { authorization: `Bearer ${token}` } });
  const [student] = (await found.json()).results.students as { id: number; first_name: string; last_name: string }[];
  const name = `${student!.first_name} ${student!.last_name}`;

  // Search panel: type the last name, open the student from the results.
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const search = page.getByRole("dialog", { name: "Search", exact: true });
  await search.getByRole("searchbox").fill(student!.last_name);
  // Two students may share a name: the link to this one.
  await search.getByRole("link", { name, exact: true }).and(search.locator(`a[href="/students/${student!.id}"]`)).click();
  await expect(page).toHaveURL(new RegExp(`/students/${student!.id}`));
  await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();

  await page.getByRole("button", { name: `Star ${name}`, exact: true }).click();
  await expect(page.getByRole("button", { name: `Unstar ${name}`, exact: true })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("button", { name: "Starred", exact: true }).click();
  const panel = page.getByRole("dialog", { name: "Starred", exact: true });
  await expect(panel.getByText(name, { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: `Unstar ${name}`, exact: true }).click();
  await expect(page.getByRole("button", { name: `Star ${name}`, exact: true })).toHaveAttribute("aria-pressed", "false");
});
