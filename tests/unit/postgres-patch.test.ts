/** @jest-environment node */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * postgres.js 3.4.9 is patched at install (patches/postgres+3.4.9.patch, applied by patch-package in
 * postinstall; patches/README.md explains each fix): without the patch a database restart leaves
 * connections that hang or crash the process, and a busy pool can share a transaction's connection
 * (UNSAFE_TRANSACTION). These checks read the files Node actually loads, through `import` (the ESM
 * build, what the app runs) and `require` (the CommonJS build).
 */
const MARK = "/* flexblock-patched: postgres.js connection fixes v1 */";
const root = path.join(process.cwd(), "node_modules", "postgres");
const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
  version: string;
  exports: Record<string, string>;
};
const requireFromApp = createRequire(path.join(process.cwd(), "package.json"));

/** A line (or more) of each fix, as the patch writes it. */
const FIXED = {
  "connection.js": [
    // 1. a transaction's connection is reserved whenever BEGIN was written
    "      const written = write(toBuffer(q))\n      if (q.options.onexecute) {\n        q.options.onexecute(connection)\n        return false\n      }",
    // 2. a drained socket does not hand a reserved connection back
    "!query && !connection.reserved && onopen(connection)",
    // 3. a closed connection forgets its unsent bytes and flush timer (closed and terminate)
    "    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null",
    // 4. a statement on a dead connection fails at once
    "queryError(q, Errors.connection('CONNECTION_CLOSED', options))",
  ],
  "index.js": ["  function onopen(c) {\n    if (c.queue === closed)\n      return"],
};

it("pins the postgres.js version the patch was made for", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(process.cwd(), "package.json"), "utf8"));
  expect(pkg.dependencies.postgres).toBe("3.4.9");
  expect(manifest.version).toBe("3.4.9");
  expect(fs.existsSync(path.join(process.cwd(), "patches", `postgres+${manifest.version}.patch`))).toBe(true);
});

describe.each([
  ["import", path.join(root, manifest.exports.import!)],
  ["require", requireFromApp.resolve("postgres")],
])("the build `%s` loads", (_how, entry) => {
  const dir = path.dirname(entry);

  it("is the one the patch edits", () => {
    expect(path.basename(entry)).toBe("index.js");
    expect([path.join(root, "src"), path.join(root, "cjs", "src")]).toContain(dir);
  });

  it.each(Object.keys(FIXED) as (keyof typeof FIXED)[])("has every fix in %s", (file) => {
    const text = fs.readFileSync(path.join(dir, file), "utf8");
    expect(text.startsWith(MARK)).toBe(true);
    for (const fixed of FIXED[file]) expect(text).toContain(fixed);
  });
});
