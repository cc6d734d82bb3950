import { DEMO_PASSWORD, expect, expectNoSeriousA11yViolations, signIn, test } from "./helpers";

/** CSP reports in the browser console ("Refused to load …"). */
function cspViolations(page: import("@playwright/test").Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test.describe("API tokens and the API reference", () => {
  test("an administrator creates a token, copies it, an integration uses it, and it is revoked", async ({ page, context }) => {
    // One story across three screens and dialogs with three axe checks: longer than the default minute on a loaded machine.
    test.setTimeout(120_000);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const violations = cspViolations(page);
    await signIn(page, "admin", "/settings");
    await page.getByRole("link", { name: "API tokens", exact: true }).click();
    await expect(page).toHaveURL("/api-tokens");
    await expect(page.getByRole("heading", { level: 1, name: "API tokens", exact: true })).toBeVisible();
    await expect(page).toHaveTitle("Flexblock - API tokens");

    await page.getByRole("button", { name: "Create a token", exact: true }).click();
    const create = page.getByRole("dialog", { name: "Create an API token", exact: true });
    await create.getByRole("button", { name: "Create token", exact: true }).click();
    await expect(create.getByText("This field cannot be empty.", { exact: true })).toBeVisible();
    await create.getByRole("textbox", { name: "Name", exact: true }).fill("E2E SIS pull");
    // A token outlives the session: creating one needs the administrator's password.
    const password = create.getByLabel(/^Your password/);
    await password.fill("not-my-password");
    await create.getByRole("button", { name: "Create token", exact: true }).click();
    await expect(create.getByText("That didn't work. Please try again.", { exact: true })).toBeVisible();
    await expect(password).toHaveValue("");
    await password.fill(DEMO_PASSWORD);
    // A year unless chosen otherwise: 30, 90 or 365 days, or a date.
    const expiry = create.getByLabel("Expires after", { exact: true });
    await expect(expiry).toHaveValue("1 year");
    await expiry.selectOption("Until a date");
    await expect(create.getByLabel("Expires on", { exact: false })).toBeVisible();
    await expiry.selectOption("90 days");
    await expect(create.getByLabel("Expires on", { exact: false })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await create.getByRole("button", { name: "Create token", exact: true }).click();

    const shown = page.getByRole("dialog", { name: 'Token "E2E SIS pull" created', exact: true });
    const secret = await shown.getByTestId("api-token-secret").inputValue();
    expect(secret).toMatch(/^fbk_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole("button", { name: "Copy token", exact: true }).click();
    await expect(page.getByText("Copied the token.", { exact: true })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(secret);
    await expectNoSeriousA11yViolations(page);
    await shown.getByRole("button", { name: "Done", exact: true }).click();

    // The list shows the token by its hint, never the secret.
    const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: "E2E SIS pull", exact: true }) });
    await expect(row.getByText(`fbk_…${secret.slice(-4)}`, { exact: true })).toBeVisible();
    await expect(page.getByText(secret, { exact: true })).toHaveCount(0);
    await expect(row.getByText("Never", { exact: true })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: /^Expires/ })).toBeVisible();

    // The integration: its scope's routes let it in, every other route refuses it.
    const auth = { authorization: `Bearer ${copied}` };
    const document = await page.request.get("/api/openapi.json", { headers: auth });
    expect(document.status()).toBe(200);
    const users = await page.request.get("/api/users", { headers: auth });
    expect(users.status()).toBe(403);
    expect((await users.json()).code).toBe("token_scope");

    await page.reload();
    await expect(row.getByText("Never", { exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await row.getByRole("button", { name: "Revoke E2E SIS pull", exact: true }).click();
    await page.getByRole("dialog", { name: 'Revoke "E2E SIS pull"?', exact: true }).getByRole("button", { name: "Revoke", exact: true }).click();
    await expect(row.getByText(/^Revoked /)).toBeVisible();
    const after = await page.request.get("/api/openapi.json", { headers: auth });
    expect(after.status()).toBe(401);
    expect((await after.json()).code).toBe("invalid_api_token");
    expect(violations).toEqual([]);
  });

  test("/api-docs renders the OpenAPI document under the page's CSP (axe clean, the Scalar widget included)", async ({ page }) => {
    const violations = cspViolations(page);
    const response = await page.goto("/api-docs");
    expect(response!.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
    await expect(page).toHaveTitle("Flexblock - API reference");
    await expect(page.getByRole("heading", { level: 1, name: "Flexblock API", exact: true })).toBeVisible({ timeout: 20_000 });
    const sidebar = page.getByRole("complementary", { name: "Sidebar for Flexblock API", exact: true });
    // "API tokens" is the first group, open from the start.
    await sidebar.getByRole("link", { name: /^Create a named API token with scopes/ }).click();
    await expect(page.getByRole("heading", { name: "Create a named API token with scopes", exact: true })).toBeVisible();
    // The widget too: its colours and toggle sizes are overridden, its copy buttons named (api-reference.tsx).
    await expect(page.getByRole("button", { name: "Copy code", exact: true }).first()).toBeAttached();
    await expectNoSeriousA11yViolations(page);
    expect(violations).toEqual([]);
  });
});
