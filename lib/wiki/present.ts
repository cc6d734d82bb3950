import type { WikiPostRow } from "@/db/queries/wiki";
import type { WikiGroup, WikiPost } from "./answers";

/** JSON shapes of the wiki: spec §3 "Wiki group" and "Wiki post", plus order, counts and dates. */

export type { WikiGroup };

export type { WikiPost };

export function presentGroup(row: {
  id: number;
  title: string;
  subtitle: string;
  position: number;
  audience: "staff" | "everyone";
  post_count: number;
}): WikiGroup {
  const { id, title, subtitle, position, audience, post_count } = row;
  return { id, title, subtitle, position, audience, post_count, new: post_count > 0 };
}

export function presentPost(row: WikiPostRow): WikiPost {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    author: { name: row.author_name },
    group_id: row.group_id,
    position: row.position,
    excerpt: excerptOf(row.body),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** A markdown line as plain words: no heading marks, emphasis, code ticks, table pipes or link targets. */
export function plainLine(line: string): string {
  return line
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/, "")
    .replace(/^\[[ xX]\]\s+/, "")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`~]+/g, "")
    .replace(/\s*\|\s*/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const shorten = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;

/** The body's paragraphs (blank-line separated), each as one line of plain words; code blocks left out. */
function paragraphs(body: string): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let fenced = false;
  const flush = () => {
    const text = current.map(plainLine).filter(Boolean).join(" ");
    if (text) out.push(text);
    current = [];
  };
  for (const line of body.split(/\r?\n/)) {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      flush();
      continue;
    }
    if (fenced) continue;
    if (line.trim() === "") flush();
    // Headings and table rules are not prose.
    else if (/^\s*#/.test(line)) flush();
    else if (!/^\s*\|?\s*:?-{3}/.test(line)) current.push(line);
  }
  flush();
  return out;
}

/** The first paragraph of prose as plain text, at most `max` characters (lists of posts). */
export function excerptOf(body: string, max = 160): string {
  const first = paragraphs(body)[0];
  return first ? shorten(first, max) : "";
}

/** The paragraph that contains one of the searched words, around that word (search results). */
export function snippetOf(body: string, words: string[], max = 140): string {
  const stems = words.map((w) => w.slice(0, Math.max(3, w.length - 2)).toLowerCase());
  for (const text of paragraphs(body)) {
    const lower = text.toLowerCase();
    const at = Math.min(...stems.map((s) => lower.indexOf(s)).filter((i) => i >= 0));
    if (!Number.isFinite(at)) continue;
    const start = at > 60 ? text.lastIndexOf(" ", at - 40) + 1 : 0;
    return (start > 0 ? "…" : "") + shorten(text.slice(start), max);
  }
  return excerptOf(body, max);
}
