import type { RosterState, TermMatch } from "./plan-types";
import type { PlanContext } from "./plan-context";
import { diff, foldName, isEmpty, pick } from "./plan-shared";

const TERM_TYPES = new Set(["term", "semester", "gradingperiod", "quarter", "trimester"]);

type LocalTerm = RosterState["terms"][number];

/**
 * The school's term a bundle's term is: the one with its sourcedId; else one the school made itself (no
 * sourcedId yet) with the same name and dates, the same dates, or the same name and overlapping dates,
 * in that order, each adopted once. Adopting writes the sourcedId (and the SIS's name and dates) instead
 * of adding a second term of the same name.
 */
function matchTerm(
  session: { sourcedId: string; title: string; startDate: string; endDate: string },
  bySourced: Map<string, LocalTerm>,
  free: LocalTerm[],
): { term: LocalTerm; matched: TermMatch["matched"] } | null {
  const known = bySourced.get(session.sourcedId);
  if (known) return { term: known, matched: "sourced_id" };
  const sameName = (t: LocalTerm) => foldName(t.name) === foldName(session.title);
  const sameDates = (t: LocalTerm) => t.start === session.startDate && t.end === session.endDate;
  const overlaps = (t: LocalTerm) => t.start <= session.endDate && session.startDate <= t.end;
  const byNameAndDates = free.find((t) => sameName(t) && sameDates(t));
  if (byNameAndDates) return { term: byNameAndDates, matched: "name_and_dates" };
  const byDates = free.find(sameDates);
  if (byDates) return { term: byDates, matched: "dates" };
  const byName = free.find((t) => sameName(t) && overlaps(t));
  return byName ? { term: byName, matched: "name" } : null;
}

export interface PlannedTerms {
  /** The schoolYear sessions' sourcedIds (a class may name one: the whole year). */
  yearIds: Set<string>;
  /** The bundle's latest active schoolYear session. */
  schoolYear: { sourced_id: string; name: string; start: string; end: string; line: number } | null;
  /** Every term sourcedId the bundle has (active or not). */
  bundleTerms: Set<string>;
  /** The school's term (id) each sourcedId is or becomes, adopted ones included. */
  termIdOf: Map<string, number>;
  /** The sourcedId a school term has or is given by this import. */
  sourcedOfTerm: Map<number, string>;
}

/** Terms (academicSessions of a term type) and the school year; each bundle term says how it matched. */
export async function planTerms(ctx: PlanContext): Promise<PlannedTerms> {
  const { bundle, state, errors, writes, review } = ctx;
  const bySourced = new Map(state.terms.filter((t) => t.sourced_id).map((t) => [t.sourced_id!, t]));
  const free = state.terms.filter((t) => !t.sourced_id);
  const termIdOf = new Map([...bySourced].map(([sourced, t]) => [sourced, t.id]));
  const sourcedOfTerm = new Map([...bySourced].map(([sourced, t]) => [t.id, sourced]));
  const yearIds = new Set<string>();
  let schoolYear: PlannedTerms["schoolYear"] = null;
  const bundleTerms = new Set<string>();
  for (const s of bundle.academicSessions) {
    await ctx.turn();
    if (s.endDate < s.startDate) {
      errors.push({ file: "academicSessions.csv", line: s.line, reason: "endDate is before startDate." });
      continue;
    }
    if (s.type === "schoolyear") {
      yearIds.add(s.sourcedId);
      if (s.status === "active" && (!schoolYear || s.startDate > schoolYear.start)) {
        schoolYear = {
          sourced_id: s.sourcedId,
          name: s.title,
          start: s.startDate,
          end: s.endDate,
          line: s.line,
        };
      }
      continue;
    }
    if (!TERM_TYPES.has(s.type)) continue;
    bundleTerms.add(s.sourcedId);
    if (s.status === "tobedeleted") continue;
    const values = { sourced_id: s.sourcedId, name: s.title, start: s.startDate, end: s.endDate };
    const found = matchTerm(s, bySourced, free);
    review.terms.push({
      sourced_id: s.sourcedId,
      name: s.title,
      start: s.startDate,
      end: s.endDate,
      matched: found?.matched ?? null,
      term: found
        ? { id: found.term.id, name: found.term.name, start: found.term.start, end: found.term.end }
        : null,
    });
    if (!found) {
      writes.terms.insert.push(values);
      ctx.change({ kind: "term", action: "created", sourced_id: s.sourcedId, name: s.title });
      continue;
    }
    const existing = found.term;
    if (found.matched !== "sourced_id") {
      free.splice(free.indexOf(existing), 1);
      termIdOf.set(s.sourcedId, existing.id);
      sourcedOfTerm.set(existing.id, s.sourcedId);
    }
    const fields = diff(pick(existing, ["sourced_id", "name", "start", "end"]), values);
    if (isEmpty(fields)) ctx.unchanged("term", s.sourcedId);
    else {
      writes.terms.update.push({ id: existing.id, ...values });
      ctx.change({
        kind: "term",
        action: "updated",
        sourced_id: s.sourcedId,
        name: s.title,
        fields,
        ...(found.matched !== "sourced_id" ? { matched: found.matched } : {}),
      });
    }
  }
  return { yearIds, schoolYear, bundleTerms, termIdOf, sourcedOfTerm };
}
