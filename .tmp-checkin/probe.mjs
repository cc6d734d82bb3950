import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage();
const base = "http://127.0.0.1:3272";
const res = await page.request.post(base + "/api/login", { data: { username: "teacher@demo.school", password: "demo-password" } });
const { access_token } = await res.json();
await page.goto(base + "/login");
await page.evaluate((t) => localStorage.setItem("flexblock.token", JSON.stringify(t)), access_token);
for (const path of ["/check-in", "/check-in?date=2026-12-02", "/check-in?date=2026-12-03", "/staff", "/check-in"]) {
  await page.goto(base + path);
  for (const ms of [300, 1000, 3000]) { await page.waitForTimeout(ms); console.log(" ", ms, await page.title()); }
  console.log(path, await page.title());
}
await browser.close();
