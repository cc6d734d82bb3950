import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const base = "http://127.0.0.1:3272";
for (const [w, h] of (process.env.ONLY === "390" ? [[390, 844]] : [[1280, 800], [390, 844]])) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  const res = await page.request.post(base + "/api/login", { data: { username: "teacher@demo.school", password: "demo-password" } });
  const { access_token } = await res.json();
  await page.goto(base + "/login");
  await page.evaluate((t) => localStorage.setItem("flexblock.token", JSON.stringify(t)), access_token);
  await page.goto(base + "/check-in?date=2026-11-25");
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `.tmp-checkin/today-${w}.png`, fullPage: true });
  const input = page.getByRole("textbox", { name: "Student numbers" });
  await input.pressSequentially(process.env.NUMS ?? "100040\n100041\n100042\nabc\n");
  await page.getByRole("button", { name: "Check In", exact: true }).click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `.tmp-checkin/after-${w}.png`, fullPage: false });
  await page.getByRole("button", { name: "Check-in Errors" }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `.tmp-checkin/errors-${w}.png` });
  await page.close();
}
await browser.close();
