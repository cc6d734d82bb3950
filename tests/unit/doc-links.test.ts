/** @jest-environment node */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * The documentation's links lead somewhere: every relative link in README.md and docs/ names a file of the
 * repository and, with a #fragment, a heading of that file; and every place a code comment cites in docs/
 * (`docs/design/time.md#…`) exists. A moved heading fails here instead of leaving a dead link.
 */

const root = path.join(__dirname, "..", "..");
const tracked = (pattern: string[]) =>
  execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", ...pattern], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter(Boolean);

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of fs.readFileSync(path.join(root, file), "utf8").split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.+)$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

function problemsOf(from: string, target: string): string | null {
  const [file, fragment] = target.split("#") as [string, string | undefined];
  const resolved = file === "" ? from : path.normalize(path.join(path.dirname(from), file));
  if (!fs.existsSync(path.join(root, resolved))) return `${from}: ${target} (no such file)`;
  if (fragment && !anchorsOf(resolved).has(fragment)) return `${from}: ${target} (no such heading)`;
  return null;
}

describe("the documentation's links", () => {
  const docs = tracked(["README.md", "docs/"]).filter((f) => f.endsWith(".md"));

  it("has the docs folder", () => {
    expect(docs.filter((f) => f.startsWith("docs/")).length).toBeGreaterThan(10);
  });

  it("resolve to files and headings of the repository", () => {
    const problems: string[] = [];
    for (const file of docs) {
      const text = fs.readFileSync(path.join(root, file), "utf8").replace(/```[\s\S]*?```/g, "");
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!)) continue;
        const problem = problemsOf(file, target!);
        if (problem) problems.push(problem);
      }
    }
    expect(problems).toEqual([]);
  });

  it("cited from code comments resolve", () => {
    const code = tracked(["*.ts", "*.tsx", "*.mjs", "*.cjs"]).filter((f) => !f.startsWith("node_modules/"));
    const problems: string[] = [];
    for (const file of code) {
      for (const [, target] of fs.readFileSync(path.join(root, file), "utf8").matchAll(/\b(docs\/[\w/-]+\.md(?:#[\w-]+)?)/g)) {
        const problem = problemsOf("README.md", target!);
        if (problem) problems.push(`${file} cites ${problem.slice("README.md: ".length)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
