import type { ClassRow, CourseRow } from "./bundle-files";
import type { PlanContext } from "./plan-context";
import { archiveUnlisted, diff, isEmpty, pick } from "./plan-shared";

/** Courses: those of the school and those its classes use, matched on sourcedId, else adopted by course code. */

export interface PlannedCourses {
  /** Whether a class may name the course: active in the rows, or the school's and not in the rows. */
  known(sourcedId: string): boolean;
}

interface CoursePass {
  inRows: Map<string, { short_name: string; active: boolean }>;
  seenShort: Map<string, number>;
}

export async function planCourses(ctx: PlanContext, sections: ClassRow[]): Promise<PlannedCourses> {
  const used = new Set(sections.map((c) => c.courseSourcedId));
  const pass: CoursePass = { inRows: new Map(), seenShort: new Map() };
  for (const c of ctx.bundle.courses) {
    await ctx.turn();
    if (!ctx.inOrg(c.orgSourcedId) && !used.has(c.sourcedId)) continue;
    planCourse(ctx, pass, c);
  }
  if (ctx.bundle.modes.courses === "bulk") await archiveUnlisted(ctx, "course", ctx.state.courses, pass.inRows, (c) => c.name);
  const { inRows } = pass;
  const bySourced = ctx.look.courseBySourced;
  return { known: (id) => (inRows.get(id)?.active ?? false) || (!inRows.has(id) && bySourced.has(id)) };
}

function planCourse(ctx: PlanContext, pass: CoursePass, c: CourseRow) {
  const { writes, errors, look } = ctx;
  const shortName = c.courseCode ?? c.sourcedId;
  pass.inRows.set(c.sourcedId, { short_name: shortName, active: c.status === "active" });
  const existing = look.courseBySourced.get(c.sourcedId);
  if (c.status === "tobedeleted") {
    if (existing && !existing.archived) {
      writes.courses.archive.push(existing.id);
      ctx.change({ kind: "course", action: "archived", sourced_id: c.sourcedId, name: c.title });
    }
    return;
  }
  const other = pass.seenShort.get(shortName.toLowerCase());
  if (other !== undefined) {
    errors.push({ file: "courses.csv", line: c.line, reason: `The courseCode ${shortName} is also on line ${other}.` });
    return;
  }
  pass.seenShort.set(shortName.toLowerCase(), c.line);
  const byShort = look.courseByShort.get(shortName.toLowerCase());
  if (byShort && byShort.id !== existing?.id && (byShort.sourced_id || existing)) {
    errors.push({ file: "courses.csv", line: c.line, reason: `The course code ${shortName} belongs to another course.` });
    return;
  }
  const match = existing ?? byShort;
  const values = { sourced_id: c.sourcedId, name: c.title, short_name: shortName };
  if (!match) {
    writes.courses.insert.push(values);
    ctx.change({ kind: "course", action: "created", sourced_id: c.sourcedId, name: c.title });
    return;
  }
  const fields = diff(pick(match, ["sourced_id", "name", "short_name"]), values);
  if (match.archived) fields.archived = { before: true, after: false };
  if (isEmpty(fields)) return ctx.unchanged("course");
  writes.courses.update.push({ id: match.id, ...values });
  ctx.change({ kind: "course", action: "updated", sourced_id: c.sourcedId, name: c.title, fields });
}
