/**
 * The layers run one way, so each reads without the ones above it: app → components → lib → db. `npm run lint` checks it
 * (`depcruise`, in CI), and says which import broke which rule.
 *
 * At the bottom of lib, in lib/core, sit the few pure modules every layer may use, db included: the environment,
 * time, the logger, error codes, the search fold, the attendance rule table and the schedule's types.
 * They import nothing else from lib.
 *
 * Folders that import each other in a circle (lib/jobs and the jobs it runs, placement and settings …)
 * are found by .dependency-cruiser-folders.cjs, run by tests/unit/folder-layers.test.ts.
 */
const FOUNDATION = "^lib/core/";

/**
 * Where a module runs is in its path: db/ and app/api/ are the server's, components/ the browser's, and in
 * lib <name>.server.ts is marked server-only, <name>.client.ts runs only in the browser and
 * <name>.worker.ts is a worker thread's entry (tests/unit/server-only.test.ts holds names and contents
 * together). Client components elsewhere (a "use client" first line, in app/) are found by reading the
 * files: dependency-cruiser matches paths, not contents.
 */
const fs = require("node:fs");
const path = require("node:path");

const sources = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
const SOURCES = ["app", "components", "lib", "db"].flatMap(sources).map((file) => ({
  file,
  text: fs.readFileSync(file, "utf8"),
}));
const pathOf = (file) => `^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`;
const CLIENT_COMPONENTS = SOURCES.filter(({ text }) => /^\s*["']use client["']/.test(text)).map(({ file }) => pathOf(file));
/** Code that runs in the browser: components/, any "use client" module, and lib's *.client.ts. */
const BROWSER = ["^components/", "\\.client\\.tsx?$", ...CLIENT_COMPONENTS];
/** Code that runs only on the server: lib's *.server.ts and worker entries, db/, the route handlers. */
const SERVER = ["\\.server\\.tsx?$", "\\.worker\\.tsx?$", "^db/", "^app/api/"];

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No module may import itself through others: split the shared part into its own file.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "lib-not-up",
      comment: "lib is below the screens and routes: it never imports app or components.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^(app|components)/" },
    },
    {
      name: "components-not-app",
      comment: "Components are used by pages and routes, never the other way round.",
      severity: "error",
      from: { path: "^components/" },
      to: { path: "^app/" },
    },
    {
      name: "db-not-up",
      comment: "db is the bottom layer: it never imports app or components.",
      severity: "error",
      from: { path: "^db/" },
      to: { path: "^(app|components)/" },
    },
    {
      name: "db-only-foundation",
      comment: "db may use only the foundation of lib (see FOUNDATION), never the domain rules above it.",
      severity: "error",
      from: { path: "^db/" },
      to: { path: "^lib/", pathNot: FOUNDATION },
    },
    {
      name: "browser-not-server",
      comment:
        "Browser code (components/, \"use client\", *.client.ts) never imports a *.server.ts module or db/: pass what it needs through a route or a prop. Type imports are fine (erased).",
      severity: "error",
      from: { path: BROWSER },
      to: { path: ["\\.server\\.tsx?$", "^db/"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "server-not-client",
      comment:
        "Server code (*.server.ts, *.worker.ts, db/, app/api/) never imports a *.client.ts module: it needs window, storage or IndexedDB, which the server has not. Move the shared part to a module without a suffix.",
      severity: "error",
      from: { path: SERVER },
      to: { path: "\\.client\\.tsx?$" },
    },
    {
      name: "foundation-at-the-bottom",
      comment: "The foundation of lib imports nothing else from lib.",
      severity: "error",
      from: { path: FOUNDATION },
      to: { path: "^lib/", pathNot: FOUNDATION },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|\\.next|\\.next-.*)/" },
    tsConfig: { fileName: "tsconfig.json" },
    // Type-only imports count too: a cycle of types is still a cycle a reader must untangle.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
