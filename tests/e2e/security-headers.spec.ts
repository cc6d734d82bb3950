import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

test.describe("security headers", () => {
  test("pages carry a nonce-based policy, and the app runs under it without a violation", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content[- ]Security[- ]Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto("/login");
    const headers = response!.headers();
    const policy = headers["content-security-policy"] ?? "";
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("unsafe-eval");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("microphone=()");
    expect(headers["x-frame-options"]).toBe("DENY");
    // Plain http here: HSTS is only sent over https.
    expect(headers["strict-transport-security"]).toBeUndefined();

    // A request that says it is a prefetch is a page all the same: it gets the policy too.
    for (const prefetch of [{ "next-router-prefetch": "1" }, { purpose: "prefetch" }] as Record<string, string>[]) {
      const prefetched = await page.request.get("/login", { headers: prefetch });
      expect(prefetched.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
    }

    // A second load gets a different nonce.
    const again = (await page.request.get("/login")).headers()["content-security-policy"];
    expect(again).not.toBe(policy);

    await signIn(page, "teacher", "/check-in");
    await expect(page).toHaveTitle("Flexblock - Check-in");
    await expect(page.getByRole("textbox", { name: "Student numbers", exact: true })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("a client that says X-Forwarded-Proto: https over plain http gets no HSTS (only a trusted proxy is believed)", async ({ request }) => {
    // TRUSTED_PROXIES is unset for the e2e server, as by default: nobody in front of it is a proxy.
    for (const path of ["/login", "/api/settings/unauthenticated", "/api/clusters/%ff"]) {
      const response = await request.get(path, { headers: { "x-forwarded-proto": "https" } });
      expect({ path, hsts: response.headers()["strict-transport-security"] }).toEqual({ path, hsts: undefined });
    }
  });

  test("API answers are never documents and never cached", async ({ request }) => {
    const response = await request.get("/api/settings/unauthenticated");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("a path whose percent-encoding is not UTF-8 is a 400 in the JSON error shape, with the headers, never a 500", async ({
    request,
  }) => {
    for (const path of ["/api/clusters/%ff%fe", "/api/wiki/posts/%E0%A4%A", "/api/staff/%ff", "/wiki/%ff"]) {
      const response = await request.get(path);
      expect({ path, status: response.status() }).toEqual({ path, status: 400 });
      expect(await response.json()).toEqual({
        message: "The address could not be read: it is not valid UTF-8 percent-encoding.",
        code: "bad_request",
      });
      expect(response.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    }
    // Valid encoding still reaches the route.
    expect((await request.get("/api/courses/MATH%2010")).status()).toBe(401);
  });

  test("TRACE is refused with 405, not a server error", async ({ request }) => {
    for (const path of ["/api/user", "/login"]) {
      const response = await request.fetch(path, { method: "TRACE" });
      expect(response.status()).toBe(405);
      expect(response.headers()["allow"]).toContain("GET");
    }
  });
});
