import type { Bundle, BundleProblem, ClassRow, EnrollmentRow, OrgRow } from "./parse";
import { turnTaker, type TakeTurn } from "@/lib/event-loop";
import { planHomerooms, type HomeroomEnrollment } from "./plan-homerooms";
import { planGuardians } from "./plan-guardians";
import { planPeople, ROLE_OF } from "./plan-people";
import { diff, isEmpty, pick, type PlanContext } from "./plan-shared";
import { planTerms } from "./plan-terms";
import type { Action, Change, Plan, PlannedYear, PlanOptions, Review, RosterState, Writes } from "./plan-types";

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

const emptyWrites = (): Writes => ({
  guardians: { upsert: [], sync_students: [], remove: [] },
  terms: { insert: [], update: [] },
  students: { insert: [], update: [], archive: [], restore: [] },
  staff: { insert: [], update: [] },
  homerooms: { staff: [], students: [] },
  disable: [],
  courses: { insert: [], update: [], archive: [] },
  sections: { insert: [], update: [], archive: [] },
  meetings: { add: [], remove: [] },
  teachers: { add: [], remove: [] },
  enrollments: { insert: [], update: [], drop: [] },
});

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

const emptyReview = (): Review => ({
  sis_administrators: [],
  protected: [],
  overwrites: [],
  kept: [],
  terms: [],
  role_changes: [],
  homerooms: { classes: 0, students: 0 },
});

