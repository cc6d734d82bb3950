// Three projects: unit (jsdom, components and pure rules), api (node, route handlers on a real database)
// and fault (PostgreSQL restarted mid-stream; its own throwaway server).
const nextJest = require("next/jest.js");

const createJestConfig = nextJest({ dir: "./" });

const common = {
  // `server-only` throws outside a server bundle; the tests are server code, so they get its empty twin.
  moduleNameMapper: {
    "^@/(.*)$": "<rootDir>/$1",
    "^server-only$": "<rootDir>/node_modules/server-only/empty.js",
  },
  cacheDirectory: "<rootDir>/node_modules/.cache/jest",
  testPathIgnorePatterns: ["<rootDir>/node_modules/", "<rootDir>/tests/e2e/", "<rootDir>/.next", "<rootDir>/.stryker-tmp/"],
  // Stryker's sandboxes (npm run test:mutation) hold a copy of the project; jest's module map must not see it.
  modulePathIgnorePatterns: ["<rootDir>/.stryker-tmp/"],
};

/** next/jest's SWC transform entry, swapped for the wrapper that emits ESM when jest loads a file as ESM. */
function withEsmAwareSwc(transform) {
  const next = require.resolve("next/dist/build/swc/jest-transformer");
  return Object.fromEntries(
    Object.entries(transform).map(([pattern, entry]) =>
      Array.isArray(entry) && entry[0] === next
        ? [pattern, [require.resolve("./tests/helpers/jest-swc-transform.cjs"), entry[1]]]
        : [pattern, entry],
    ),
  );
}

module.exports = async () => {
  const unit = await createJestConfig({
    ...common,
    displayName: "unit",
    testEnvironment: "jsdom",
    setupFilesAfterEnv: ["<rootDir>/tests/helpers/jest-setup-dom.ts"],
    testMatch: ["<rootDir>/tests/unit/**/*.test.{ts,tsx}"],
  })();
  const api = await createJestConfig({
    ...common,
    displayName: "api",
    testEnvironment: "node",
    testMatch: ["<rootDir>/tests/api/**/*.test.ts"],
    setupFiles: ["<rootDir>/tests/helpers/jest-env.ts", "<rootDir>/tests/helpers/job-kinds.ts"],
  })();
  // A database restarted under load, on a PostgreSQL server of the test's own (skipped without one).
  const fault = await createJestConfig({
    ...common,
    displayName: "fault",
    testEnvironment: "node",
    testMatch: ["<rootDir>/tests/fault/**/*.test.ts"],
    setupFiles: ["<rootDir>/tests/helpers/jest-env.ts", "<rootDir>/tests/helpers/job-kinds.ts"],
  })();
  for (const project of [unit, api, fault]) project.transform = withEsmAwareSwc(project.transform);
  return {
    projects: [unit, api, fault],
    maxWorkers: 2,
    // A worker is replaced once its heap passes this after a test file: every file leaves ~15 MB of modules
    // behind (each file loads the app anew into its own context), and in one worker kept for the whole run
    // garbage collection came to cost more than the tests (a file of 1 s of tests took 40 s near the end;
    // the api tier's files 2,407 s in all against 1,131 s with workers replaced, same machine).
    workerIdleMemoryLimit: process.env.JEST_WORKER_MEMORY ?? "1GB",
    // Database tests on a busy 2-core machine; a global option (jest ignores it inside projects).
    testTimeout: 30000,
    globalSetup: "<rootDir>/tests/helpers/global-setup.ts",
    globalTeardown: "<rootDir>/tests/helpers/global-teardown.ts",
    reporters: ["default", "<rootDir>/tests/helpers/summary-reporter.js"],
  };
};
