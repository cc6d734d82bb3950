import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, expectNoSeriousA11yViolations, test } from "./helpers";

/**
 * A real school's first start, as its IT person meets it: a server on an empty embedded database with
 * no demo, which prints a one-time setup link. The link's page creates the first administrator, who
 * lands on the setup checklist, opens the settings from it and, after signing out, sees the school's
 * name on the login screen.
 */

const PORT = Number(process.env.E2E_PORT ?? 3200) + 50;
const BASE = `http://localhost:${PORT}`;
let server: ChildProcess;
let dataDir: string;
let setupLink: Promise<string>;

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "flexblock-first-run-"));
  server = spawn(process.execPath, ["scripts/server.mjs", "-p", String(PORT)], {
    env: {
      ...process.env,
      PGLITE_DIR: path.join(dataDir, "pglite"),
      SEED_DEMO: "0",
      PORT: String(PORT),
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_MANUAL_SIG_HANDLE: "true",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  setupLink = new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`no setup link printed:\n${output}`)), 90_000);
    server.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const link = output.match(/http:\/\/localhost:\d+\/setup\?token=[A-Za-z0-9_-]+/);
      if (link) {
        clearTimeout(timer);
        resolve(link[0]);
      }
    });
    server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  });
  await setupLink;
});

test.afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("the setup link creates the first administrator, who finds the school's name on the login screen", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const link = await setupLink;

  // Without the link's token, or with a guessed one, there is no such page.
  expect((await page.goto(`${BASE}/setup`))!.status()).toBe(404);
  expect((await page.goto(`${BASE}/setup?token=guessed`))!.status()).toBe(404);

  expect((await page.goto(link))!.status()).toBe(200);
  await expect(page).toHaveURL(/\/setup\b/);
  await expect(page).toHaveTitle("Flexblock - Set up your school");
  await expect(page.getByRole("heading", { name: "Set up your school", level: 1 })).toBeVisible();
  // The browser's own time zone is offered first.
  await expect(page.getByLabel("Time zone")).not.toHaveValue("");
  await expectNoSeriousA11yViolations(page);
  // On a phone nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByLabel("School name").fill("Riverside Secondary");
  await page.getByLabel("Time zone").fill("America/Toronto");
  await page.getByLabel("Your name").fill("Morgan Tremblay");
  await page.getByLabel("Email").fill("it@riverside.example");
  // A weak password is refused beside its field, by the server's rules.
  await page.getByLabel(/^Password/).fill("password1");
  await page.getByLabel("Confirm password").fill("password1");
  await page.getByRole("button", { name: "Create school" }).click();
  await expect(page.getByText(/^You cannot use that password\./)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel(/^Password/).fill("a river runs past the gym");
  await page.getByLabel("Confirm password").fill("a river runs past the gym");
  await page.getByRole("button", { name: "Create school" }).click();
  // The setup checklist: the school's name is done, the rest says what is missing.
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole("heading", { name: "Setup", level: 1 })).toBeVisible();
  const identity = page.getByTestId("setup-step-school_identity");
  await expect(identity).toContainText("Done");
  await expect(identity).toContainText("Riverside Secondary, in the America/Toronto time zone.");
  await expect(page.getByTestId("setup-step-students")).toContainText("Not done");
  await identity.getByRole("link", { name: "School name and time zone", exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page.getByLabel("School name", { exact: true })).toHaveValue("Riverside Secondary");
  await expect(page.getByLabel("Time zone", { exact: true })).toHaveValue("America/Toronto");

  await page.getByRole("button", { name: "Account: Morgan Tremblay", exact: true }).click();
  await page.getByRole("menuitem", { name: "Sign Out", exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText("Riverside Secondary").first()).toBeVisible();

  // The link is spent. /setup itself is now the checklist: signed out, it asks to sign in.
  expect((await page.goto(link))!.status()).toBe(404);
  expect((await page.goto(`${BASE}/setup`))!.status()).toBe(200);
  await expect(page).toHaveURL(/\/login/);
});
