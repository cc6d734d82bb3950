// Bundles the command-line tools that must run where tsx is not installed (the container image):
//   scripts/create-sysadmin.ts -> dist/cli/create-sysadmin.cjs   (node dist/cli/create-sysadmin.cjs --email … --name …)
// Everything is bundled except packages that find files next to their own code at run time or load a
// native binary: PGlite (its wasm and data files) and @node-rs/argon2. Those two stay require()d from
// node_modules, where the standalone server already has them (serverExternalPackages in next.config.ts).
// `server-only` is an empty module here (it only guards client bundles); `@/` resolves via tsconfig.json.
// Runs in `npm run build` (well under a second) and in the Dockerfile.
import { build } from "esbuild";
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

const started = performance.now();
await build({
  absWorkingDir: root,
  entryPoints: { "create-sysadmin": "scripts/create-sysadmin.ts" },
  outdir,
  outExtension: { ".js": ".cjs" },
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node24",
  tsconfig: path.join(root, "tsconfig.json"),
  external: EXTERNAL.flatMap((name) => [name, `${name}/*`]),
  plugins: [emptyServerOnly],
  legalComments: "none",
  logLevel: "warning",
  banner: { js: "// Built by scripts/build-cli.mjs from scripts/create-sysadmin.ts: do not edit." },
});
console.log(`build-cli: dist/cli/create-sysadmin.cjs in ${Math.round(performance.now() - started)} ms`);
