import { turnTaker } from "@/lib/event-loop";
import { ROSTER_FILES, type ClassRow, type CourseRow, type EnrollmentRow, type FileMode, type RoleRow, type SessionRow, type UserRow } from "@/lib/oneroster/bundle-files";
import { noRows, type Bundle } from "@/lib/oneroster/parse";
import { createPlanContext, type PlanContext } from "@/lib/oneroster/plan-context";
import type { PlanOptions, RosterState } from "@/lib/oneroster/plan-types";

/**
 * OneRoster rows as the planner takes them (already parsed, whatever their source), and the school's
 * roster as the planner reads it, for testing each part of the planner alone.
 */

type Student = RosterState["students"][number];
type Staff = RosterState["staff"][number];
type Section = RosterState["sections"][number];

let nextLine = 2;
const line = () => nextLine++;

export const userRow = (o: Partial<UserRow> & { sourcedId: string }): UserRow => ({
  status: "active",
  enabledUser: true,
  orgSourcedIds: [],
  role: "student",
  username: "",
  givenName: "Given",
  familyName: o.sourcedId,
  identifier: null,
  email: null,
  grades: ["09"],
  agentSourcedIds: [],
  preferredFirstName: null,
  position: null,
  department: null,
  line: line(),
  ...o,
});

export const teacherRow = (o: Partial<UserRow> & { sourcedId: string }): UserRow =>
  userRow({ role: "teacher", grades: [], email: `${o.sourcedId}@school.test`, ...o });

export const roleRow = (o: Partial<RoleRow> & { userSourcedId: string; role: string }): RoleRow => ({
  status: "active",
  roleType: "primary",
  orgSourcedId: "school",
  line: line(),
  ...o,
});

export const sessionRow = (o: Partial<SessionRow> & { sourcedId: string }): SessionRow => ({
  status: "active",
  title: o.sourcedId,
  type: "term",
  startDate: "2026-09-01",
  endDate: "2027-01-31",
  parentSourcedId: null,
  schoolYear: null,
  line: line(),
  ...o,
});

export const courseRow = (o: Partial<CourseRow> & { sourcedId: string }): CourseRow => ({
  status: "active",
  title: `Course ${o.sourcedId}`,
  courseCode: o.sourcedId.toUpperCase(),
  orgSourcedId: "school",
  line: line(),
  ...o,
});

export const classRow = (o: Partial<ClassRow> & { sourcedId: string; courseSourcedId: string }): ClassRow => ({
  status: "active",
  title: `Class ${o.sourcedId}`,
  classCode: o.sourcedId.toUpperCase(),
  classType: "scheduled",
  schoolSourcedId: "school",
  termSourcedIds: [],
  periods: [],
  line: line(),
  ...o,
});

export const enrollmentRow = (
  o: Partial<EnrollmentRow> & { classSourcedId: string; userSourcedId: string },
): EnrollmentRow => ({
  sourcedId: `${o.userSourcedId}@${o.classSourcedId}`,
  status: "active",
  schoolSourcedId: "school",
  role: "student",
  primary: false,
  beginDate: null,
  endDate: null,
  line: line(),
  ...o,
});

type RowLists = Omit<Bundle, "modes" | "columns">;

/** Rows of the kinds given (each file a delta unless said), every other file absent. */
export function rosterRows(
  lists: Partial<RowLists>,
  modes: Partial<Record<keyof RowLists, FileMode>> = {},
): Bundle {
  const bundle = { ...noRows({} as Bundle["modes"]), ...lists };
  const mode = (file: keyof RowLists): FileMode => modes[file] ?? (lists[file] ? "delta" : "absent");
  const columnsOf = (file: keyof RowLists) => [...new Set(bundle[file].flatMap((row) => Object.keys(row)))].filter((c) => c !== "line");
  return {
    ...bundle,
    modes: Object.fromEntries(ROSTER_FILES.map((f) => [f, mode(f)])) as Bundle["modes"],
    columns: Object.fromEntries(ROSTER_FILES.map((f) => [f, columnsOf(f)])) as Bundle["columns"],
  };
}

export const emptyRoster = (o: Partial<RosterState> = {}): RosterState => ({
  students: [],
  staff: [],
  courses: [],
  sections: [],
  terms: [],
  enrollments: [],
  blocks: [],
  usernames: [],
  sysadmin_usernames: [],
  year: { start: "", end: "", attendance_from: "" },
  sis_administrators_are_administrators: false,
  ...o,
});

export const localStudent = (o: Partial<Student> & { id: number }): Student => ({
  user_id: 1000 + o.id,
  sourced_id: null,
  student_number: `S${o.id}`,
  first_name: "Given",
  last_name: `Student${o.id}`,
  preferred_first_name: null,
  email: null,
  grade: 9,
  archived: false,
  disabled: false,
  default_teacher_id: null,
  sis_values: null,
  ...o,
});

export const localStaff = (o: Partial<Staff> & { id: number }): Staff => ({
  user_id: 2000 + o.id,
  sourced_id: null,
  email: `staff${o.id}@school.test`,
  first_name: "Given",
  last_name: `Staff${o.id}`,
  administrator: false,
  disabled: false,
  position: "",
  department: "",
  sis_role: null,
  homeroom: null,
  sis_values: null,
  ...o,
});

export const localSection = (o: Partial<Section> & { id: number; course_id: number }): Section => ({
  sourced_id: null,
  code: `SEC${o.id}`,
  term_id: null,
  archived: false,
  teachers: [],
  blocks: [],
  ...o,
});

/** A planning context over the rows and the roster (no turn is ever taken: the work is small). */
export const planContext = (rows: Bundle, roster: RosterState = emptyRoster(), options: PlanOptions = {}): PlanContext =>
  createPlanContext(rows, roster, options, turnTaker(60_000));
