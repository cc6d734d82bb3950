import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const base = "http://127.0.0.1:3272";
for (const [w, h] of [[1280, 800], [390, 844]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  page.on("response", async (r) => { if (r.url().includes("/api/") && r.status() === 401) console.log(w, r.status(), r.url(), (await r.request().allHeaders()).authorization?.slice(0, 16), await r.text()); });
  const res = await page.request.post(base + "/api/login", { data: { username: "teacher@demo.school", password: "demo-password" } });
  const { access_token } = await res.json();
  console.log(w, "token", access_token.slice(0, 6));
  await page.goto(base + "/login");
  await page.evaluate((t) => localStorage.setItem("flexblock.token", JSON.stringify(t)), access_token);
  await page.goto(base + "/check-in?date=2026-11-25");
  await page.waitForTimeout(2500);
  console.log(w, page.url());
  await page.close();
}
await browser.close();
