import type { PlanContext } from "./plan-context";
import type { PlannedEnrollments } from "./plan-enrollments";

/**
 * Teachers of sections, from the teachers' enrolments: a bulk enrollments file sets each SIS section's
 * teachers (a teacher the school added by hand stays); a delta adds and removes.
 */
export async function planTeachers(ctx: PlanContext, planned: Pick<PlannedEnrollments, "teachersWanted" | "teacherPairsRemoved">) {
  const { state, look } = ctx;
  const bulk = ctx.bundle.modes.enrollments === "bulk";
  const sectionsOfTeachers = new Set<string>(planned.teachersWanted.keys());
  if (bulk) for (const s of state.sections) if (s.sourced_id) sectionsOfTeachers.add(s.sourced_id);
  for (const sectionSourced of sectionsOfTeachers) {
    await ctx.turn();
    setTeachers(ctx, sectionSourced, planned.teachersWanted.get(sectionSourced) ?? new Set<string>(), bulk);
  }
  for (const pair of planned.teacherPairsRemoved) {
    await ctx.turn();
    const section = look.sectionBySourced.get(pair.section);
    const staffId = look.staffBySourced.get(pair.staff)?.id ?? null;
    if (section && staffId !== null && section.teachers.includes(staffId)) {
      ctx.writes.teachers.remove.push({ section_id: section.id, staff_id: staffId });
      ctx.change({ kind: "teacher", action: "dropped", sourced_id: pair.section, name: `${pair.staff} no longer teaches ${pair.section}` });
    }
  }
}

function setTeachers(ctx: PlanContext, sectionSourced: string, wanted: Set<string>, bulk: boolean) {
  const { look, writes } = ctx;
  const staffIdOf = (sourced: string) => look.staffBySourced.get(sourced)?.id ?? null;
  const existing = look.sectionBySourced.get(sectionSourced);
  const have = new Set(existing?.teachers ?? []);
  for (const staffSourced of wanted) {
    const id = staffIdOf(staffSourced);
    if (id !== null && have.has(id)) continue;
    writes.teachers.add.push({ section_sourced_id: sectionSourced, staff_sourced_id: staffSourced });
    ctx.change({ kind: "teacher", action: "created", sourced_id: sectionSourced, name: `${staffSourced} teaches ${sectionSourced}` });
  }
  if (!bulk || !existing) return;
  const wantedIds = new Set([...wanted].map(staffIdOf));
  for (const id of have) {
    if (wantedIds.has(id)) continue;
    const staffRow = look.staffById.get(id);
    if (!staffRow?.sourced_id) continue; // a teacher the school added by hand stays
    writes.teachers.remove.push({ section_id: existing.id, staff_id: id });
    ctx.change({ kind: "teacher", action: "dropped", sourced_id: sectionSourced, name: `${staffRow.sourced_id} no longer teaches ${sectionSourced}` });
  }
}
