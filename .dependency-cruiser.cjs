/**
 * The layers run one way (issue 24): app → components → lib → db. `npm run lint` checks it
 * (`depcruise`, in CI), and says which import broke which rule.
 *
 * At the bottom of lib sit the few pure modules every layer may use, db included: the environment,
 * time, the logger, error codes, the search fold, the attendance rule table and the schedule's types.
 * They import nothing else from lib.
 */
const FOUNDATION =
  "^lib/(env|time|log)\\.ts$|^lib/api/error-codes\\.ts$|^lib/search/fold\\.ts$|^lib/attendance/(rules|sql|period)\\.ts$|^lib/schedule/(types|reason)\\.ts$";

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
