import type { Browser, Page } from "@playwright/test";
import { accountButton, expect, expectNoSeriousA11yViolations, signIn, test, TOKEN_KEY } from "./helpers";
import { installClock } from "./clock";

/**
 * Flexblock in the person's language: their own choice (the account menu, saved with their account),
 * else their browser's, else the school's default (Settings), else English; `<html lang>` says which.
 */

/** A browser whose languages are `locale` (its Accept-Language and navigator.language). */
async function browserIn(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({ locale });
  await installClock(context);
  return context.newPage();
}

const htmlLang = (page: Page) => page.locator("html").getAttribute("lang");

async function schoolDefault(page: Page, token: string, locale: string) {
  const res = await page.request.put("/api/settings", {
    headers: { authorization: `Bearer ${token}` },
    data: { values: { "default-locale": locale } },
  });
  expect(res.status()).toBe(200);
}

test("a French or Spanish browser gets its language; any other gets the school's", async ({ browser }) => {
  for (const [asked, expected] of [
    ["fr-CA", "fr-CA"],
    ["fr-FR", "fr-CA"],
    ["es-MX", "es"],
    ["de-DE", "en"],
  ] as const) {
    const page = await browserIn(browser, asked);
    await page.goto("/login");
    expect([asked, await htmlLang(page)]).toEqual([asked, expected]);
    await page.context().close();
  }
});

test("a teacher chooses Español in the account menu; it follows them to another device, and leaves this one with them", async ({ page, browser }) => {
  await signIn(page, "teacher", "/check-in");
  expect(await htmlLang(page)).toBe("en");
  await accountButton(page, "teacher").click();
  const languages = page.getByRole("group", { name: "Language", exact: true });
  await expect(languages.getByRole("menuitemradio", { name: "English", exact: true })).toHaveAttribute("aria-checked", "true");
  await expectNoSeriousA11yViolations(page);
  // By keyboard: down to Español, Enter.
  await languages.getByRole("menuitemradio", { name: "Español", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("button", { name: "Cuenta: Mr. Reyes, Daniel", exact: true })).toBeVisible();

  // Another computer, an English browser: once signed in, the page turns to their Spanish.
  const other = await browserIn(browser, "en-US");
  await signIn(other, "teacher", "/check-in");
  await expect(other.locator("html")).toHaveAttribute("lang", "es");
  await expect(other.getByRole("button", { name: "Cuenta: Mr. Reyes, Daniel", exact: true })).toBeVisible();
  await other.context().close();

  // Signing out on a shared computer: the next person gets the browser's language again.
  await page.getByRole("button", { name: "Cuenta: Mr. Reyes, Daniel", exact: true }).click();
  await page.getByRole("menuitem", { name: "Cerrar sesión", exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  // Put it back for the other tests.
  const token = await signIn(page, "teacher", "/check-in");
  const res = await page.request.put("/api/user/preferences", { headers: { authorization: `Bearer ${token}` }, data: { locale: null } });
  expect(res.status()).toBe(200);
});

test("an administrator makes French the school's language: a browser asking for none of ours gets French", async ({ page, browser }) => {
  const token = await signIn(page, "admin", "/settings");
  try {
    await page.getByLabel("Default language", { exact: true }).selectOption("fr-CA");
    await page.getByRole("button", { name: "Save changes", exact: true }).click();
    await expect(page.getByText("Saved settings.", { exact: true })).toBeVisible();
    // The administrator's own English browser keeps English.
    await page.reload();
    expect(await htmlLang(page)).toBe("en");
    await expect(page.getByLabel("Default language", { exact: true })).toHaveValue("fr-CA");

    const german = await browserIn(browser, "de-DE");
    await german.goto("/login");
    expect(await htmlLang(german)).toBe("fr-CA");
    await german.context().close();
  } finally {
    await schoolDefault(page, token, "en");
  }
});

test("the token key is unchanged by a language change (signed-in state survives the re-render)", async ({ page }) => {
  await signIn(page, "student", "/profile");
  const before = await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);
  await page.context().addCookies([{ name: "flexblock.locale", value: "fr-CA", url: page.url() }]);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
  expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toBe(before);
  await page.context().clearCookies();
});