export async function planBundle(
  bundle: Bundle,
  state: RosterState,
  options: PlanOptions = {},
  turn: TakeTurn = turnTaker(),
): Promise<Plan> {
  const errors: BundleProblem[] = [];
  const changes: Change[] = [];
  const writes = emptyWrites();
  const review = emptyReview();
  const unchangedKeys = new Set<string>();
  const changeIndex = new Map<string, Change>();
  const modes = bundle.modes;
  const key = (kind: string, sourced: string) => `${kind}\u001f${sourced}`;
  const change = (c: Change) => {
    changes.push(c);
    changeIndex.set(key(c.kind, c.sourced_id), c);
    unchangedKeys.delete(key(c.kind, c.sourced_id));
    return c;
  };
  let unchangedOthers = 0;

  // The school: the one the caller chose, the only school in orgs.csv, or everything when orgs is absent.
  const orgs = bundle.orgs.map((o: OrgRow) => ({ sourced_id: o.sourcedId, name: o.name, type: o.type }));
  const schools = orgs.filter((o) => o.type.toLowerCase() === "school");
  let org: string | null = options.org_sourced_id ?? null;
  if (org && !orgs.some((o) => o.sourced_id === org)) {
    errors.push({ file: "orgs.csv", line: 0, reason: `No org in orgs.csv has the sourcedId ${org}.` });
  } else if (!org && schools.length === 1) org = schools[0]!.sourced_id;
  else if (!org && schools.length > 1) {
    errors.push({ file: "orgs.csv", line: 0, reason: `The bundle has ${schools.length} schools: choose one (org_sourced_id).` });
  }
  const inOrg = (id: string) => !org || id === org;
  const ctx: PlanContext = {
    bundle,
    state,
    options,
    turn,
    errors,
    writes,
    review,
    org,
    change,
    changeOf: (kind, sourced) => changeIndex.get(key(kind, sourced)),
    unchanged: (kind, sourced) => {
      if (sourced === undefined) unchangedOthers += 1;
      else if (!changeIndex.has(key(kind, sourced))) unchangedKeys.add(key(kind, sourced));
    },
    inOrg,
  };
  const unchangedCount = () => unchangedKeys.size + unchangedOthers;

  // Terms and the school year; then people.
  const { yearIds, schoolYear, bundleTerms, termIdOf, sourcedOfTerm } = await planTerms(ctx);
  const people = await planPeople(ctx);
  const { roleOf, userBySourced } = people;
  await planGuardians(ctx, people);

  // Courses: those of the school and those its classes use. Homeroom classes are no sections (planHomerooms).
  const schoolClasses = bundle.classes.filter((c) => inOrg(c.schoolSourcedId));
  const homeroomClasses = schoolClasses.filter((c) => c.classType === "homeroom" && c.status === "active");
  const homeroomIds = new Set(schoolClasses.filter((c) => c.classType === "homeroom").map((c) => c.sourcedId));
  const classes = schoolClasses.filter((c) => c.classType !== "homeroom");
  const usedCourses = new Set(classes.map((c) => c.courseSourcedId));
  const courseBySourced = new Map(state.courses.filter((c) => c.sourced_id).map((c) => [c.sourced_id!, c]));
  const courseByShort = new Map(state.courses.map((c) => [c.short_name.toLowerCase(), c]));
  const bundleCourses = new Map<string, { short_name: string; active: boolean }>();
  const seenShort = new Map<string, number>();
  for (const c of bundle.courses) {
    await turn();
    if (!inOrg(c.orgSourcedId) && !usedCourses.has(c.sourcedId)) continue;
    const shortName = c.courseCode ?? c.sourcedId;
    bundleCourses.set(c.sourcedId, { short_name: shortName, active: c.status === "active" });
    const existing = courseBySourced.get(c.sourcedId);
    if (c.status === "tobedeleted") {
      if (existing && !existing.archived) {
        writes.courses.archive.push(existing.id);
        change({ kind: "course", action: "archived", sourced_id: c.sourcedId, name: c.title });
      }
      continue;
    }
    const other = seenShort.get(shortName.toLowerCase());
    if (other !== undefined) {
      errors.push({ file: "courses.csv", line: c.line, reason: `The courseCode ${shortName} is also on line ${other}.` });
      continue;
    }
    seenShort.set(shortName.toLowerCase(), c.line);
    const byShort = courseByShort.get(shortName.toLowerCase());
    if (byShort && byShort.id !== existing?.id && (byShort.sourced_id || existing)) {
      errors.push({ file: "courses.csv", line: c.line, reason: `The course code ${shortName} belongs to another course.` });
      continue;
    }
    const match = existing ?? byShort;
    const values = { sourced_id: c.sourcedId, name: c.title, short_name: shortName };
    if (!match) {
      writes.courses.insert.push(values);
      change({ kind: "course", action: "created", sourced_id: c.sourcedId, name: c.title });
      continue;
    }
    const fields = diff(pick(match, ["sourced_id", "name", "short_name"]), values);
    if (match.archived) fields.archived = { before: true, after: false };
    if (isEmpty(fields)) ctx.unchanged("course");
    else {
      writes.courses.update.push({ id: match.id, ...values });
      change({ kind: "course", action: "updated", sourced_id: c.sourcedId, name: c.title, fields });
    }
  }
  if (modes.courses === "bulk") {
    for (const c of state.courses) {
      await turn();
      if (c.sourced_id && !bundleCourses.has(c.sourced_id) && !c.archived) {
        writes.courses.archive.push(c.id);
        change({ kind: "course", action: "archived", sourced_id: c.sourced_id, name: c.name });
      }
    }
  }
  const courseKnown = (id: string) => (bundleCourses.get(id)?.active ?? false) || (!bundleCourses.has(id) && courseBySourced.has(id));

  // Sections (classes): code, course, term, the blocks their periods name.
  const sectionBySourced = new Map(state.sections.filter((s) => s.sourced_id).map((s) => [s.sourced_id!, s]));
  const courseIdOfSourced = (id: string) => courseBySourced.get(id)?.id ?? null;
  const unmatched = new Set<string>();
  const bundleSections = new Map<string, ClassRow>();
  const seenCodes = new Map<string, number>();
  for (const c of classes) {
    await turn();
    bundleSections.set(c.sourcedId, c);
    const existing = sectionBySourced.get(c.sourcedId);
    if (c.status === "tobedeleted") {
      if (existing && !existing.archived) {
        writes.sections.archive.push(existing.id);
        change({ kind: "section", action: "archived", sourced_id: c.sourcedId, name: c.title });
      }
      continue;
    }
    if (!courseKnown(c.courseSourcedId)) {
      errors.push({ file: "classes.csv", line: c.line, reason: `courseSourcedId ${c.courseSourcedId} is not in courses.csv.` });
      continue;
    }
    let termSourced: string | null = null;
    for (const t of c.termSourcedIds) {
      if (yearIds.has(t)) continue;
      if (bundleTerms.has(t) || termIdOf.has(t)) {
        termSourced ??= t;
        continue;
      }
      if (modes.academicSessions !== "absent") {
        errors.push({ file: "classes.csv", line: c.line, reason: `termSourcedIds: ${t} is not in academicSessions.csv.` });
      }
    }
    const code = c.classCode ?? c.title;
    const codeKey = `${c.courseSourcedId}\u001f${code.toLowerCase()}`;
    const other = seenCodes.get(codeKey);
    if (other !== undefined) {
      errors.push({ file: "classes.csv", line: c.line, reason: `Another class of the course has the classCode ${code} (line ${other}).` });
      continue;
    }
    seenCodes.set(codeKey, c.line);
    const courseId = courseIdOfSourced(c.courseSourcedId);
    const adoptable =
      !existing && courseId !== null
        ? state.sections.find((s) => s.course_id === courseId && s.code.toLowerCase() === code.toLowerCase())
        : undefined;
    if (adoptable?.sourced_id) {
      errors.push({ file: "classes.csv", line: c.line, reason: `The course already has a class with the code ${code} (SIS record ${adoptable.sourced_id}).` });
      continue;
    }
    const match = existing ?? adoptable;
    const termId = termSourced ? (termIdOf.get(termSourced) ?? null) : null;
    const values = { sourced_id: c.sourcedId, course_sourced_id: c.courseSourcedId, code, term_sourced_id: termSourced, term_id: termId };
    // Meetings: each period's block (periods that match nothing are asked for in the dry run).
    const wanted = new Set<number>();
    for (const p of c.periods) {
      const block = matchPeriod(p, state.blocks, options.periods);
      if (block === null) unmatched.add(p);
      else wanted.add(block);
    }
    if (!match) {
      writes.sections.insert.push(values);
      change({ kind: "section", action: "created", sourced_id: c.sourcedId, name: `${c.title} (${code})` });
      for (const block_id of wanted) writes.meetings.add.push({ section_sourced_id: c.sourcedId, block_id });
      continue;
    }
    const before = {
      sourced_id: match.sourced_id,
      course: [...courseBySourced.values()].find((x) => x.id === match.course_id)?.sourced_id ?? null,
      code: match.code,
      term: match.term_id === null ? null : (sourcedOfTerm.get(match.term_id) ?? `#${match.term_id}`),
    };
    const fields = diff(before, { sourced_id: c.sourcedId, course: c.courseSourcedId, code, term: termSourced });
    if (match.archived) fields.archived = { before: true, after: false };
    const blocksBefore = [...match.blocks].sort((a, b) => a - b);
    const blocksAfter = c.periods.length ? [...wanted].sort((a, b) => a - b) : blocksBefore;
    if (blocksBefore.join() !== blocksAfter.join()) {
      const label = (ids: number[]) => ids.map((id) => state.blocks.find((b) => b.id === id)?.label ?? String(id)).join(", ");
      fields.blocks = { before: label(blocksBefore), after: label(blocksAfter) };
      for (const block_id of blocksAfter) if (!match.blocks.includes(block_id)) writes.meetings.add.push({ section_sourced_id: c.sourcedId, block_id });
      for (const block_id of match.blocks) if (!blocksAfter.includes(block_id)) writes.meetings.remove.push({ section_id: match.id, block_id });
    }
    if (isEmpty(fields)) ctx.unchanged("section");
    else {
      if (Object.keys(fields).some((k) => k !== "blocks")) writes.sections.update.push({ id: match.id, ...values });
      change({ kind: "section", action: "updated", sourced_id: c.sourcedId, name: `${c.title} (${code})`, fields });
    }
  }
  if (modes.classes === "bulk") {
    for (const s of state.sections) {
      await turn();
      if (s.sourced_id && !bundleSections.has(s.sourced_id) && !s.archived) {
        writes.sections.archive.push(s.id);
        change({ kind: "section", action: "archived", sourced_id: s.sourced_id, name: s.code });
      }
    }
  }
  const sectionKnown = (id: string) => {
    const row = bundleSections.get(id);
    if (row) return row.status === "active";
    return sectionBySourced.has(id);
  };

  // Enrolments: students in sections (with dates); teachers teach them.
  const studentBySourced = new Map(state.students.filter((s) => s.sourced_id).map((s) => [s.sourced_id!, s]));
  const staffBySourced = new Map(state.staff.filter((s) => s.sourced_id).map((s) => [s.sourced_id!, s]));
  const enrollmentBySourced = new Map(state.enrollments.map((e) => [e.sourced_id, e]));
  const studentIdOf = (sourced: string) => studentBySourced.get(sourced)?.id ?? null;
  const sectionIdOf = (sourced: string) => sectionBySourced.get(sourced)?.id ?? null;
  const staffIdOf = (sourced: string) => staffBySourced.get(sourced)?.id ?? null;
  // A user the bundle marks tobedeleted is nobody to enrol (their enrolment was planned and silently
  // not written, every time: applying such a bundle twice "created" it twice).
  const deletedUser = (sourced: string) => userBySourced.get(sourced)?.status === "tobedeleted";
  const personKnown = (sourced: string, kind: "student" | "staff") => {
    if (deletedUser(sourced)) return false;
    const role = roleOf.get(sourced);
    if (role) return kind === "student" ? role === "student" : role !== "student";
    return kind === "student" ? studentBySourced.has(sourced) : staffBySourced.has(sourced);
  };
  const listedEnrollments = new Set<string>();
  const teachersWanted = new Map<string, Set<string>>(); // section sourced → staff sourced (bulk)
  const teacherPairsRemoved: { section: string; staff: string }[] = [];
  const homeroomEnrollments: HomeroomEnrollment[] = [];
  for (const e of bundle.enrollments as EnrollmentRow[]) {
    await turn();
    if (!inOrg(e.schoolSourcedId)) continue;
    const role = ROLE_OF[e.role];
    if (role === undefined) continue;
    if (homeroomIds.has(e.classSourcedId)) {
      if (e.status === "active" && !deletedUser(e.userSourcedId))
        homeroomEnrollments.push({ line: e.line, classSourcedId: e.classSourcedId, userSourcedId: e.userSourcedId, teacher: role !== "student", primary: e.primary });
      continue;
    }
    if (role === "student") listedEnrollments.add(e.sourcedId);
    if (e.status === "tobedeleted") {
      if (role === "student") {
        const existing = enrollmentBySourced.get(e.sourcedId);
        if (existing && !existing.dropped) {
          writes.enrollments.drop.push(existing.id);
          change({ kind: "enrollment", action: "dropped", sourced_id: e.sourcedId, name: `${e.userSourcedId} in ${e.classSourcedId}` });
        }
      } else teacherPairsRemoved.push({ section: e.classSourcedId, staff: e.userSourcedId });
      continue;
    }
    if (!sectionKnown(e.classSourcedId)) {
      errors.push({ file: "enrollments.csv", line: e.line, reason: `classSourcedId ${e.classSourcedId} is not in classes.csv.` });
      continue;
    }
    const kind = role === "student" ? "student" : "staff";
    if (!personKnown(e.userSourcedId, kind)) {
      const reason = deletedUser(e.userSourcedId)
        ? `userSourcedId ${e.userSourcedId} is marked tobedeleted in users.csv.`
        : `userSourcedId ${e.userSourcedId} is not a ${kind === "student" ? "student" : "teacher"} in users.csv.`;
      errors.push({ file: "enrollments.csv", line: e.line, reason });
      continue;
    }
    if (e.beginDate && e.endDate && e.endDate < e.beginDate) {
      errors.push({ file: "enrollments.csv", line: e.line, reason: "endDate is before beginDate." });
      continue;
    }
    if (role !== "student") {
      const set = teachersWanted.get(e.classSourcedId) ?? new Set<string>();
      set.add(e.userSourcedId);
      teachersWanted.set(e.classSourcedId, set);
      continue;
    }
    const name = `${e.userSourcedId} in ${e.classSourcedId}`;
    const values = {
      student_sourced_id: e.userSourcedId,
      section_sourced_id: e.classSourcedId,
      begin_date: e.beginDate,
      end_date: e.endDate,
    };
    const existing = enrollmentBySourced.get(e.sourcedId);
    if (!existing) {
      writes.enrollments.insert.push({ sourced_id: e.sourcedId, ...values });
      change({ kind: "enrollment", action: "created", sourced_id: e.sourcedId, name });
      continue;
    }
    const fields = diff(
      { student: existing.student_id, section: existing.section_id, begin_date: existing.begin_date, end_date: existing.end_date },
      { student: studentIdOf(e.userSourcedId), section: sectionIdOf(e.classSourcedId), begin_date: e.beginDate, end_date: e.endDate },
    );
    if (existing.dropped) fields.dropped = { before: true, after: false };
    if (isEmpty(fields)) ctx.unchanged("enrollment");
    else {
      writes.enrollments.update.push({ id: existing.id, ...values });
      change({ kind: "enrollment", action: "updated", sourced_id: e.sourcedId, name, fields });
    }
  }
  if (modes.enrollments === "bulk") {
    for (const e of state.enrollments) {
      await turn();
      if (!listedEnrollments.has(e.sourced_id) && !e.dropped) {
        writes.enrollments.drop.push(e.id);
        change({ kind: "enrollment", action: "dropped", sourced_id: e.sourced_id, name: e.sourced_id });
      }
    }
  }

  // Teachers of sections: a bulk enrollments file sets each SIS section's teachers; a delta adds and removes.
  const sectionsOfTeachers = new Set<string>(teachersWanted.keys());
  if (modes.enrollments === "bulk") for (const s of state.sections) if (s.sourced_id) sectionsOfTeachers.add(s.sourced_id);
  for (const sectionSourced of sectionsOfTeachers) {
    await turn();
    const wanted = teachersWanted.get(sectionSourced) ?? new Set<string>();
    const existing = sectionBySourced.get(sectionSourced);
    const have = new Set(existing?.teachers ?? []);
    for (const staffSourced of wanted) {
      const id = staffIdOf(staffSourced);
      if (id !== null && have.has(id)) continue;
      writes.teachers.add.push({ section_sourced_id: sectionSourced, staff_sourced_id: staffSourced });
      change({ kind: "teacher", action: "created", sourced_id: sectionSourced, name: `${staffSourced} teaches ${sectionSourced}` });
    }
    if (modes.enrollments === "bulk" && existing) {
      const wantedIds = new Set([...wanted].map(staffIdOf));
      for (const id of have) {
        if (wantedIds.has(id)) continue;
        const staffRow = state.staff.find((s) => s.id === id);
        if (!staffRow?.sourced_id) continue; // a teacher the school added by hand stays
        writes.teachers.remove.push({ section_id: existing.id, staff_id: id });
        change({ kind: "teacher", action: "dropped", sourced_id: sectionSourced, name: `${staffRow.sourced_id} no longer teaches ${sectionSourced}` });
      }
    }
  }
  for (const pair of teacherPairsRemoved) {
    await turn();
    const section = sectionBySourced.get(pair.section);
    const staffId = staffIdOf(pair.staff);
    if (section && staffId !== null && section.teachers.includes(staffId)) {
      writes.teachers.remove.push({ section_id: section.id, staff_id: staffId });
      change({ kind: "teacher", action: "dropped", sourced_id: pair.section, name: `${pair.staff} no longer teaches ${pair.section}` });
    }
  }

  planHomerooms(ctx, homeroomClasses, homeroomEnrollments, people);

  const count = (action: Action) => changes.filter((c) => c.action === action).length;
  return {
    orgs,
    org_sourced_id: org,
    school_year: schoolYear && plannedYear(schoolYear, state, writes),
    unmatched_periods: [...unmatched].sort(),
    errors,
    counts: {
      created: count("created"),
      updated: count("updated"),
      archived: count("archived"),
      dropped: count("dropped"),
      unchanged: unchangedCount(),
      errors: errors.length,
    },
    changes,
    review,
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
