/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";

/**
 * postgres.js 3.4.9 is patched at install (scripts/patch-postgres.mjs): without the patch a database
 * restart leaves connections that hang or crash the process, and a busy pool can share a transaction's
 * connection (UNSAFE_TRANSACTION). A new postgres.js version fails here until someone checks it.
 */
const root = path.join(process.cwd(), "node_modules", "postgres");
const MARK = "/* flexblock-patched: postgres.js connection fixes v1 */";

it("runs the postgres.js version the patch was written for", () => {
  const { version } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  expect(version).toBe("3.4.9");
});

it.each(["src/connection.js", "src/index.js", "cjs/src/connection.js", "cjs/src/index.js"])("%s is patched", (file) => {
  expect(fs.readFileSync(path.join(root, file), "utf8").startsWith(MARK)).toBe(true);
});
