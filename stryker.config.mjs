import fs from "node:fs";
import path from "node:path";

// Mutation testing of the rule folders (npm run test:mutation; docs/testing.md#mutation-testing).
// One folder a run: scripts/mutation.mjs sets MUTATION_FOLDER and runs Stryker once per folder, so each
// folder has its own score, report and incremental file. Not part of npm test or CI: about an hour in all.

/**
 * What is mutated per folder: the pure rules, the files the unit tests load. Left out: the services
 * (*.server.ts, on a database: only the api tier reaches them), the workers and the IndexedDB client,
 * request and answer shapes (zod declarations: *schemas.ts, types.ts) and word lists, whose mutants are
 * spelling rather than rules.
 */
const SHAPES = ["!**/*.server.ts", "!**/*.worker.ts", "!**/*.client.ts", "!**/*schemas.ts"];
export const FOLDERS = {
  "lib/oneroster": ["lib/oneroster/**/*.ts", ...SHAPES],
  "lib/calendar": ["lib/calendar/**/*.ts", "!lib/calendar/answers.ts", ...SHAPES],
  "lib/auth": ["lib/auth/**/*.ts", "!lib/auth/common-passwords.ts", "!lib/auth/answers.ts", ...SHAPES],
  "lib/checkin": ["lib/checkin/**/*.ts", "!lib/checkin/answers.ts", ...SHAPES],
  // The scheduling rules live in two places: lib/schedule (the services' pure helpers) and lib/core
  // (the placement reasons and the priority ladder that decides which placement holds a block).
  "lib/schedule": ["lib/schedule/**/*.ts", "lib/core/schedule/reason.ts", "lib/core/choice/ladder.ts", ...SHAPES],
};

/** Import paths that mark a unit test as one of the folder's own (lib/schedule's include its lib/core rules). */
const IMPORTED_AS = {
  "lib/schedule": ["lib/schedule/", "lib/core/schedule/reason", "lib/core/choice/ladder"],
};

/**
 * The unit tests that import the folder. Only these run against its mutants: jest's findRelatedTests
 * would also load every test that reaches the folder through a component (lib/auth/principal.ts has
 * dozens), seconds per mutant for tests that were never about the rule.
 */
export function ownTests(folder) {
  const marks = IMPORTED_AS[folder] ?? [`${folder}/`];
  const imports = (text) => marks.some((mark) => text.includes(`"@/${mark}`));
  return fs
    .readdirSync("tests/unit")
    .filter((name) => /\.test\.tsx?$/.test(name))
    .filter((name) => imports(fs.readFileSync(path.join("tests/unit", name), "utf8")))
    .map((name) => `tests/unit/${name}`);
}

const folder = process.env.MUTATION_FOLDER ?? "lib/checkin";
if (!FOLDERS[folder]) throw new Error(`MUTATION_FOLDER: one of ${Object.keys(FOLDERS).join(", ")}`);
const reportDir = `reports/mutation/${folder.replace(/^lib\//, "")}`;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  testRunner: "jest",
  plugins: ["@stryker-mutator/jest-runner"],
  jest: {
    projectType: "custom",
    configFile: "jest.stryker.config.js",
    enableFindRelatedTests: false,
    config: { testMatch: ownTests(folder).map((file) => `<rootDir>/${file}`) },
  },
  coverageAnalysis: "perTest",
  mutate: FOLDERS[folder],
  // Mutants in module-level code (constants, tables) would rerun every test for each; they are left out.
  ignoreStatic: true,
  // Two cores shared with other work; generous timeouts because a busy core slows every test.
  concurrency: 1,
  // Jest in one process for hundreds of runs grows to gigabytes and slows down; a fresh one every 40 runs.
  maxTestRunnerReuse: 40,
  timeoutMS: 20000,
  timeoutFactor: 3,
  incremental: true,
  incrementalFile: `${reportDir}/incremental.json`,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: `${reportDir}/index.html` },
  jsonReporter: { fileName: `${reportDir}/mutation.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  tempDirName: ".stryker-tmp",
  ignorePatterns: [".stryker-tmp", ".next*", "data", ".data*", ".tmp*", ".shots*", "test-results", "playwright-report", "coverage", "dist", ".ci-out", "*.tsbuildinfo"],
  cleanTempDir: true,
};

export default config;
