import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage();
page.on("console", (m) => console.log("console", m.type(), m.text().slice(0, 500)));
page.on("pageerror", (e) => console.log("pageerror", e.message.slice(0, 800)));
await page.goto("http://localhost:3410" + (process.argv[2] ?? "/login"));
await page.waitForTimeout(4000);
console.log((await page.textContent("body")).slice(0, 300));
await browser.close();
