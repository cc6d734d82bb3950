import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

/** Screenshots for a person to look at (E2E_SHOTS_DIR), at a desktop and a phone width. */
const SHOTS = process.env.E2E_SHOTS_DIR;
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * The School networks setting (a school's own addresses are never limited as a group) on the Settings screen: in the Sign-in group with its
 * help; a list that is not CIDR ranges is refused under the field before anything is sent; a good list
 * is saved as the server stores it. Put back to empty for anyone else.
 */
test("an administrator lists the school's networks under Sign-in", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const token = await signIn(page, "admin", "/settings");
  await page.getByRole("button", { name: "Sign-in Choose how students and staff sign in", exact: true }).click();
  const field = page.getByRole("textbox", { name: "School networks", exact: true });
  await expect(field).toHaveAccessibleDescription(/never limited as a group, only per account/);
  await expectNoSeriousA11yViolations(page);

  let puts = 0;
  page.on("request", (request) => {
    if (request.method() === "PUT") puts++;
  });
  await field.fill("the school wifi");
  await page.getByRole("button", { name: "Save changes", exact: true }).click();
  await expect(field).toHaveAccessibleDescription(/"the" is not an address or CIDR range/);
  expect(puts).toBe(0);
  await shoot(page, "school-networks-refused");

  await field.fill("203.0.113.0/24 2001:DB8:1200::/48");
  await page.getByRole("button", { name: "Save changes", exact: true }).click();
  await expect(page.getByText("Saved settings.", { exact: true })).toBeVisible();
  const stored = async () =>
    (await (await page.request.get("/api/settings", { headers: { authorization: `Bearer ${token}` } })).json()).values[
      "school-networks"
    ].value;
  await expect.poll(stored).toBe("203.0.113.0/24, 2001:db8:1200::/48");
  await shoot(page, "school-networks-saved");

  await field.fill("");
  await page.getByRole("button", { name: "Save changes", exact: true }).click();
  await expect.poll(stored).toBe("");
});
