/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";

/**
 * Server code says so at the top (`import "server-only"`), so a client component that imports it
 * fails the build rather than shipping SQL, hashing or secrets to the browser. That holds for every
 * module under db/ but db/schema (drizzle-kit loads it outside any bundle) and the generated
 * migrations, and for every lib/ module that reaches the database or is a domain's service.server.ts.
 */
const root = process.cwd();

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(relative);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [relative] : [];
  });
}

const marked = (text: string) => /^(\s*(\/\/[^\n]*|\/\*[^]*?\*\/)\s*)*import "server-only";/.test(text);

/** True when the module imports a value (not only types) from db/. */
function reachesDatabase(text: string): boolean {
  for (const match of text.matchAll(/import\s+(type\s+)?([^;]*?)\s+from\s+"@\/db(?:\/[^"]*)?"/g)) {
    if (match[1]) continue;
    const clause = match[2]!.trim();
    const named = /^\{([^]*)\}$/.exec(clause);
    if (!named) return true; // a default or namespace import
    const members = named[1]!.split(",").map((m) => m.trim()).filter(Boolean);
    if (members.some((member) => !member.startsWith("type "))) return true;
  }
  return false;
}

it("marks db/ as server-only (but the schema drizzle-kit reads, and the migrations)", () => {
  const files = sources("db").filter((file) => !/^db\/(schema|migrations)\//.test(file));
  expect(files.length).toBeGreaterThan(20);
  const unmarked = files.filter((file) => !marked(fs.readFileSync(path.join(root, file), "utf8")));
  expect(unmarked).toEqual([]);
});

it("marks every lib/ module that reaches the database, and every service.server.ts, as server-only", () => {
  const files = sources("lib").filter((file) => {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    return path.basename(file) === "service.server.ts" || reachesDatabase(text);
  });
  expect(files.length).toBeGreaterThan(30);
  const unmarked = files.filter((file) => !marked(fs.readFileSync(path.join(root, file), "utf8")));
  expect(unmarked).toEqual([]);
});

/**
 * Where a lib module runs is in its name (docs/design/architecture.md#where-a-file-runs): `<name>.server.ts` is marked
 * server-only and nothing else in lib is; `<name>.client.ts` runs only in the browser ("use client",
 * the browser's own objects: window, localStorage, IndexedDB …, or the service worker's) and every
 * "use client" module is one; `<name>.worker.ts` is a worker thread's entry, where the build looks
 * for it (lib/<folder>/).
 */
describe("lib names say where a module runs", () => {
  const files = sources("lib").map((file) => ({ file, text: fs.readFileSync(path.join(root, file), "utf8") }));
  const importsServerOnly = (text: string) => /^import ["']server-only["'];?\s*$/m.test(text);
  const useClient = (text: string) => /^(\s*(\/\/[^\n]*|\/\*[^]*?\*\/)\s*)*["']use client["']/.test(text);
  const browserOnly = (text: string) =>
    useClient(text) ||
    /\b(window|document|localStorage|sessionStorage|indexedDB|navigator)\.|from "idb-keyval"|<reference lib="webworker" \/>/.test(text);
  const isServer = (file: string) => /\.server\.tsx?$/.test(file);
  const isClient = (file: string) => /\.client\.tsx?$/.test(file);

  it("finds the three kinds", () => {
    expect(files.filter(({ file }) => isServer(file)).length).toBeGreaterThan(80);
    expect(files.filter(({ file }) => isClient(file)).length).toBeGreaterThan(3);
    expect(files.filter(({ file }) => /\.worker\.ts$/.test(file)).length).toBeGreaterThan(0);
  });

  it("names a module <name>.server.ts if and only if it imports server-only (at the top)", () => {
    const unnamed = files.filter(({ file, text }) => importsServerOnly(text) && !isServer(file)).map(({ file }) => file);
    const unmarked = files.filter(({ file, text }) => isServer(file) && !marked(text)).map(({ file }) => file);
    expect({ unnamed, unmarked }).toEqual({ unnamed: [], unmarked: [] });
  });

  it('names every "use client" module <name>.client.ts, and a .client module runs only in the browser', () => {
    const unnamed = files.filter(({ file, text }) => useClient(text) && !isClient(file)).map(({ file }) => file);
    const notBrowser = files.filter(({ file, text }) => isClient(file) && !browserOnly(text)).map(({ file }) => file);
    const both = files.filter(({ file }) => isClient(file) && isServer(file)).map(({ file }) => file);
    expect({ unnamed, notBrowser, both }).toEqual({ unnamed: [], notBrowser: [], both: [] });
  });

  /**
   * Node's own modules and the server's packages (the logger, hashing, the database drivers), imported for
   * their values: a module with no suffix is pure and could be bundled for the browser, so it has none.
   * The one exception is named with its reason.
   */
  const NODE_ONLY = /^import\s+(?!type\b)[^;]*?from\s+"(node:[^"]+|fs|path|crypto|os|worker_threads|pino|@node-rs\/argon2|postgres|@electric-sql\/pglite)"/m;
  const SHARED_WITH_NODE = new Map([
    // The end-to-end tests (plain Node, no server condition) compute the code a kiosk shows with it.
    ["lib/checkin/air-code.ts", "tests/e2e computes the air code with it"],
  ]);

  it("names a module that needs Node or a server package <name>.server.ts or .worker.ts (unsuffixed means pure)", () => {
    const unnamed = files
      .filter(({ file, text }) => NODE_ONLY.test(text) && !isServer(file) && !/\.worker\.ts$/.test(file))
      .map(({ file }) => file)
      .filter((file) => !SHARED_WITH_NODE.has(file));
    expect(unnamed).toEqual([]);
    // The exception still needs its exemption (it is dropped once it does not).
    for (const file of SHARED_WITH_NODE.keys()) expect(NODE_ONLY.test(fs.readFileSync(path.join(root, file), "utf8"))).toBe(true);
  });

  it("keeps worker entries at lib/<folder>/<name>.worker.ts, where the build bundles them", () => {
    const misplaced = files
      .filter(({ file }) => /\.worker\.tsx?$/.test(file) && !/^lib\/[^/]+\/[^/]+\.worker\.ts$/.test(file))
      .map(({ file }) => file);
    expect(misplaced).toEqual([]);
  });
});
