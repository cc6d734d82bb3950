import type { Bundle } from "./parse";
import { turnTaker, type TakeTurn } from "@/lib/event-loop";
import { classesOfSchool, planSections, type PlannedSections } from "./plan-classes";
import { createPlanContext, type PlanContext } from "./plan-context";
import { planCourses } from "./plan-courses";
import { planEnrollments } from "./plan-enrollments";
import { planGuardians } from "./plan-guardians";
import { planHomerooms } from "./plan-homerooms";
import { planPeople } from "./plan-people";
import { planTeachers } from "./plan-teachers";
import { planTerms, type PlannedTerms } from "./plan-terms";
import type { Action, Plan, PlannedYear, PlanOptions, RosterState, Writes } from "./plan-types";

/**
 * What a bundle would change, decided against what the school has (RosterState) by sourcedId, never by
 * name. Pure (no I/O; asynchronous only to take a turn every few milliseconds, lib/event-loop.ts; the
 * server runs it in the planner's worker thread, lib/oneroster/planner.server.ts): the dry run shows it, the
 * job writes its `writes` in one transaction. A record the SIS sends again unchanged is "unchanged" and written nowhere, so importing a bundle twice changes nothing.
 */

export type {
  Action,
  Change,
  Counts,
  FieldTally,
  Plan,
  PlannedYear,
  PlanOptions,
  ProtectedRow,
  RecordKind,
  Review,
  RoleChange,
  RosterState,
  SisAdministrator,
  StaffValues,
  StudentValues,
  TermMatch,
  Writes,
} from "./plan-types";
export { matchPeriod } from "./plan-classes";

/**
 * The rows' plan, one part per OneRoster file kind over one context of look-ups
 * (lib/oneroster/plan-context.ts): orgs (the school), academic sessions (terms and the year), users and
 * roles (people, family contacts), courses, classes (sections), enrolments (students, teachers,
 * homerooms). Each part reads the rows of its kind and what the earlier parts decided.
 */
export async function planBundle(
  bundle: Bundle,
  state: RosterState,
  options: PlanOptions = {},
  turn: TakeTurn = turnTaker(),
): Promise<Plan> {
  const ctx = createPlanContext(bundle, state, options, turn);
  const terms = await planTerms(ctx);
  const people = await planPeople(ctx);
  await planGuardians(ctx, people);
  const classes = classesOfSchool(ctx);
  const courses = await planCourses(ctx, classes.sections);
  const sections = await planSections(ctx, classes.sections, terms, courses);
  const enrollments = await planEnrollments(ctx, people, sections, classes.homeroomIds);
  await planTeachers(ctx, enrollments);
  planHomerooms(ctx, classes.homerooms, enrollments.homeroomEnrollments, people);
  return planOf(ctx, terms, sections);
}

function planOf(ctx: PlanContext, terms: PlannedTerms, sections: PlannedSections): Plan {
  const { changes, errors, writes } = ctx;
  const count = (action: Action) => changes.filter((c) => c.action === action).length;
  return {
    orgs: ctx.orgs,
    org_sourced_id: ctx.org,
    school_year: terms.schoolYear && plannedYear(terms.schoolYear, ctx.state, writes),
    unmatched_periods: [...sections.unmatched].sort(),
    other_schools: { ...ctx.otherSchools },
    errors,
    counts: {
      created: count("created"),
      updated: count("updated"),
      archived: count("archived"),
      dropped: count("dropped"),
      unchanged: ctx.unchangedCount(),
      errors: errors.length,
    },
    changes,
    review: ctx.review,
    writes,
  };
}

/** The bundle's year against the school's, with the terms as the import's writes leave them. */
function plannedYear(
  year: { sourced_id: string; name: string; start: string; end: string; line: number },
  state: RosterState,
  writes: Writes,
): PlannedYear {
  const current = state.year.start && state.year.end ? { start: state.year.start, end: state.year.end } : null;
  // Not set up yet (the setup checklist's "School year and terms" step): no dates, or no term. A new
  // school has default dates (September to June) but no term until someone sets its year.
  const setUp = current !== null && state.terms.length > 0;
  const change = !setUp ? "set" : current.start === year.start && current.end === year.end ? "same" : "update";
  const updated = new Map(writes.terms.update.map((t) => [t.id, t]));
  const terms = [
    ...state.terms.map((t) => updated.get(t.id) ?? t),
    ...writes.terms.insert,
  ].map((t) => ({ name: t.name, start: t.start, end: t.end }));
  // Attendance keeps counting from its date while that is in the new year, else from the year's first day.
  const from = state.year.attendance_from;
  const attendance_from = from && from >= year.start && from <= year.end ? from : year.start;
  return { ...year, current, change, attendance_from, terms, problem: null, applied: false };
}
