import type { TopicAudience } from "@/db/schema/choice";
import { gradeLabel } from "@/lib/grade-range";

/**
 * Who may join a topic (a retake for one section, say): grades, clusters or sections; a student in any of them is
 * admitted, and an audience of none (null) admits everyone. Client-safe: the server refuses a choice
 * with `refusalSentence` (lib/choice/audience.server.ts) and the plan picker shows the same sentence.
 */
export type { TopicAudience } from "@/db/schema/choice";

/** The plan picker's mark on a teacher whose topic the student may not join (the Help post quotes it). */
export const NOT_OPEN_TO_YOU = "Not open to you";

/** What decides admission: the student's grade, clusters and current sections. */
export interface AudienceMember {
  grade: number;
  cluster_ids: readonly number[];
  section_ids: readonly number[];
}

/** The names a refusal reads: clusters by name, sections by code. */
export interface AudienceNames {
  clusters: ReadonlyMap<number, string>;
  sections: ReadonlyMap<number, string>;
}

/** An audience with no grade, cluster or section is everyone: stored as null. */
export function normalizeAudience(audience: Partial<TopicAudience> | null | undefined): TopicAudience | null {
  if (!audience) return null;
  const unique = (list: readonly number[] | undefined) => [...new Set(list ?? [])].sort((a, b) => a - b);
  const normal = {
    grades: unique(audience.grades),
    cluster_ids: unique(audience.cluster_ids),
    section_ids: unique(audience.section_ids),
  };
  return normal.grades.length + normal.cluster_ids.length + normal.section_ids.length === 0 ? null : normal;
}

/** Whether the student may join: everyone when there is no audience, else any grade, cluster or section matching. */
export function admits(audience: TopicAudience | null | undefined, student: AudienceMember): boolean {
  const open = normalizeAudience(audience);
  if (!open) return true;
  return (
    open.grades.includes(student.grade) ||
    open.cluster_ids.some((id) => student.cluster_ids.includes(id)) ||
    open.section_ids.some((id) => student.section_ids.includes(id))
  );
}

/** "A", "A and B", "A, B and C". */
export function andList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** "grade 11", "grades 11 and 12". */
function gradesPhrase(grades: readonly number[]): string | null {
  if (grades.length === 0) return null;
  return `${grades.length === 1 ? "grade" : "grades"} ${andList(grades.map(gradeLabel))}`;
}

/** "grades 11 and 12", "CHEM12-01 and CHEM12-02", "grade 12, the Robotics cluster and CHEM12-01". */
export function audiencePhrase(audience: TopicAudience, names: AudienceNames): string {
  const parts: string[] = [];
  const grades = gradesPhrase(audience.grades);
  if (grades) parts.push(grades);
  const clusters = audience.cluster_ids.map((id) => names.clusters.get(id)).filter((n): n is string => !!n);
  if (clusters.length === 1) parts.push(`the ${clusters[0]} cluster`);
  else if (clusters.length > 1) parts.push(`the clusters ${andList(clusters)}`);
  parts.push(...audience.section_ids.map((id) => names.sections.get(id)).filter((n): n is string => !!n));
  return parts.length > 0 ? andList(parts) : "some students";
}

/** "Chemistry 12 retake is only for CHEM12-01 and CHEM12-02." ("This topic …" without a memo). */
export function refusalSentence(memo: string, audience: TopicAudience, names: AudienceNames): string {
  const subject = memo.trim() || "This topic";
  return `${subject} is only for ${audiencePhrase(audience, names)}.`;
}

/** The seats a teacher offers with a topic: their capacity, or the topic's cap when it is lower. */
export const effectiveCapacity = (capacity: number, seatCap: number | null | undefined) =>
  seatCap == null ? capacity : Math.min(capacity, seatCap);
