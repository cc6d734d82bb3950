import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { clockOffsetMs, faketimeOffset, installClock } from "./clock";
import { TOKEN_KEY, expect, signInThroughForm } from "./helpers";

/**
 * A school of its own for a spec: the app's server (scripts/server.mjs) on an empty embedded database (no demo), on a port of its
 * own, set up from nothing through its setup link, so what the spec changes (a rotation timetable, a
 * school year) never reaches the demo school the other specs share. Used by school-calendar.spec.ts and
 * oneroster-school.spec.ts; each gives its own port.
 */
export function ownServer(port: number) {
  const base = `http://localhost:${port}`;
  let server: ChildProcess | undefined;
  let dataDir = "";
  let setupLink: Promise<string> | undefined;

  /** Starts the server; resolves with the setup link it prints (a cold start may take most of 90 s). */
  async function start(): Promise<string> {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "flexblock-own-school-"));
    const offset = clockOffsetMs();
    const next = [process.execPath, "scripts/server.mjs", "-p", String(port)];
    // On a moved clock (E2E_NOW) this server runs on it too, as playwright.config.ts runs the main one.
    const [command, ...args] = offset === null ? next : ["faketime", "-f", faketimeOffset(offset), ...next];
    server = spawn(command!, args, {
      env: {
        ...process.env,
        PGLITE_DIR: path.join(dataDir, "pglite"),
        SEED_DEMO: "0",
        PORT: String(port),
        NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next",
        NEXT_TELEMETRY_DISABLED: "1",
        NEXT_MANUAL_SIG_HANDLE: "true",
        LOG_LEVEL: "warn",
        ...(offset === null ? {} : { FAKETIME_DONT_FAKE_MONOTONIC: "1" }),
      },
      stdio: ["ignore", "pipe", "pipe"],
      // A process group of its own: `faketime` runs the server as its child and does not pass a SIGTERM on.
      detached: true,
    });
    const child = server;
    setupLink = new Promise((resolve, reject) => {
      let output = "";
      const timer = setTimeout(() => reject(new Error(`no setup link printed:\n${output}`)), 90_000);
      child.stdout!.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const link = output.match(/http:\/\/localhost:\d+\/setup\?token=[A-Za-z0-9_-]+/);
        if (link) {
          clearTimeout(timer);
          resolve(link[0]);
        }
      });
      child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    });
    return setupLink;
  }

  /**
   * Stops the whole group (faketime and the server under it) until the port is free again: a server
   * left behind would keep it, and the next run's server could not start. Removes the database.
   */
  async function stop() {
    if (server?.pid !== undefined) {
      const group = -server.pid;
      const signal = (name: NodeJS.Signals) => {
        try {
          process.kill(group, name);
        } catch {
          // gone already
        }
      };
      const listening = () =>
        fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
          () => true,
          () => false,
        );
      signal("SIGTERM");
      for (let waited = 0; waited < 15_000 && (await listening()); waited += 200) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      signal("SIGKILL");
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }

  /** A new browser context (another person's device) on this server and the run's clock. */
  async function device(browser: Browser, width = 1280): Promise<Page> {
    const context = await browser.newContext({ baseURL: base, viewport: { width, height: 800 } });
    await installClock(context);
    return context.newPage();
  }

  /** A page signed in with this access token on a device of its own, at `where`. */
  async function signedIn(browser: Browser, token: string, where: string): Promise<Page> {
    const page = await device(browser);
    await page.goto("/api/health");
    await page.evaluate(
      ([key, t]) => window.localStorage.setItem(key!, JSON.stringify(t)),
      [TOKEN_KEY, token],
    );
    await page.goto(where);
    await expect(page.getByText("Loading Flexblock…", { exact: true })).toHaveCount(0);
    return page;
  }

  /**
   * The first administrator, through the setup link's API (POST /api/setup): their access token, and a
   * page on the empty school signed in as them.
   */
  async function firstAdministrator(
    browser: Browser,
    school: { school_name: string; timezone: string; name: string; email: string; password: string },
  ): Promise<{ page: Page; token: string }> {
    if (!setupLink) throw new Error("start() the server first");
    const token = new URL(await setupLink).searchParams.get("token");
    const page = await device(browser);
    const response = await page.request.post("/api/setup", { data: { token, ...school } });
    expect(response.status(), await response.text()).toBe(200);
    const { access_token } = (await response.json()) as { access_token: string };
    await page.goto("/api/health");
    await page.evaluate(
      ([key, t]) => window.localStorage.setItem(key!, JSON.stringify(t)),
      [TOKEN_KEY, access_token],
    );
    return { page, token: access_token };
  }

  return { base, start, stop, device, signedIn, firstAdministrator };
}

// ---- dates --------------------------------------------------------------------------------------

const DAY = 86_400_000;
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => isoDay(Date.parse(`${date}T00:00:00Z`) + days * DAY);
/** 0 = Sunday … 6 = Saturday. */
export const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
/** Today in the zone, on the run's clock (E2E_NOW moves it). */
export const schoolToday = (zone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date(Date.now() + (clockOffsetMs() ?? 0)));

/** "Tue Sep 8, 2026": a day as the week calendars name it (lib/core/time.ts dayLabel). */
export const calendarDay = (date: string) => {
  const value = new Date(`${date}T00:00:00Z`);
  const weekdayName = value.toLocaleString("en-US", { weekday: "short", timeZone: "UTC" });
  const day = value.toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  return `${weekdayName} ${day}`;
};

// ---- people and their weeks ---------------------------------------------------------------------

/** A first sign-in on the login screen with the initial password, which must be replaced at once. */
export async function firstSignIn(page: Page, username: string, initial: string, chosen: string) {
  await page.goto("/login");
  await signInThroughForm(page, username, initial);
  await expect(
    page.getByText("Your old password has expired and must be changed.", { exact: true }),
  ).toBeVisible();
  await page.getByLabel("Old password", { exact: true }).fill(initial);
  await page.getByLabel("New password", { exact: true }).fill(chosen);
  await page.getByLabel("Confirm new password", { exact: true }).fill(chosen);
  await page.getByRole("button", { name: "Change Password", exact: true }).click();
  await expect(page.getByText("Changed passsword.", { exact: true })).toBeVisible();
}

/** Next week, until the week calendar shows the date (the week's label changes with each step). */
export async function showWeekOf(page: Page, date: string) {
  const range = page.locator("h2[aria-live=polite]");
  const day = page.getByRole("heading", { level: 3, name: new RegExp(`^${calendarDay(date)}(, today)?$`) });
  for (let i = 0; i < 8; i++) {
    await expect(range).toHaveText(/\d{4}$/);
    if (await day.isVisible()) break;
    const shown = (await range.textContent())!;
    await page.getByRole("button", { name: "Next week", exact: true }).click();
    await expect(range).not.toHaveText(shown);
  }
  await expect(day).toBeVisible();
}

/** A block's tile in a week calendar, by its accessible name; only the visible copy (wide or phone). */
export const tile = (page: Page, label: string, date: string) =>
  page
    .getByRole("button", { name: new RegExp(`^${label}, ${calendarDay(date)}, `) })
    .filter({ visible: true });
