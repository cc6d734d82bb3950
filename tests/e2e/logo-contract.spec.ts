import { expect, signIn, test } from "./helpers";

/**
 * The logo where the original client looks for it (spec §7 is a contract): settings give
 * `school_logo.value` as a file name under /static/images/logos/, the file is served there, and the
 * shell shows our URL (`school_logo.url`).
 */

test("the logo is served under /static/images/logos/ by the file name settings give, and the shell shows our URL", async ({
  page,
}) => {
  const token = await signIn(page, "admin", "/students");
  const settings = await (await page.request.get("/api/settings", { headers: { authorization: `Bearer ${token}` } })).json();
  const logo = settings.values.school_logo as { value: string; url: string };
  expect(logo.value).toMatch(/^logo-\d+\.png$/);
  expect(logo.url).toMatch(/^\/api\/settings\/logo\?v=\d+$/);
  const served = await page.request.get(`/static/images/logos/${logo.value}`);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect((await page.request.get("/static/images/logos/nothing.png")).status()).toBe(404);
  await expect(page.locator(`img[src="${logo.url}"]`).first()).toBeVisible();
});
