// npm run test:mutation [-- lib/checkin …]: Stryker on each rule folder in turn (stryker.config.mjs),
// niced so that other work on the machine keeps its share, then one line per folder with its score.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { FOLDERS } from "../stryker.config.mjs";

const asked = process.argv.slice(2).map((folder) => folder.replace(/\/+$/, ""));
const unknown = asked.filter((folder) => !FOLDERS[folder]);
if (unknown.length) {
  console.error(`Unknown folder ${unknown.join(", ")}: one of ${Object.keys(FOLDERS).join(", ")}`);
  process.exit(2);
}
const folders = asked.length ? asked : Object.keys(FOLDERS);
const env = {
  ...process.env,
  NODE_OPTIONS: "--experimental-vm-modules --disable-warning=ExperimentalWarning",
  NEXT_TELEMETRY_DISABLED: "1",
};

/** Stryker's JSON report, summed up: detected (killed or timed out) over all valid mutants. */
function summary(folder) {
  const report = JSON.parse(fs.readFileSync(`reports/mutation/${folder.replace(/^lib\//, "")}/mutation.json`, "utf8"));
  const counts = {};
  for (const file of Object.values(report.files)) {
    for (const mutant of file.mutants) counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
  }
  const detected = (counts.Killed ?? 0) + (counts.Timeout ?? 0);
  const valid = detected + (counts.Survived ?? 0) + (counts.NoCoverage ?? 0);
  return { score: valid ? (100 * detected) / valid : 100, counts };
}

const lines = [];
let failed = false;
for (const folder of folders) {
  const started = Date.now();
  const run = spawnSync("nice", ["-n", "10", "npx", "stryker", "run", "stryker.config.mjs"], {
    stdio: "inherit",
    env: { ...env, MUTATION_FOLDER: folder },
  });
  const minutes = ((Date.now() - started) / 60000).toFixed(1);
  if (run.status !== 0) {
    failed = true;
    lines.push(`${folder}: Stryker failed (exit ${run.status}) after ${minutes} min`);
    continue;
  }
  const { score, counts } = summary(folder);
  const detail = Object.entries(counts).map(([status, n]) => `${n} ${status}`).join(", ");
  lines.push(`${folder}: ${score.toFixed(1)} % (${detail}) in ${minutes} min`);
}
console.log(`\n${lines.join("\n")}`);
process.exit(failed ? 1 : 0);
