import type { ClassRow } from "./bundle-files";
import type { PlanContext } from "./plan-context";
import type { PlannedCourses } from "./plan-courses";
import type { PlannedTerms } from "./plan-terms";
import type { RosterState, Writes } from "./plan-types";
import { archiveUnlisted, diff, isEmpty } from "./plan-shared";

/**
 * Classes: the school's sections (code, course, term, the blocks their periods name). Homeroom classes are
 * no sections (lib/oneroster/plan-homerooms.ts).
 */

type Section = RosterState["sections"][number];

/** The school's classes, split into sections and homerooms. */
export function classesOfSchool(ctx: PlanContext) {
  const ofSchool = ctx.bundle.classes.filter((c) => ctx.inOrg(c.schoolSourcedId));
  ctx.otherSchools.classes = ctx.bundle.classes.length - ofSchool.length;
  return {
    sections: ofSchool.filter((c) => c.classType !== "homeroom"),
    /** The active homeroom classes (planHomerooms). */
    homerooms: ofSchool.filter((c) => c.classType === "homeroom" && c.status === "active"),
    /** Every homeroom class's sourcedId (their enrolments are no section's). */
    homeroomIds: new Set(ofSchool.filter((c) => c.classType === "homeroom").map((c) => c.sourcedId)),
  };
}

/** "3" matches "Block 3", "3" or "Period 3" (case-insensitive), else the caller's map. */
export function matchPeriod(period: string, blocks: RosterState["blocks"], map: Record<string, number> = {}): number | null {
  if (map[period] !== undefined && blocks.some((b) => b.id === map[period])) return map[period]!;
  const p = period.trim().toLowerCase();
  const hit =
    blocks.find((b) => b.label.trim().toLowerCase() === p) ??
    blocks.find((b) => b.label.trim().toLowerCase() === `block ${p}`) ??
    blocks.find((b) => b.label.trim().toLowerCase() === `period ${p}`);
  return hit?.id ?? null;
}

export interface PlannedSections {
  /** Whether an enrolment may name the class: active in the rows, or the school's and not in the rows. */
  known(sourcedId: string): boolean;
  /** Periods that matched no block (the dry run asks for them). */
  unmatched: Set<string>;
}

interface SectionPass {
  terms: PlannedTerms;
  courses: PlannedCourses;
  inRows: Map<string, ClassRow>;
  seenCodes: Map<string, number>;
  unmatched: Set<string>;
  /** The school's course ids that have a sourcedId, to it. */
  courseSourcedOf: Map<number, string>;
}

export async function planSections(ctx: PlanContext, sections: ClassRow[], terms: PlannedTerms, courses: PlannedCourses): Promise<PlannedSections> {
  const courseSourcedOf = new Map([...ctx.look.courseBySourced.values()].map((c) => [c.id, c.sourced_id!]));
  const pass: SectionPass = { terms, courses, inRows: new Map(), seenCodes: new Map(), unmatched: new Set(), courseSourcedOf };
  for (const c of sections) {
    await ctx.turn();
    planSection(ctx, pass, c);
  }
  if (ctx.bundle.modes.classes === "bulk") await archiveUnlisted(ctx, "section", ctx.state.sections, pass.inRows, (s) => s.code);
  const { inRows } = pass;
  const bySourced = ctx.look.sectionBySourced;
  return { known: (id) => (inRows.has(id) ? inRows.get(id)!.status === "active" : bySourced.has(id)), unmatched: pass.unmatched };
}

function planSection(ctx: PlanContext, pass: SectionPass, c: ClassRow) {
  pass.inRows.set(c.sourcedId, c);
  const existing = ctx.look.sectionBySourced.get(c.sourcedId);
  if (c.status === "tobedeleted") {
    if (existing && !existing.archived) {
      ctx.writes.sections.archive.push(existing.id);
      ctx.change({ kind: "section", action: "archived", sourced_id: c.sourcedId, name: c.title });
    }
    return;
  }
  const checked = checkSection(ctx, pass, c, existing);
  if (!checked) return;
  const { code, termSourced, match } = checked;
  const termId = termSourced ? (pass.terms.termIdOf.get(termSourced) ?? null) : null;
  const values = { sourced_id: c.sourcedId, course_sourced_id: c.courseSourcedId, code, term_sourced_id: termSourced, term_id: termId };
  const wanted = blocksOf(ctx, pass, c);
  if (match) return updateSection(ctx, pass, c, match, values, wanted);
  ctx.writes.sections.insert.push(values);
  ctx.change({ kind: "section", action: "created", sourced_id: c.sourcedId, name: `${c.title} (${code})` });
  for (const block_id of wanted) ctx.writes.meetings.add.push({ section_sourced_id: c.sourcedId, block_id });
}

