import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, expectNoSeriousA11yViolations, test, TOKEN_KEY } from "./helpers";
import { installClock } from "./clock";

/**
 * A student whose browser speaks French does her day in French: the login screen, her week, choosing a
 * teacher for a Focus Block (the answer and the confirmation in French), and Help with the product's
 * own pages for students in French. A Spanish-speaking student's page is in Spanish. Run with the other
 * choice specs (npm test's choosing pass): choosing changes a demo student's Focus Blocks.
 */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function browserIn(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({ locale });
  await installClock(context);
  return context.newPage();
}

async function tokenOf(request: APIRequestContext, username: string) {
  const response = await request.post("/api/login", { data: { username, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A demo student (not Maya, whom the other choice specs use) with an upcoming Focus Block still to choose. */
async function studentWithAnOpenBlock(request: APIRequestContext) {
  for (let n = 100040; n < 100080; n++) {
    const token = await tokenOf(request, String(n));
    const todo = await request.get("/api/placement/self", { headers: auth(token) });
    const open = ((await todo.json()) as { open: { date: string; block_id: number }[] }).open;
    if (open.length > 0) return { username: String(n), token, block: open[0]! };
  }
  throw new Error("no demo student has an upcoming Focus Block to choose");
}

test("a student with a French browser signs in, chooses a teacher and reads Help, all in French", async ({ browser, request }) => {
  const { username, block } = await studentWithAnOpenBlock(request);
  const page = await browserIn(browser, "fr-CA");
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
  await expect(page).toHaveTitle("Flexblock - Connexion");
  await page.getByLabel("Adresse courriel ou numéro d'élève", { exact: true }).fill(username);
  await page.getByRole("button", { name: "Suivant", exact: true }).click();
  await page.getByLabel("Mot de passe", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
  await expect(page).toHaveURL(/\/profile/);
  await expect(page.getByRole("link", { name: "Aide", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Se déconnecter", exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Her Focus Block: the dialog, the teachers, a choice, the confirmation, all in French.
  await page.goto(`/profile?date=${block.date}`);
  await page.getByTestId(`block-${block.date}-${block.block_id}`).filter({ visible: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Choisis un·e enseignant·e :", { exact: true })).toBeVisible();
  const teacher = dialog.locator('button[data-testid^="plan-teacher-"]:not([aria-disabled])').first();
  await teacher.click();
  await expect(page.getByText("Choix enregistré.", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Ton choix", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");

  // Help: the product's pages for students, in French.
  await page.getByRole("link", { name: "Aide", exact: true }).click();
  await expect(page).toHaveURL(/\/help/);
  await expect(page.getByRole("heading", { name: "Aide", exact: true }).first()).toBeVisible();
  await expect(page.getByText("Pour les élèves", { exact: true }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.context().close();
});

test("a student who chose Español on her page keeps it at her next sign-in", async ({ browser, request }) => {
  const { username, token } = await studentWithAnOpenBlock(request);
  const page = await browserIn(browser, "en-US");
  await page.goto("/api/health");
  await page.evaluate(([key, value]) => window.localStorage.setItem(key!, JSON.stringify(value)), [TOKEN_KEY, token]);
  await page.goto("/profile");
  await expect(page.getByRole("link", { name: "Help", exact: true })).toBeVisible();
  await page.getByLabel("Language", { exact: true }).selectOption("es");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("link", { name: "Ayuda", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cerrar sesión", exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: test.info().outputPath(`profile-es-${width}.png`), fullPage: true });
  }
  // Her next sign-in, on another computer: Spanish without choosing again.
  const next = await browserIn(browser, "en-US");
  await next.goto("/login");
  await next.getByLabel("Email or Student Number", { exact: true }).fill(username);
  await next.getByRole("button", { name: "Next", exact: true }).click();
  await next.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await next.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(next.locator("html")).toHaveAttribute("lang", "es");
  await expect(next.getByRole("link", { name: "Ayuda", exact: true })).toBeVisible();
  await request.put("/api/user/preferences", { headers: auth(token), data: { locale: null } });
  await page.context().close();
  await next.context().close();
});
