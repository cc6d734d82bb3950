import type { EnrollmentRow } from "./bundle-files";
import type { PlanContext } from "./plan-context";
import type { HomeroomEnrollment } from "./plan-homerooms";
import type { PlannedPeople } from "./plan-people";
import type { PlannedSections } from "./plan-classes";
import { diff, isEmpty } from "./plan-shared";
import { ROLE_OF } from "./plan-users";

/**
 * Enrolments: students in sections (with dates); a teacher's enrolment says who teaches the section
 * (lib/oneroster/plan-teachers.ts); enrolments in homerooms go to lib/oneroster/plan-homerooms.ts.
 */

export interface PlannedEnrollments {
  /** Section sourcedId → the staff sourcedIds the rows say teach it. */
  teachersWanted: Map<string, Set<string>>;
  /** Teacher enrolments marked tobedeleted. */
  teacherPairsRemoved: { section: string; staff: string }[];
  homeroomEnrollments: HomeroomEnrollment[];
}

interface EnrollmentPass extends PlannedEnrollments {
  people: PlannedPeople;
  sections: PlannedSections;
  homeroomIds: Set<string>;
  /** Student enrolments the rows list (a bulk file drops the rest). */
  listed: Set<string>;
}

export async function planEnrollments(
  ctx: PlanContext,
  people: PlannedPeople,
  sections: PlannedSections,
  homeroomIds: Set<string>,
): Promise<PlannedEnrollments> {
  const pass: EnrollmentPass = {
    people,
    sections,
    homeroomIds,
    listed: new Set(),
    teachersWanted: new Map(),
    teacherPairsRemoved: [],
    homeroomEnrollments: [],
  };
  for (const e of ctx.bundle.enrollments) {
    await ctx.turn();
    if (ctx.inOrg(e.schoolSourcedId)) planEnrollment(ctx, pass, e);
    else ctx.otherSchools.enrollments += 1;
  }
  if (ctx.bundle.modes.enrollments === "bulk") await dropUnlisted(ctx, pass.listed);
  const { teachersWanted, teacherPairsRemoved, homeroomEnrollments } = pass;
  return { teachersWanted, teacherPairsRemoved, homeroomEnrollments };
}

/**
 * A user the rows mark tobedeleted is nobody to enrol (their enrolment was planned and silently not
 * written, every time: applying such a bundle twice "created" it twice).
 */
const deletedUser = (people: PlannedPeople, sourced: string) => people.userBySourced.get(sourced)?.status === "tobedeleted";

function planEnrollment(ctx: PlanContext, pass: EnrollmentPass, e: EnrollmentRow) {
  const role = ROLE_OF[e.role];
  if (role === undefined) return;
  const teacher = role !== "student";
  if (pass.homeroomIds.has(e.classSourcedId)) {
    if (e.status === "active" && !deletedUser(pass.people, e.userSourcedId))
      pass.homeroomEnrollments.push({ line: e.line, classSourcedId: e.classSourcedId, userSourcedId: e.userSourcedId, teacher, primary: e.primary });
    return;
  }
  if (!teacher) pass.listed.add(e.sourcedId);
  if (e.status === "tobedeleted") {
    if (teacher) pass.teacherPairsRemoved.push({ section: e.classSourcedId, staff: e.userSourcedId });
    else dropEnrollment(ctx, e);
    return;
  }
  if (!checkEnrollment(ctx, pass, e, teacher)) return;
  if (teacher) {
    const set = pass.teachersWanted.get(e.classSourcedId) ?? new Set<string>();
    set.add(e.userSourcedId);
    pass.teachersWanted.set(e.classSourcedId, set);
    return;
  }
  writeEnrollment(ctx, e);
}

function dropEnrollment(ctx: PlanContext, e: EnrollmentRow) {
  const existing = ctx.look.enrollmentBySourced.get(e.sourcedId);
  if (!existing || existing.dropped) return;
  ctx.writes.enrollments.drop.push(existing.id);
  ctx.change({ kind: "enrollment", action: "dropped", sourced_id: e.sourcedId, name: `${e.userSourcedId} in ${e.classSourcedId}` });
}

/** Whether the enrolment names a known class and a known person of the right kind, with dates in order. */
export function checkEnrollment(ctx: PlanContext, pass: Pick<EnrollmentPass, "people" | "sections">, e: EnrollmentRow, teacher: boolean): boolean {
  const fail = (reason: string) => {
    ctx.errors.push({ file: "enrollments.csv", line: e.line, reason });
    return false;
  };
  if (!pass.sections.known(e.classSourcedId)) return fail(`classSourcedId ${e.classSourcedId} is not in classes.csv.`);
  if (!personKnown(ctx, pass.people, e.userSourcedId, teacher)) {
    return fail(
      deletedUser(pass.people, e.userSourcedId)
        ? `userSourcedId ${e.userSourcedId} is marked tobedeleted in users.csv.`
        : `userSourcedId ${e.userSourcedId} is not a ${teacher ? "teacher" : "student"} in users.csv.`,
    );
  }
  if (e.beginDate && e.endDate && e.endDate < e.beginDate) return fail("endDate is before beginDate.");
  return true;
}

function personKnown(ctx: PlanContext, people: PlannedPeople, sourced: string, teacher: boolean) {
  if (deletedUser(people, sourced)) return false;
  const role = people.roleOf.get(sourced);
  if (role) return teacher ? role !== "student" : role === "student";
  return teacher ? ctx.look.staffBySourced.has(sourced) : ctx.look.studentBySourced.has(sourced);
}

function writeEnrollment(ctx: PlanContext, e: EnrollmentRow) {
  const { look, writes } = ctx;
  const name = `${e.userSourcedId} in ${e.classSourcedId}`;
  const values = { student_sourced_id: e.userSourcedId, section_sourced_id: e.classSourcedId, begin_date: e.beginDate, end_date: e.endDate };
  const existing = look.enrollmentBySourced.get(e.sourcedId);
  if (!existing) {
    writes.enrollments.insert.push({ sourced_id: e.sourcedId, ...values });
    ctx.change({ kind: "enrollment", action: "created", sourced_id: e.sourcedId, name });
    return;
  }
  const fields = diff(
    { student: existing.student_id, section: existing.section_id, begin_date: existing.begin_date, end_date: existing.end_date },
    {
      student: look.studentBySourced.get(e.userSourcedId)?.id ?? null,
      section: look.sectionBySourced.get(e.classSourcedId)?.id ?? null,
      begin_date: e.beginDate,
      end_date: e.endDate,
    },
  );
  if (existing.dropped) fields.dropped = { before: true, after: false };
  if (isEmpty(fields)) return ctx.unchanged("enrollment");
  writes.enrollments.update.push({ id: existing.id, ...values });
  ctx.change({ kind: "enrollment", action: "updated", sourced_id: e.sourcedId, name, fields });
}

/** A bulk enrollments file replaces: the student enrolments it no longer lists are dropped. */
async function dropUnlisted(ctx: PlanContext, listed: Set<string>) {
  for (const e of ctx.state.enrollments) {
    await ctx.turn();
    if (!listed.has(e.sourced_id) && !e.dropped) {
      ctx.writes.enrollments.drop.push(e.id);
      ctx.change({ kind: "enrollment", action: "dropped", sourced_id: e.sourced_id, name: e.sourced_id });
    }
  }
}
