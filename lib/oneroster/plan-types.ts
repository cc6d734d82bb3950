import type { loadRosterState } from "@/db/queries/oneroster";
import type { BundleProblem } from "./parse";

/**
 * The OneRoster planner's types (lib/oneroster/plan.ts planBundle and its parts decide them; the dry run,
 * the job and the screens read them). Pure types, so every part of the planner imports them from here.
 */

/** What the school has, as db/queries/oneroster.ts loadRosterState reads it (one place for its shape). */
export type RosterState = Awaited<ReturnType<typeof loadRosterState>>;

export interface PlanOptions {
  org_sourced_id?: string | null;
  /** Change the school's year to the bundle's when they differ (set without asking when it has none). */
  apply_school_year?: boolean;
  /** Periods the blocks' labels do not match, mapped by the caller: {"3": block id}. */
  periods?: Record<string, number>;
  /** The school's grades (the grade_min and grade_max settings); any grade the database allows when absent. */
  grades?: { min: number; max: number };
}

export type RecordKind =
  "term" | "student" | "staff" | "course" | "section" | "enrollment" | "teacher" | "meeting";
export type Action = "created" | "updated" | "archived" | "dropped";

export interface Change {
  kind: RecordKind;
  action: Action;
  sourced_id: string;
  name: string;
  /** Updated: each field that changes, before → after. */
  fields?: Record<string, { before: unknown; after: unknown }>;
  /** A school record adopted by something else than its sourcedId (a term by its name and dates). */
  matched?: TermMatch["matched"];
}

/** A field's values an import overwrites (SIS-owned) or keeps (the school's), counted, with a few by name. */
export interface FieldTally {
  kind: "student" | "staff";
  field: string;
  count: number;
  samples: { sourced_id: string; name: string; before: unknown; after: unknown }[];
}

/** A person the SIS calls an administrator (principals and office staff alike). */
export interface SisAdministrator {
  sourced_id: string;
  name: string;
  email: string | null;
  /** The SIS's role as it names it (administrator, principal, siteAdministrator …), lower-cased. */
  role: string;
  /** Null until the import creates them. */
  staff_id: number | null;
  /** A Flexblock administrator now (or after this import). */
  administrator: boolean;
  /** This import gives the flag (only with the sysadmin's setting sis-administrators-are-administrators). */
  granted: boolean;
  /** The setting would give it, but the school took it away: kept away. */
  removed_by_school: boolean;
}

/** A row skipped because it would change a sysadmin's or an administrator's account. */
export interface ProtectedRow {
  sourced_id: string;
  name: string;
  /** Its line in users.csv (0: a bulk file that leaves them out). */
  line: number;
  account: "sysadmin" | "administrator";
  reason: string;
  /** What the row would have changed, before → after. */
  fields: Record<string, { before: unknown; after: unknown }>;
}

/** How a bundle's term matched the school's: by sourcedId, by name and dates, dates, name; null: new. */
export interface TermMatch {
  sourced_id: string;
  name: string;
  start: string;
  end: string;
  matched: "sourced_id" | "name_and_dates" | "dates" | "name" | null;
  term: { id: number; name: string; start: string; end: string } | null;
}

/** A staff member's role an import sets (audited per person): made staff or an administrator, or a new SIS role. */
export interface RoleChange {
  sourced_id: string;
  name: string;
  from: "staff" | "administrator" | null;
  to: "staff" | "administrator";
  sis_role: string;
  sis_role_before?: string | null;
}

/** What the dry run and the report show beside the counts: the decisions an administrator should see. */
export interface Review {
  sis_administrators: SisAdministrator[];
  protected: ProtectedRow[];
  /** SIS-owned values of existing people the import replaces. */
  overwrites: FieldTally[];
  /** The school's values the SIS would have changed: kept. */
  kept: FieldTally[];
  terms: TermMatch[];
  role_changes: RoleChange[];
  homerooms: { classes: number; students: number };
}

export interface StudentValues {
  sourced_id: string;
  student_number: string;
  first_name: string;
  last_name: string;
  preferred_first_name: string | null;
  email: string | null;
  grade: number;
  /** What the SIS gave for the fields the school owns but the SIS fills (lib/people/field-owners.ts). */
  sis_values: Record<string, unknown> | null;
}
export interface StaffValues {
  sourced_id: string;
  email: string;
  first_name: string;
  last_name: string;
  administrator: boolean;
  takes_students: boolean;
  position: string;
  department: string;
  sis_role: string;
  sis_values: Record<string, unknown> | null;
}

