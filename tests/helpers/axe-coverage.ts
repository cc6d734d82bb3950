import fs from "node:fs";
import path from "node:path";

/**
 * Which screens the end-to-end specs check with axe, read from their source (tests/unit/axe-coverage.test.ts).
 *
 * A spec "lands" on a screen with signIn(page, who, path), page.goto(path), or an asserted
 * toHaveURL/waitForURL; an axe check (expectNoSeriousA11yViolations, or a helper of the spec's own
 * that calls it) counts for the screen of the last landing before it in the same test. A navigation
 * to a path the reader cannot resolve (a variable) leaves it on no screen. A click that navigates
 * without an asserted URL is not seen, so such a test should assert the URL it expects.
 */

export interface Screen {
  /** The page file, relative to the project root (app/(shell)/staff/[id]/page.tsx). */
  file: string;
  /** Its route (/staff/[id]); route groups such as (shell) are not part of it. */
  route: string;
}

export function routeOf(file: string): string {
  const segments = file
    .replace(/^app\//, "")
    .replace(/(^|\/)page\.tsx$/, "")
    .split("/")
    .filter((segment) => segment && !/^\(.*\)$/.test(segment));
  return `/${segments.join("/")}`;
}

/** Every app/**\/page.tsx under the project root. */
export function screensUnder(root: string): Screen[] {
  const found: Screen[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name === "page.tsx") found.push({ file: rel, route: routeOf(rel) });
    }
  };
  walk("app");
  return found.sort((a, b) => a.route.localeCompare(b.route));
}

const segmentsOf = (route: string) => route.split("/").filter(Boolean);
const isCatchAll = (segment: string) => /^\[\.\.\..+\]$/.test(segment);
const isDynamic = (segment: string) => /^\[.+\]$/.test(segment);

function matcherOf(route: string): RegExp {
  const parts = segmentsOf(route).map((segment) =>
    isCatchAll(segment)
      ? ".+"
      : isDynamic(segment)
        ? "[^/]+"
        : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
  );
  return new RegExp(`^/${parts.join("/")}$`);
}

/** Static segments before dynamic ones before catch-alls, as Next.js picks a route. */
function rankOf(route: string): number[] {
  return segmentsOf(route).map((segment) => (isCatchAll(segment) ? 2 : isDynamic(segment) ? 1 : 0));
}
function compareRank(a: number[], b: number[]) {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? -1) - (b[i] ?? -1);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** Example paths of a route, for testing a spec's URL regex against it. */
function samplesOf(route: string): string[] {
  return ["1", "SCI10"].map(
    (value) =>
      `/${segmentsOf(route)
        .map((segment) => (isCatchAll(segment) ? "no/such/place" : isDynamic(segment) ? value : segment))
        .join("/")}`,
  );
}

type Landing = { path: string } | { regex: RegExp } | null;

/** The JavaScript expression starting at `i`: a string, template or regex literal, or `new RegExp(...)`. */
function readArgument(source: string, i: number): Landing {
  while (/\s/.test(source[i] ?? "")) i++;
  const quote = source[i];
  if (quote === '"' || quote === "'") {
    const end = source.indexOf(quote, i + 1);
    return { path: source.slice(i + 1, end) };
  }
  if (quote === "`") return { path: readTemplate(source, i) };
  if (quote === "/") {
    const match = /^\/((?:\\.|[^/\\\n])+)\/([a-z]*)/.exec(source.slice(i));
    return match ? { regex: new RegExp(match[1]!, match[2]) } : null;
  }
  if (source.startsWith("new RegExp(", i)) {
    const inner = readArgument(source, i + "new RegExp(".length);
    return inner && "path" in inner ? { path: inner.path.replace(/\\/g, "") } : null;
  }
  return null; // a variable: somewhere this reader cannot know
}

/** A template literal's text with each `${…}` as one path segment value. */
function readTemplate(source: string, start: number): string {
  let out = "";
  for (let i = start + 1; i < source.length; i++) {
    if (source[i] === "`") break;
    if (source[i] === "$" && source[i + 1] === "{") {
      let depth = 1;
      i += 2;
      while (i < source.length && depth > 0) {
        if (source[i] === "{") depth++;
        if (source[i] === "}") depth--;
        i++;
      }
      i--;
      out += "X1";
    } else out += source[i];
  }
  return out;
}

/** The third argument of signIn(page, who, path), or "/" when there is none. */
function signInPath(source: string, open: number): Landing {
  let depth = 0;
  let commas = 0;
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      if (depth === 0) return commas >= 2 ? null : { path: "/" };
      depth--;
    } else if (c === "," && depth === 0 && ++commas === 2) return readArgument(source, i + 1);
    else if (c === '"' || c === "'" || c === "`") i = source.indexOf(c, i + 1);
  }
  return null;
}

interface Spec {
  name: string;
  source: string;
}

export interface Coverage {
  screen: Screen;
  /** "file: test title" of each test that checks the screen. */
  checkedBy: string[];
}

export function axeCoverage(screens: Screen[], specs: Spec[]): Coverage[] {
  const ranked = [...screens].sort((a, b) => compareRank(rankOf(a.route), rankOf(b.route)));
  const checkedBy = new Map(screens.map((s) => [s.route, new Set<string>()]));

  const screensOf = (landing: Landing): string[] => {
    if (!landing) return [];
    if ("path" in landing) {
      const url = landing.path.split(/[?#]/)[0]!;
      if (!url.startsWith("/")) return [];
      const best = ranked.find((s) => matcherOf(s.route).test(url));
      return best ? [best.route] : [];
    }
    const matching = screens.filter((s) => samplesOf(s.route).some((sample) => landing.regex.test(sample)));
    return matching.length === 1 ? [matching[0]!.route] : [];
  };

  for (const spec of specs) {
    const { source } = spec;
    // A spec's own helpers that run the check count as the check.
    const helpers = [...source.matchAll(/^(?:async\s+)?function\s+(\w+)\s*\(|^const\s+(\w+)\s*=\s*async\b/gm)]
      .filter((m) => {
        const body = source.slice(m.index, source.indexOf("\n}", m.index));
        return body.includes("expectNoSeriousA11yViolations(");
      })
      .map((m) => m[1] ?? m[2]!);
    const names = ["expectNoSeriousA11yViolations", ...helpers].join("|");
    const events = new RegExp(
      [
        String.raw`(?<test>^\s*test(?:\.(?:only|skip))?\(\s*(?<title>"[^"]*"|'[^']*'|\`[^\`]*\`))`,
        String.raw`(?<outside>^(?:export\s+)?(?:async\s+)?function\s+\w+|^(?:export\s+)?const\s+\w+\s*=)`,
        String.raw`(?<signIn>\bsignIn\()`,
        String.raw`(?<visit>\.(?:goto|toHaveURL|waitForURL)\()`,
        String.raw`(?<axe>(?<!function\s)\b(?:${names})\()`,
      ].join("|"),
      "gm",
    );
    let title: string | null = null;
    let current: string[] = [];
    for (const m of source.matchAll(events)) {
      const end = m.index + m[0].length;
      const g = m.groups!;
      if (g.test) {
        title = g.title!.slice(1, -1);
        current = [];
      } else if (g.outside) {
        title = null;
        current = [];
      } else if (g.signIn) current = screensOf(signInPath(source, end));
      else if (g.visit) current = screensOf(readArgument(source, end));
      else if (g.axe && title !== null) {
        for (const route of current) checkedBy.get(route)!.add(`${spec.name}: ${title}`);
      }
    }
  }
  return screens.map((screen) => ({ screen, checkedBy: [...checkedBy.get(screen.route)!] }));
}
