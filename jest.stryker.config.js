// The jest configuration Stryker runs each mutant under: the unit project of jest.config.js on its own.
// Stryker wraps the top-level test environment to record which test covers which mutant, which it cannot
// do inside `projects`; and the api tier (a PGlite database per file, ~8 s a file) is too slow to rerun
// for every mutant, so the mutation runs measure the pure rules against the unit tests alone.
const Resolver = require("jest-resolve").default;
const base = require("./jest.config.js");

// A unit test that asks for `@jest-environment node` in its docblock would get jest's plain node
// environment, which reports no coverage to Stryker; it gets Stryker's wrapped twin instead. Stryker runs
// jest in its own process (runInBand), so this reaches only the mutation runs.
const STRYKER_NODE_ENVIRONMENT = require.resolve("@stryker-mutator/jest-runner/jest-env/node");
const findNodeModule = Resolver.findNodeModule;
Resolver.findNodeModule = function findNodeModuleForStryker(path, options) {
  return path === "jest-environment-node" ? STRYKER_NODE_ENVIRONMENT : findNodeModule.call(this, path, options);
};

module.exports = async () => {
  const { projects, testTimeout } = await base();
  const unit = projects.find((project) => project.displayName === "unit");
  return { ...unit, testTimeout };
};
