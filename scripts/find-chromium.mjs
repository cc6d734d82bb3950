// Finds the Chromium the end-to-end tests drive. Used by playwright.config.ts and scripts/test-all.mjs,
// so both look in the same places, in this order:
//   1. CHROMIUM_PATH, when set (and then only there: a wrong path is a mistake to report, not to skip);
//   2. Debian's /usr/bin/chromium;
//   3. chromium or chromium-browser on PATH;
//   4. a Chromium that `npx playwright install chromium` put under ~/.cache/ms-playwright
//      (or PLAYWRIGHT_BROWSERS_PATH).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const HOW_TO_GET_CHROMIUM =
  "No Chromium found for the end-to-end tests: install one with `apt-get install chromium`, or set CHROMIUM_PATH to a Chromium or Chrome executable.";

const DEBIAN = "/usr/bin/chromium";
const ON_PATH = ["chromium", "chromium-browser"];
// Inside a Playwright browser folder (chromium-NNNN, chromium_headless_shell-NNNN), newest layout first.
const PLAYWRIGHT_EXECUTABLES = [
  "chrome-linux64/chrome",
  "chrome-linux/chrome",
  "chrome-headless-shell-linux64/chrome-headless-shell",
  "chrome-linux/headless_shell",
];

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function playwrightBrowsers(env, home) {
  const root = env.PLAYWRIGHT_BROWSERS_PATH || path.join(home, ".cache", "ms-playwright");
  let folders;
  try {
    folders = fs.readdirSync(root);
  } catch {
    return [];
  }
  const revision = (name) => Number(name.split("-").pop()) || 0;
  // A full Chromium before a headless shell, the newest revision first.
  const rank = (name) => (name.startsWith("chromium-") ? 0 : 1);
  return folders
    .filter((name) => /^chromium(_headless_shell)?-\d+$/.test(name))
    .sort((a, b) => rank(a) - rank(b) || revision(b) - revision(a))
    .flatMap((name) => PLAYWRIGHT_EXECUTABLES.map((file) => path.join(root, name, file)));
}

/**
 * @param {{ env?: Record<string, string | undefined>, home?: string, exists?: (file: string) => boolean }} [options]
 * @returns {{ path: string, source: string } | { path: null, message: string }}
 */
export function findChromium({ env = process.env, home = os.homedir(), exists = isExecutable } = {}) {
  if (env.CHROMIUM_PATH) {
    if (exists(env.CHROMIUM_PATH)) return { path: env.CHROMIUM_PATH, source: "CHROMIUM_PATH" };
    return {
      path: null,
      message: `CHROMIUM_PATH is set to ${env.CHROMIUM_PATH}, which is not an executable file: point it at a Chromium or Chrome executable, or unset it to use \`apt-get install chromium\`.`,
    };
  }
  if (exists(DEBIAN)) return { path: DEBIAN, source: "Debian" };
  for (const dir of (env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    for (const name of ON_PATH) {
      const file = path.join(dir, name);
      if (exists(file)) return { path: file, source: "PATH" };
    }
  }
  for (const file of playwrightBrowsers(env, home)) {
    if (exists(file)) return { path: file, source: "Playwright" };
  }
  return { path: null, message: HOW_TO_GET_CHROMIUM };
}
