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
