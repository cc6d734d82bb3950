// usage: node /tmp/shot.mjs <name> <path> [who] [actions...]
import { chromium } from "@playwright/test";
const base = process.env.BASE ?? "http://localhost:3410";
const [name, path, who] = process.argv.slice(2);
const users = { admin: "admin@demo.school", teacher: "teacher@demo.school", sysadmin: "sysadmin@demo.school", student: "100001" };
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
for (const [w, h, tag] of [[1280, 800, "desktop"], [390, 844, "phone"]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  if (who && who !== "none") {
    const r = await page.request.post(base + "/api/login", { data: { username: users[who], password: "demo-password" } });
    const { access_token } = await r.json();
    await page.goto(base + "/api/health");
    await page.evaluate((t) => localStorage.setItem("flexblock.token", JSON.stringify(t)), access_token);
  }
  await page.goto(base + path);
  await page.waitForTimeout(1500);
  if (process.env.ACTION) await new Function("page", `return (async () => { ${process.env.ACTION} })()`)(page);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/work/main/.shots-founding/${name}-${tag}.png`, fullPage: false });
  await page.close();
}
await browser.close();
