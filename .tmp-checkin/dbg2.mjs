import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const base = "http://127.0.0.1:3272";
for (let i = 0; i < 3; i++) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const t0 = Date.now();
  page.on("request", (r) => { if (r.url().includes("/api/")) console.log(i, Date.now() - t0, "->", r.method(), r.url().replace(base, ""), (r.headers().authorization ?? "").slice(7, 13)); });
  page.on("response", (r) => { if (r.url().includes("/api/")) console.log(i, Date.now() - t0, "<-", r.status(), r.url().replace(base, "")); });
  const res = await page.request.post(base + "/api/login", { data: { username: "teacher@demo.school", password: "demo-password" } });
  const { access_token } = await res.json();
  console.log(i, Date.now() - t0, "token", access_token.slice(0, 6));
  await page.goto(base + "/login");
  await page.evaluate((t) => localStorage.setItem("flexblock.token", JSON.stringify(t)), access_token);
  console.log(i, Date.now() - t0, "set token");
  await page.goto(base + "/check-in?date=2026-11-25");
  await page.waitForTimeout(2000);
  console.log(i, page.url());
  await page.close();
}
await browser.close();
