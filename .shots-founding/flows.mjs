import { chromium } from "@playwright/test";
const base = "http://localhost:3410";
const only = process.argv[2];
const users = { admin: "admin@demo.school", teacher: "teacher@demo.school", sysadmin: "sysadmin@demo.school", student: "100001" };
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
async function signIn(page, who) {
  const r = await page.request.post(base + "/api/login", { data: { username: users[who], password: "demo-password" } });
  const { access_token } = await r.json();
  await page.goto(base + "/api/health");
  await page.evaluate((t) => localStorage.setItem("flexblock.token", JSON.stringify(t)), access_token);
}
const flows = {
  async "login-password"(page) {
    await page.goto(base + "/login");
    await page.getByLabel("Email or Student Number").fill("teacher@demo.school");
    await page.getByLabel("Remember me").click();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByLabel("Password", { exact: true }).fill("nope");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForTimeout(800);
  },
  async "login-remembered"(page) {
    await page.goto(base + "/api/health");
    await page.evaluate(() => localStorage.setItem("flexblock.remembered-users", JSON.stringify([{ username: "teacher@demo.school", initials: "DR", color: "teal" }, { username: "100001", initials: "MC", color: "pink" }])));
    await page.goto(base + "/login");
  },
  async "login-expired"(page) {
    await page.goto(base + "/api/health");
    await page.evaluate(() => localStorage.setItem("flexblock.token", JSON.stringify("bogus")));
    await page.goto(base + "/staff");
    await page.waitForTimeout(1500);
  },
  async "forced-change"(page) {
    const r = await page.request.post(base + "/api/login", { data: { username: "new@demo.school", password: "demo-password" } });
    const { access_token } = await r.json();
    await page.goto(base + "/api/health");
    await page.evaluate((t) => localStorage.setItem("flexblock.token", JSON.stringify(t)), access_token);
    await page.goto(base + "/check-in");
    await page.waitForTimeout(1000);
    await page.getByLabel("Old password").fill("demo-password");
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Change Password" }).click();
  },
  async "account-menu"(page) {
    await signIn(page, "sysadmin");
    await page.goto(base + "/settings");
    await page.waitForTimeout(1200);
    const b = page.getByRole("button", { name: /^Account/ }); await b.focus(); await page.keyboard.press("Enter");
  },
  async "help-menu"(page) {
    await signIn(page, "teacher");
    await page.goto(base + "/settings");
    await page.waitForTimeout(1200);
    await page.getByRole("button", { name: "Help" }).last().click();
  },
  async "about"(page) {
    await signIn(page, "teacher");
    await page.goto(base + "/settings");
    await page.waitForTimeout(1200);
    await page.getByRole("button", { name: "Help" }).last().click();
    await page.getByRole("menuitem", { name: "About" }).click();
  },
  async "feedback"(page) {
    await signIn(page, "teacher");
    await page.goto(base + "/settings");
    await page.waitForTimeout(1200);
    await page.getByRole("button", { name: "Help" }).last().click();
    await page.getByRole("menuitem", { name: "Provide Feedback" }).click();
    await page.getByRole("button", { name: "New feature" }).click();
  },
  async "fallback"(page) {
    await signIn(page, "admin");
    await page.goto(base + "/nowhere/at-all");
    await page.waitForTimeout(1200);
  },
  async "menu-closed"(page) {
    await signIn(page, "admin");
    await page.evaluate(() => localStorage.setItem("flexblock.menu-open", "false"));
    await page.goto(base + "/settings");
    await page.waitForTimeout(1200);
  },
  async "drawer"(page) {
    await signIn(page, "admin");
    await page.goto(base + "/settings");
    await page.waitForTimeout(1200);
    const open = page.getByRole("button", { name: "Open menu" });
    if (await open.isVisible()) await open.click();
  },
  async "student"(page) {
    await signIn(page, "student");
    await page.goto(base + "/staff");
    await page.waitForTimeout(2000);
  },
  async "splash"(page) {
    await signIn(page, "admin");
    await page.route("**/api/user", async (route) => { await new Promise((r) => setTimeout(r, 4000)); await route.continue(); });
    await page.goto(base + "/settings");
    await page.waitForTimeout(700);
  },
  async "search-panel"(page) {
    await signIn(page, "admin");
    await page.goto(base + "/settings");
    await page.waitForTimeout(1200);
    await page.getByRole("button", { name: "Search" }).last().click();
  },
  async "feedback-list"(page) {
    await signIn(page, "admin");
    await page.request.post(base + "/api/feedback", { data: { feedback: "The check-in screen is fast. Could it show photos?", tags: "new-feature" }, headers: { authorization: "Bearer " + JSON.parse(await page.evaluate(() => localStorage.getItem("flexblock.token"))) } });
    await page.goto(base + "/settings");
    await page.waitForTimeout(1200);
    await page.getByRole("button", { name: "Feedback received" }).click();
    await page.waitForTimeout(800);
  },
};
for (const [name, flow] of Object.entries(flows)) {
  if (only && !only.split(",").includes(name)) continue;
  for (const [w, h, tag] of [[1280, 800, "desktop"], [390, 844, "phone"]]) {
    const context = await browser.newContext({ viewport: { width: w, height: h } });
    const page = await context.newPage();
    try {
      await flow(page);
      await page.waitForTimeout(500);
    } catch (e) {
      console.log(name, tag, "FAILED", e.message.split("\n")[0]);
    }
    await page.screenshot({ path: `/work/main/.shots-founding/${name}-${tag}.png` });
    await context.close();
  }
}
await browser.close();
