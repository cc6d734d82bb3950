import fs from "node:fs";
import path from "node:path";
import type { BrowserContext } from "@playwright/test";

/**
 * Moving an end-to-end run to another date (`E2E_NOW=2027-03-14T09:30:00-07:00 npm run test:e2e`,
 * or `npm run test:e2e:dates` for a list of them). The demo school is seeded around the server's
 * "now", and the browser has a clock of its own, so both move by the same offset:
 *  - the server: playwright.config.ts starts `next start` under Debian's libfaketime (`faketime`),
 *    so no clock override exists in the product that production could switch on by mistake;
 *  - the browser: Playwright's clock, installed in every context the tests open (see helpers.ts).
 *    (Chromium itself cannot run under libfaketime: its helper processes crash.)
 * The offset is computed once, in the runner, and handed to the workers through the environment,
 * so the server and every browser agree to the millisecond.
 */
const OFFSET_ENV = "E2E_CLOCK_OFFSET_MS";

/** Milliseconds to add to the real time, or null for an ordinary run. */
export function clockOffsetMs(): number | null {
  const known = process.env[OFFSET_ENV];
  if (known) return Number(known);
  const target = process.env.E2E_NOW;
  if (!target) return null;
  const at = Date.parse(target);
  if (Number.isNaN(at)) throw new Error(`E2E_NOW is not a date and time: ${target}`);
  const offset = at - Date.now();
  process.env[OFFSET_ENV] = String(offset);
  return offset;
}

/** `faketime`'s relative offset in whole seconds ("+86400", "-3600"). */
export function faketimeOffset(offsetMs: number): string {
  const seconds = Math.round(offsetMs / 1000);
  return seconds >= 0 ? `+${seconds}` : `${seconds}`;
}

/** Whether Debian's `faketime` (package faketime) is on PATH. */
export function hasFaketime(): boolean {
  return (process.env.PATH ?? "")
    .split(path.delimiter)
    .some((dir) => dir && fs.existsSync(path.join(dir, "faketime")));
}

/** Sets a context's browser clock to the run's date; time then flows on as usual. */
export async function installClock(context: BrowserContext) {
  const offset = clockOffsetMs();
  if (offset === null) return;
  await context.clock.install({ time: Date.now() + offset });
}
