import "server-only";
import type { Db } from "@/db";
import { audienceFactsOf, audienceNamesOf } from "@/db/queries/audience";
import { conflict, invalid } from "@/lib/api/errors.server";
import { gradeRangeMessage, isInRange } from "@/lib/grade-range";
import { schoolGradeRange } from "@/lib/people/grades.server";
import { admits, normalizeAudience, refusalSentence, type AudienceMember, type TopicAudience } from "./audience";

/**
 * Who may join, on the server: the checks of a topic's audience and seat cap when a teacher saves them,
 * the refusal of a student's choice outside the audience, and the reasons the staff list shows.
 */

interface TopicWithAudience {
  memo: string;
  open_to: TopicAudience | null;
}

/**
 * A topic's `open_to` and `seat_cap` as saved: grades within the school's range, clusters and sections
 * that exist, a cap from 1 to the teacher's capacity; 422 naming each wrong field. The audience comes
 * back normalised (none: null).
 */
export async function checkedAudience(
  db: Db,
  input: { open_to?: Partial<TopicAudience> | null; seat_cap?: number | null },
  capacity: number,
): Promise<{ open_to: TopicAudience | null | undefined; seat_cap: number | null | undefined }> {
  const errors: Record<string, string[]> = {};
  const open_to = input.open_to === undefined ? undefined : normalizeAudience(input.open_to);
  if (open_to) {
    const [range, names] = await Promise.all([
      open_to.grades.length > 0 ? schoolGradeRange(db) : null,
      audienceNamesOf(db, open_to.cluster_ids, open_to.section_ids),
    ]);
    if (range && open_to.grades.some((grade) => !isInRange(range, grade))) {
      errors["open_to.grades"] = [gradeRangeMessage(range)];
    }
    const missingClusters = open_to.cluster_ids.filter((id) => !names.clusters.has(id));
    if (missingClusters.length > 0) {
      errors["open_to.cluster_ids"] = [`No cluster has the id ${missingClusters.join(", ")}.`];
    }
    const missingSections = open_to.section_ids.filter((id) => !names.sections.has(id));
    if (missingSections.length > 0) {
      errors["open_to.section_ids"] = [`No current section has the id ${missingSections.join(", ")}.`];
    }
  }
  if (input.seat_cap != null && input.seat_cap > capacity) {
    errors.seat_cap = [`Seats can be at most your capacity, ${capacity}.`];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return { open_to, seat_cap: input.seat_cap };
}

/** The sentence that refuses this student the topic, or null when they may join. One statement for the student, one for names. */
export async function refusalFor(
  db: Db,
  topic: TopicWithAudience,
  member: AudienceMember,
): Promise<string | null> {
  const audience = normalizeAudience(topic.open_to);
  if (!audience || admits(audience, member)) return null;
  const names = await audienceNamesOf(db, audience.cluster_ids, audience.section_ids);
  return refusalSentence(topic.memo, audience, names);
}

/** 409 not_open_to_you with the reason when the student is outside the topic's audience on that date. */
export async function requireAdmitted(db: Db, topic: TopicWithAudience, studentId: number, date: string) {
  if (!normalizeAudience(topic.open_to)) return;
  const member = await audienceFactsOf(db, studentId, date);
  const reason = member ? await refusalFor(db, topic, member) : null;
  if (reason) throw conflict("not_open_to_you", reason);
}

/**
 * For the staff list: each topic's refusal for this student (absent: open to them). A list read by
 * staff (no student) shows every topic open. Two statements at most, whatever the number of topics.
 */
export async function refusalsFor(
  db: Db,
  topics: readonly (TopicWithAudience & { id: number })[],
  studentId: number | null,
  date: string,
): Promise<Map<number, string>> {
  const limited = topics.flatMap((topic) => {
    const audience = normalizeAudience(topic.open_to);
    return audience ? [{ id: topic.id, memo: topic.memo, audience }] : [];
  });
  const refusals = new Map<number, string>();
  if (studentId === null || limited.length === 0) return refusals;
  const member = await audienceFactsOf(db, studentId, date);
  if (!member) return refusals;
  const closed = limited.filter((topic) => !admits(topic.audience, member));
  if (closed.length === 0) return refusals;
  const names = await audienceNamesOf(
    db,
    closed.flatMap((topic) => topic.audience.cluster_ids),
    closed.flatMap((topic) => topic.audience.section_ids),
  );
  for (const topic of closed) refusals.set(topic.id, refusalSentence(topic.memo, topic.audience, names));
  return refusals;
}
