/** @jest-environment node */
import { spawnSync } from "node:child_process";

/**
 * Folders import one way (so the folder picture tells the truth): .dependency-cruiser-folders.cjs finds folders that import each
 * other in a circle (lib/jobs and the jobs it runs, placement and settings …). `npm run lint` checks
 * the module-level layers; this runs the folder-level look in CI.
 */
it("has no folders that import each other in a circle", () => {
  const cruise = spawnSync(
    process.execPath,
    [
      "node_modules/dependency-cruiser/bin/dependency-cruiser.mjs",
      ...["app", "components", "lib", "db"],
      ...["--config", ".dependency-cruiser-folders.cjs", "--output-type", "json"],
    ],
    { encoding: "utf8", maxBuffer: 256 * 1024 * 1024, env: { ...process.env, NODE_OPTIONS: "" } },
  );
  if (!cruise.stdout) throw new Error(`dependency-cruiser gave no answer: ${cruise.stderr}`);
  const { summary } = JSON.parse(cruise.stdout) as {
    summary: { violations: { from: string; to: string; cycle?: { name: string }[] }[] };
  };
  const circles = summary.violations.map(
    ({ from, to, cycle = [] }) => `${from} → ${to} (${cycle.map(({ name }) => name).join(" → ")})`,
  );
  expect(circles).toEqual([]);
}, 60_000);
