import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./helpers";

/**
 * The pseudo-locale pass (lib/i18n/pseudo.ts): with every catalogue message accented, lengthened and in
 * brackets, a screen shows no text outside brackets but the data it was sent (names, topics, blocks,
 * the school's own words). A text left over is one no catalogue holds. Screenshots at 1280 and 390 px
 * show where longer words break a layout. The screens listed are the translated ones; the list grows
 * with them.
 */

/** Every string the page was sent by the API: what the school and people typed, never product text. */
function collectData(page: Page): Set<string> {
  const data = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === "string") {
      if (value.trim().length > 1) data.add(value.trim());
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  page.on("response", async (response) => {
    if (!response.url().includes("/api/") || !response.headers()["content-type"]?.includes("application/json")) return;
    try {
      walk(await response.json());
    } catch {
      // A body already gone (a navigation): nothing to read.
    }
  });
  return data;
}

/** Words the same in every language: the product's name, and each language's name in its own words. */
const THE_SAME_IN_EVERY_LANGUAGE = ["Flexblock", "English", "Français", "Español"];

/** Lines of visible text left once every bracketed message and every piece of data is taken out. */
async function textNoCatalogueHolds(page: Page, data: Set<string>): Promise<string[]> {
  const text = await page.locator("body").innerText();
  let rest = text;
  for (let previous = ""; previous !== rest; ) {
    previous = rest;
    rest = rest.replace(/\[[^[\]]*\]/g, " ");
  }
  const pieces = [...data, ...THE_SAME_IN_EVERY_LANGUAGE].sort((a, b) => b.length - a.length);
  return rest
    .split("\n")
    .map((line) => pieces.reduce((left, piece) => left.split(piece).join(" "), line).trim())
    .filter((line) => /[A-Za-z]{2,}/.test(line));
}

async function pseudo(page: Page) {
  await page.context().addCookies([{ name: "flexblock.locale", value: "en-XA", url: "http://127.0.0.1" }]);
}

async function expectEveryTextFromACatalogue(page: Page, data: Set<string>, name: string) {
  await expect(page.locator("html")).toHaveAttribute("lang", "en-XA");
  await page.waitForLoadState("networkidle");
  expect(await textNoCatalogueHolds(page, data), name).toEqual([]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("the login screen comes wholly from the catalogues", async ({ page }) => {
  const data = collectData(page);
  await pseudo(page);
  await page.goto("/login");
  await expectEveryTextFromACatalogue(page, data, "login");
});

test("a student's own page and Help come wholly from the catalogues", async ({ page }) => {
  const data = collectData(page);
  await pseudo(page);
  await signIn(page, "student", "/profile");
  await expectEveryTextFromACatalogue(page, data, "profile");
  await page.goto("/help");
  await expectEveryTextFromACatalogue(page, data, "help");
});