/** A family contact from users.csv (role parent, guardian or relative) linked to a student by agentSourcedIds. */
export interface RosterGuardianLink {
  student_sourced_id: string;
  sourced_id: string;
  name: string;
  email: string;
  relationship: string;
}

export interface Writes {
  /**
   * Family contacts (lib/oneroster/plan-guardians.ts): `upsert` each link; for the students of a bulk
   * users.csv (`sync_students`) the contacts an earlier import made and this one no longer lists go;
   * `remove`: guardians the SIS deletes (status tobedeleted). Contacts the school added stay.
   */
  guardians: { upsert: RosterGuardianLink[]; sync_students: string[]; remove: string[] };
  terms: {
    insert: { sourced_id: string; name: string; start: string; end: string }[];
    update: { id: number; sourced_id: string; name: string; start: string; end: string }[];
  };
  students: {
    insert: (StudentValues & { disabled: boolean })[];
    update: (StudentValues & { id: number; user_id: number })[];
    archive: number[];
    restore: number[];
  };
  staff: {
    insert: (StaffValues & { disabled: boolean })[];
    update: (Omit<StaffValues, "takes_students"> & { id: number; user_id: number })[];
  };
  /** Homeroom codes of teachers, and students' homeroom teachers (set_teacher false: only noted as the SIS's). */
  homerooms: {
    staff: { staff_sourced_id: string; homeroom: string | null }[];
    students: { student_sourced_id: string; teacher_sourced_id: string; set_teacher: boolean }[];
  };
  /** Accounts to lock (people the SIS disabled, staff it no longer lists). */
  disable: number[];
  courses: {
    insert: { sourced_id: string; name: string; short_name: string }[];
    update: { id: number; sourced_id: string; name: string; short_name: string }[];
    archive: number[];
  };
  sections: {
    insert: {
      sourced_id: string;
      course_sourced_id: string;
      code: string;
      term_sourced_id: string | null;
      term_id: number | null;
    }[];
    update: {
      id: number;
      sourced_id: string;
      course_sourced_id: string;
      code: string;
      term_sourced_id: string | null;
      term_id: number | null;
    }[];
    archive: number[];
  };
  meetings: {
    add: { section_sourced_id: string; block_id: number }[];
    remove: { section_id: number; block_id: number }[];
  };
  teachers: {
    add: { section_sourced_id: string; staff_sourced_id: string }[];
    remove: { section_id: number; staff_id: number }[];
  };
  enrollments: {
    insert: {
      sourced_id: string;
      student_sourced_id: string;
      section_sourced_id: string;
      begin_date: string | null;
      end_date: string | null;
    }[];
    update: {
      id: number;
      student_sourced_id: string;
      section_sourced_id: string;
      begin_date: string | null;
      end_date: string | null;
    }[];
    drop: number[];
  };
}

export interface Counts {
  created: number;
  updated: number;
  archived: number;
  dropped: number;
  unchanged: number;
  errors: number;
}

/**
 * The school year the bundle's academicSessions give, and what applying it would do to the school's
 * (the settings' first and last day): set it when the school's year is not set up yet (no dates, or no
 * term: a new school has default dates and no term), change it only when the
 * administrator chooses to (never silently), nothing when they agree. `terms` are the school's terms as
 * the import leaves them (the year must hold them); `problem` (filled by lib/oneroster/apply.server.ts with the
 * calendar's rules) says why it cannot be applied.
 */
export interface PlannedYear {
  sourced_id: string;
  name: string;
  start: string;
  end: string;
  line: number;
  current: { start: string; end: string } | null;
  change: "set" | "update" | "same";
  attendance_from: string;
  terms: { name: string; start: string; end: string }[];
  problem: string | null;
  /** Written by this import (set, or changed as the administrator chose). */
  applied: boolean;
}

export interface Plan {
  orgs: { sourced_id: string; name: string; type: string }[];
  org_sourced_id: string | null;
  /** The bundle's school year (its latest active schoolYear session), against the school's. */
  school_year: PlannedYear | null;
  unmatched_periods: string[];
  /** Rows of other schools left out (a district's bundle): users, classes, enrolments. */
  other_schools: { users: number; classes: number; enrollments: number };
  errors: BundleProblem[];
  counts: Counts;
  changes: Change[];
  review: Review;
  writes: Writes;
}
