// Bundles what must run as plain node where tsx is not installed (the container image):
//   scripts/create-sysadmin.ts -> dist/cli/create-sysadmin.cjs   (node dist/cli/create-sysadmin.cjs --email … --name …)
//   lib/<folder>/<name>.worker.ts -> dist/workers/<folder>/<name>.worker.cjs   (the server's worker threads, lib/workers.server.ts)
// Everything is bundled except packages that find files next to their own code at run time or load a
// native binary: PGlite (its wasm and data files) and @node-rs/argon2. Those two stay require()d from
// node_modules, where the standalone server already has them (serverExternalPackages in next.config.ts).
// `server-only` is an empty module here (it only guards client bundles); `@/` resolves via tsconfig.json.
// Runs in `npm run build` (well under a second) and in the Dockerfile.
import { build } from "esbuild";
import { globSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "dist", "cli");

/** Packages left in node_modules; the image must carry them (the build checks the standalone has them). */
const EXTERNAL = ["@electric-sql/pglite", "@node-rs/argon2"];

const emptyServerOnly = {
  name: "empty-server-only",
  setup(b) {
    b.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
    b.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "", loader: "js" }));
  },
};

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node24",
  tsconfig: path.join(root, "tsconfig.json"),
  external: EXTERNAL.flatMap((name) => [name, `${name}/*`]),
  plugins: [emptyServerOnly],
  legalComments: "none",
  logLevel: "warning",
};

const started = performance.now();
await build({
  ...common,
  entryPoints: { "create-sysadmin": "scripts/create-sysadmin.ts" },
  outdir,
  outExtension: { ".js": ".cjs" },
  banner: { js: "// Built by scripts/build-cli.mjs from scripts/create-sysadmin.ts: do not edit." },
});
const workers = globSync("lib/*/*.worker.ts", { cwd: root }).sort();
await build({
  ...common,
  entryPoints: workers,
  outbase: "lib",
  outdir: path.join(root, "dist", "workers"),
  outExtension: { ".js": ".cjs" },
  banner: { js: "// Built by scripts/build-cli.mjs from lib/*/*.worker.ts: do not edit." },
});
console.log(
  `build-cli: dist/cli/create-sysadmin.cjs and ${workers.length} worker(s) in dist/workers in ${Math.round(performance.now() - started)} ms`,
);
