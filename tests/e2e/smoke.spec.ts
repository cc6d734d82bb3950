import { expect, test } from "./helpers";

test("the built app starts on a fresh embedded database and serves a page", async ({ page, request }) => {
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: "ok", database: "ok" });
  const settings = await request.get("/api/settings/unauthenticated");
  expect((await settings.json()).values.school_name.value).toBe("Demo Secondary School");
  await page.goto("/");
  await expect(page.locator("body")).toContainText(/Flexblock|Demo Secondary School/);
});
