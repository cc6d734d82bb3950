import type { UserRow } from "./bundle-files";
import type { Bundle, BundleProblem } from "./parse";
import { turnTaker, type TakeTurn } from "@/lib/event-loop";
import type { Change, PlanOptions, RecordKind, Review, RosterState, Writes } from "./plan-types";
import { chooseSchool, type PlannedOrg } from "./plan-orgs";

type Student = RosterState["students"][number];
type Staff = RosterState["staff"][number];
type Course = RosterState["courses"][number];
type Section = RosterState["sections"][number];
type Enrollment = RosterState["enrollments"][number];

/** The school's records by the keys the planner matches on, and the rows' own users by sourcedId: built once. */
export interface Lookups {
  studentBySourced: Map<string, Student>;
  studentByNumber: Map<string, Student>;
  studentByEmail: Map<string, Student>;
  staffBySourced: Map<string, Staff>;
  staffByEmail: Map<string, Staff>;
  staffById: Map<number, Staff>;
  courseBySourced: Map<string, Course>;
  courseByShort: Map<string, Course>;
  sectionBySourced: Map<string, Section>;
  enrollmentBySourced: Map<string, Enrollment>;
  /** Every account's username (lower-case): a new person may not take one. */
  usernames: Set<string>;
  sysadmins: Set<string>;
  /** The rows' users (users.csv, or a REST pull's users) by sourcedId. */
  userBySourced: Map<string, UserRow>;
}

/** What each part of the planner (one per OneRoster file kind) shares while it decides. */
export interface PlanContext {
  /** The rows to plan (a parsed bundle; any source of OneRoster rows in the same shape). */
  bundle: Bundle;
  state: RosterState;
  options: PlanOptions;
  turn: TakeTurn;
  errors: BundleProblem[];
  writes: Writes;
  review: Review;
  look: Lookups;
  /** The orgs of the rows (what the dry run offers to choose from). */
  orgs: PlannedOrg[];
  /** The school the import is for (null: every record of the bundle). */
  org: string | null;
  /** Records a change (what the dry run lists and counts); answers it so a later part may add fields. */
  change(c: Change): Change;
  /** The change recorded for a person (a later part adds its fields to it rather than counting them twice). */
  changeOf(kind: RecordKind, sourced: string): Change | undefined;
  /** A record the bundle sends again as it is (a person by sourcedId: a later change of theirs uncounts it). */
  unchanged(kind: RecordKind, sourced?: string): void;
  /** How many records `unchanged` counted (a person counted once, however many parts saw them). */
  unchangedCount(): number;
  /** The changes recorded, in the order they were. */
  changes: Change[];
  inOrg(id: string): boolean;
  /** The rows left out as another school's (a district's bundle or endpoint), by kind: the dry run says how many. */
  otherSchools: OtherSchools;
}

export interface OtherSchools {
  users: number;
  classes: number;
  enrollments: number;
}

const bySourced = <T extends { sourced_id: string | null }>(rows: T[]) =>
  new Map(rows.filter((r) => r.sourced_id).map((r) => [r.sourced_id!, r]));

export function lookupsOf(bundle: Bundle, state: RosterState): Lookups {
  return {
    studentBySourced: bySourced(state.students),
    studentByNumber: new Map(state.students.map((s) => [s.student_number, s])),
    studentByEmail: new Map(state.students.filter((s) => s.email).map((s) => [s.email!, s])),
    staffBySourced: bySourced(state.staff),
    staffByEmail: new Map(state.staff.map((s) => [s.email.toLowerCase(), s])),
    staffById: new Map(state.staff.map((s) => [s.id, s])),
    courseBySourced: bySourced(state.courses),
    courseByShort: new Map(state.courses.map((c) => [c.short_name.toLowerCase(), c])),
    sectionBySourced: bySourced(state.sections),
    enrollmentBySourced: new Map(state.enrollments.map((e) => [e.sourced_id, e])),
    usernames: new Set(state.usernames),
    sysadmins: new Set(state.sysadmin_usernames),
    userBySourced: new Map(bundle.users.map((u) => [u.sourcedId, u])),
  };
}

export const emptyWrites = (): Writes => ({
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

const emptyReview = (): Review => ({
  sis_administrators: [],
  protected: [],
  overwrites: [],
  kept: [],
  terms: [],
  role_changes: [],
  homerooms: { classes: 0, students: 0 },
});

/** The context every part plans in: the school chosen, the look-ups built, nothing decided yet. */
export function createPlanContext(
  bundle: Bundle,
  state: RosterState,
  options: PlanOptions = {},
  turn: TakeTurn = turnTaker(),
): PlanContext {
  const errors: BundleProblem[] = [];
  const changes: Change[] = [];
  const unchangedKeys = new Set<string>();
  const changeIndex = new Map<string, Change>();
  const key = (kind: string, sourced: string) => `${kind}\u001f${sourced}`;
  let unchangedOthers = 0;
  const { orgs, org } = chooseSchool(bundle, options, errors);
  return {
    bundle,
    state,
    options,
    turn,
    errors,
    writes: emptyWrites(),
    review: emptyReview(),
    look: lookupsOf(bundle, state),
    orgs,
    org,
    changes,
    change: (c) => {
      changes.push(c);
      changeIndex.set(key(c.kind, c.sourced_id), c);
      unchangedKeys.delete(key(c.kind, c.sourced_id));
      return c;
    },
    changeOf: (kind, sourced) => changeIndex.get(key(kind, sourced)),
    unchanged: (kind, sourced) => {
      if (sourced === undefined) unchangedOthers += 1;
      else if (!changeIndex.has(key(kind, sourced))) unchangedKeys.add(key(kind, sourced));
    },
    unchangedCount: () => unchangedKeys.size + unchangedOthers,
    inOrg: (id) => !org || id === org,
    otherSchools: { users: 0, classes: 0, enrollments: 0 },
  };
}
