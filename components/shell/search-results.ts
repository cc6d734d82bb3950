import { staffName } from "@/lib/people/names";
import { itemHref } from "./panel-links";

/** The kinds of GET /api/search, in the order the panel lists them. */
export const SEARCH_GROUPS = ["students", "staff", "courses", "clusters", "wiki"] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

/**
 * GET /api/search. The spec's fields, plus the detail each row shows (grade, email, teacher,
 * member count) and the number of matches of each kind (`totals`). Older servers sent neither, so
 * both are optional here.
 */
export interface SearchResponse {
  query: string;
  results: {
    /** student_number only where the viewer may see numbers; homeroom: the default teacher. */
    students: {
      id: number;
      first_name: string;
      last_name: string;
      grade?: number;
      student_number?: string;
      homeroom?: { id: number; name: string } | null;
    }[];
    staff: { id: number; title: string; first_name: string; last_name: string; email?: string }[];
    courses: { name: string; short_name: string; teacher?: { id: number; name: string } | null }[];
    clusters: { id: number; name: string; member_count?: number }[];
    /** Help wiki posts matching the words (full text). */
    wiki?: { id: number; title: string; group_title: string; snippet: string }[];
  };
  totals?: Partial<Record<SearchGroup, number>>;
}

export const GROUP_HEADINGS: Record<SearchGroup, string> = {
  students: "Students",
  staff: "Staff",
  courses: "Courses",
  clusters: "Clusters",
  wiki: "Wiki",
};

/** What a count of each kind is called in "Show all 12 students". */
const NOUNS: Record<SearchGroup, [string, string]> = {
  students: ["student", "students"],
  staff: ["staff member", "staff"],
  courses: ["course", "courses"],
  clusters: ["cluster", "clusters"],
  wiki: ["wiki post", "wiki posts"],
};

export const countOf = (group: SearchGroup, n: number) => `${n} ${NOUNS[group][n === 1 ? 0 : 1]}`;

/** The "Show all" button's text (and accessible name). */
export const showAllLabel = (group: SearchGroup, total: number) => `Show all ${countOf(group, total)}`;

export interface Hit {
  key: string;
  label: string;
  href: string;
  /** The second line: grade, email, teacher, member count, or the wiki post's matching words. */
  detail?: string;
}

const memberCount = (n: number) => (n === 1 ? "1 member" : `${n} members`);

/**
 * A student's second line: grade, number (when the viewer sees numbers) and homeroom, so two students
 * of the same name and grade read differently ("Grade 9 · No. 320001 · Homeroom Ms. Okafor, Ines").
 */
function studentDetail(s: SearchResponse["results"]["students"][number]): string | undefined {
  const parts = [
    s.grade === undefined ? null : `Grade ${s.grade}`,
    s.student_number ? `No. ${s.student_number}` : null,
    s.homeroom ? `Homeroom ${s.homeroom.name}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : undefined;
}

/** The rows of one kind, ready to list. */
export function hitsOf(group: SearchGroup, results: SearchResponse["results"]): Hit[] {
  switch (group) {
    case "students":
      return results.students.map((s) => ({
        key: `s${s.id}`,
        label: `${s.first_name} ${s.last_name}`,
        href: itemHref("student", s.id),
        detail: studentDetail(s),
      }));
    case "staff":
      return results.staff.map((s) => ({
        key: `t${s.id}`,
        label: staffName(s),
        href: itemHref("staff", s.id),
        detail: s.email,
      }));
    case "courses":
      return results.courses.map((c) => ({
        key: `c${c.short_name}`,
        label: c.name,
        href: itemHref("course", 0, c.short_name),
        detail: c.teacher === undefined ? undefined : (c.teacher?.name ?? "No teacher"),
      }));
    case "clusters":
      return results.clusters.map((c) => ({
        key: `g${c.id}`,
        label: c.name,
        href: itemHref("cluster", c.id),
        detail: c.member_count === undefined ? undefined : memberCount(c.member_count),
      }));
    case "wiki":
      return (results.wiki ?? []).map((p) => ({
        key: `w${p.id}`,
        label: p.title,
        href: `/wiki/post/${p.id}`,
        detail: p.snippet || p.group_title,
      }));
  }
}

/** Matches of a kind in all (the listed rows when the server sent no totals). */
export const totalOf = (data: SearchResponse, group: SearchGroup) =>
  Math.max(data.totals?.[group] ?? 0, hitsOf(group, data.results).length);
