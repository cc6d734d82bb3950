/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { axeCoverage, routeOf, screensUnder, type Screen } from "../helpers/axe-coverage";

/**
 * Every screen has an accessibility check: for each page route under app/, some end-to-end test
 * lands on it (signIn, goto or an asserted URL) and then runs the axe helper before it goes
 * anywhere else. The Accessibility page promises this; a new screen without such a test fails here.
 */
const root = path.join(__dirname, "..", "..");

/** Pages that render no screen of their own, each with the reason checked below. */
const NOT_SCREENS: Record<string, { reason: string; proof: RegExp }> = {
  "app/page.tsx": { reason: "redirects to /check-in", proof: /\bredirect\("\/check-in"\)/ },
};

describe("every screen has an axe check in an end-to-end test", () => {
  const screens = screensUnder(root);
  const specs = fs
    .readdirSync(path.join(root, "tests/e2e"))
    .filter((name) => name.endsWith(".spec.ts"))
    .map((name) => ({ name, source: fs.readFileSync(path.join(root, "tests/e2e", name), "utf8") }));
  const coverage = axeCoverage(
    screens.filter((s) => !(s.file in NOT_SCREENS)),
    specs,
  );

  it("finds the screens and the end-to-end specs", () => {
    expect(screens.map((s) => s.route)).toEqual(expect.arrayContaining(["/check-in", "/login", "/profile"]));
    expect(specs.length).toBeGreaterThan(5);
  });

  it.each(Object.entries(NOT_SCREENS).map(([file, { reason, proof }]) => [file, reason, proof] as const))(
    "%s is not a screen: it %s",
    (file, _reason, proof) => {
      expect(fs.readFileSync(path.join(root, file), "utf8")).toMatch(proof);
    },
  );

  it("covers every screen", () => {
    // A screen listed here needs an end-to-end test that lands on it (assert its URL after a click)
    // and then runs expectNoSeriousA11yViolations.
    const missing = coverage.filter((c) => c.checkedBy.length === 0).map((c) => c.screen.file);
    expect(missing).toEqual([]);
  });
});

describe("the coverage reader itself", () => {
  const screens: Screen[] = [
    "app/(shell)/staff/page.tsx",
    "app/(shell)/staff/[id]/page.tsx",
    "app/(shell)/[...missing]/page.tsx",
  ].map((file) => ({ file, route: routeOf(file) }));
  const covered = (source: string) =>
    axeCoverage(screens, [{ name: "x.spec.ts", source }])
      .filter((c) => c.checkedBy.length > 0)
      .map((c) => c.screen.route);

  it("turns files into routes, leaving route groups out", () => {
    expect(screens.map((s) => s.route)).toEqual(["/staff", "/staff/[id]", "/[...missing]"]);
  });

  it("credits the screen the test is on when the axe check runs", () => {
    expect(
      covered(`test("a", async ({ page }) => {
        await signIn(page, "teacher", "/staff");
        await expectNoSeriousA11yViolations(page);
      });`),
    ).toEqual(["/staff"]);
    expect(
      covered(`test("a", async ({ page }) => {
        await signIn(page, "teacher", \`/staff/\${id}?date=\${day}\`);
        await expectNoSeriousA11yViolations(page);
      });`),
    ).toEqual(["/staff/[id]"]);
    expect(
      covered(`test("a", async ({ page }) => {
        await signIn(page, "teacher", "/staff");
        await row.click();
        await expect(page).toHaveURL(/\\/staff\\/\\d+$/);
        await expectNoSeriousA11yViolations(page);
      });`),
    ).toEqual(["/staff/[id]"]);
    expect(
      covered(`test("a", async ({ page }) => {
        await signIn(page, "teacher", "/no/such/place");
        await expectNoSeriousA11yViolations(page);
      });`),
    ).toEqual(["/[...missing]"]);
  });

  it("does not credit a screen left before the check, or a check in another test", () => {
    expect(
      covered(`test("a", async ({ page }) => {
        await signIn(page, "teacher", "/staff");
        await page.goto(somewhere);
        await expectNoSeriousA11yViolations(page);
      });`),
    ).toEqual([]);
    expect(
      covered(`test("a", async ({ page }) => {
        await signIn(page, "teacher", "/staff");
      });
      test("b", async ({ page }) => {
        await expectNoSeriousA11yViolations(page);
      });`),
    ).toEqual([]);
  });

  it("counts a spec's own helper that runs the axe check", () => {
    expect(
      covered(`async function checkBothSizes(page) {
        await expectNoSeriousA11yViolations(page);
      }
      test("a", async ({ page }) => {
        await page.goto("/staff");
        await checkBothSizes(page);
      });`),
    ).toEqual(["/staff"]);
  });
});
