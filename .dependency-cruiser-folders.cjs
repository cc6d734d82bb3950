/**
 * No folder imports another that imports it back (a circle hides which folder is below which), checked one folder at a time.
 * tests/unit/folder-layers.test.ts runs it in CI; by hand:
 *   npx depcruise app components lib db --config .dependency-cruiser-folders.cjs
 *
 * A second configuration beside .dependency-cruiser.cjs, because dependency-cruiser counts a folder's
 * imports over all its files: the foundation (lib/core: time, env, log, error codes, the search fold, the
 * attendance rules, the schedule's types and reasons, the choice ladder), which db may import, would make
 * lib/core import db and be imported by it, a circle through db. So the foundation is left out of this
 * look; .dependency-cruiser.cjs keeps it at the bottom on its own
 * (foundation-at-the-bottom, db-only-foundation).
 */
const layers = require("./.dependency-cruiser.cjs");

const FOUNDATION = layers.forbidden.find((rule) => rule.name === "db-only-foundation").to.pathNot;

/**
 * Known circles, left for later: component folders that import each other (profile ⇄ clusters ⇄
 * courses, profile ⇄ shell ⇄ wiki). Their imports are not checked here; any other circle fails.
 * Shorten the list as they are untangled.
 */
const KNOWN_CIRCLING_FOLDERS = "^components/(clusters|courses|profile|shell|wiki)$";

module.exports = {
  forbidden: [
    {
      name: "no-circular-folders",
      comment: "Folders import one way: move the shared part down (types, schemas, pure rules) instead.",
      severity: "error",
      scope: "folder",
      from: { pathNot: KNOWN_CIRCLING_FOLDERS },
      to: { circular: true },
    },
  ],
  options: {
    ...layers.options,
    exclude: { path: [layers.options.exclude.path, FOUNDATION] },
  },
};