/** The class's code, term and the school's section it is; null (with an error) when it cannot be imported. */
export function checkSection(ctx: PlanContext, pass: SectionPass, c: ClassRow, existing: Section | undefined) {
  const { errors, look, state } = ctx;
  const fail = (reason: string): null => {
    errors.push({ file: "classes.csv", line: c.line, reason });
    return null;
  };
  if (!pass.courses.known(c.courseSourcedId)) return fail(`courseSourcedId ${c.courseSourcedId} is not in courses.csv.`);
  const termSourced = termOfClass(ctx, pass.terms, c);
  const code = c.classCode ?? c.title;
  const codeKey = `${c.courseSourcedId}\u001f${code.toLowerCase()}`;
  const other = pass.seenCodes.get(codeKey);
  if (other !== undefined) return fail(`Another class of the course has the classCode ${code} (line ${other}).`);
  pass.seenCodes.set(codeKey, c.line);
  const courseId = look.courseBySourced.get(c.courseSourcedId)?.id ?? null;
  const adoptable =
    !existing && courseId !== null
      ? state.sections.find((s) => s.course_id === courseId && s.code.toLowerCase() === code.toLowerCase())
      : undefined;
  if (adoptable?.sourced_id) {
    return fail(`The course already has a class with the code ${code} (SIS record ${adoptable.sourced_id}).`);
  }
  return { code, termSourced, match: existing ?? adoptable };
}

/** The class's term: the first of its sessions that is a term (a school year is the whole year); unknown ones are errors. */
function termOfClass(ctx: PlanContext, terms: PlannedTerms, c: ClassRow): string | null {
  let termSourced: string | null = null;
  for (const t of c.termSourcedIds) {
    if (terms.yearIds.has(t)) continue;
    if (terms.bundleTerms.has(t) || terms.termIdOf.has(t)) {
      termSourced ??= t;
      continue;
    }
    if (ctx.bundle.modes.academicSessions !== "absent") {
      ctx.errors.push({ file: "classes.csv", line: c.line, reason: `termSourcedIds: ${t} is not in academicSessions.csv.` });
    }
  }
  return termSourced;
}

/** Meetings: each period's block (periods that match nothing are asked for in the dry run). */
function blocksOf(ctx: PlanContext, pass: SectionPass, c: ClassRow): Set<number> {
  const wanted = new Set<number>();
  for (const p of c.periods) {
    const block = matchPeriod(p, ctx.state.blocks, ctx.options.periods);
    if (block === null) pass.unmatched.add(p);
    else wanted.add(block);
  }
  return wanted;
}

type SectionValues = Writes["sections"]["insert"][number];

function updateSection(ctx: PlanContext, pass: SectionPass, c: ClassRow, match: Section, values: SectionValues, wanted: Set<number>) {
  const { state, writes } = ctx;
  const before = {
    sourced_id: match.sourced_id,
    course: pass.courseSourcedOf.get(match.course_id) ?? null,
    code: match.code,
    term: match.term_id === null ? null : (pass.terms.sourcedOfTerm.get(match.term_id) ?? `#${match.term_id}`),
  };
  const fields = diff(before, { sourced_id: c.sourcedId, course: c.courseSourcedId, code: values.code, term: values.term_sourced_id });
  if (match.archived) fields.archived = { before: true, after: false };
  const blocksBefore = [...match.blocks].sort((a, b) => a - b);
  const blocksAfter = c.periods.length ? [...wanted].sort((a, b) => a - b) : blocksBefore;
  if (blocksBefore.join() !== blocksAfter.join()) {
    const label = (ids: number[]) => ids.map((id) => state.blocks.find((b) => b.id === id)?.label ?? String(id)).join(", ");
    fields.blocks = { before: label(blocksBefore), after: label(blocksAfter) };
    for (const block_id of blocksAfter) if (!match.blocks.includes(block_id)) writes.meetings.add.push({ section_sourced_id: c.sourcedId, block_id });
    for (const block_id of match.blocks) if (!blocksAfter.includes(block_id)) writes.meetings.remove.push({ section_id: match.id, block_id });
  }
  if (isEmpty(fields)) return ctx.unchanged("section");
  if (Object.keys(fields).some((k) => k !== "blocks")) writes.sections.update.push({ id: match.id, ...values });
  ctx.change({ kind: "section", action: "updated", sourced_id: c.sourcedId, name: `${c.title} (${values.code})`, fields });
}
