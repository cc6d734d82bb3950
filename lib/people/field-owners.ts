/**
 * Who owns each field of a person: the school information system (SIS) or the school. One table, read
 * by the OneRoster import (lib/oneroster/plan.ts) and written out in docs/design/roster-rules.md#who-owns-which-field.
 *
 * - `sis`: the SIS's value wins. An import writes it whenever its file carries the column; a value the
 *   school changed here is overwritten, and the dry run lists each one it would overwrite.
 * - `school`: the school's. An import gives it a first value when it creates the person, never after.
 * - `school, the SIS fills`: the school's, but the SIS may fill it while the school has not set it: an
 *   import writes the SIS's value when the field is empty or still holds the SIS's own last value
 *   (kept in the record's `sis_values`), never over a value the school set (by hand, in a CSV, or by
 *   removing it). A value set before the SIS ever gave one counts as the school's.
 *
 * An import changes only the fields its source carries: a users.csv without a preferredFirstName column
 * leaves every preferred first name alone; a bundle without homeroom classes leaves every homeroom.
 * The school's own CSV files are the school's source: they write what their columns carry.
 */

export type FieldOwner = "sis" | "school" | "school, the SIS fills";

export interface FieldOwnership {
  owner: FieldOwner;
  /** Where a OneRoster bundle carries it ("" when it never does). */
  oneroster: string;
}

export const STUDENT_FIELDS = {
  sourced_id: { owner: "sis", oneroster: "users.csv sourcedId" },
  student_number: { owner: "sis", oneroster: "users.csv identifier (else username)" },
  first_name: { owner: "sis", oneroster: "users.csv givenName" },
  last_name: { owner: "sis", oneroster: "users.csv familyName" },
  grade: { owner: "sis", oneroster: "users.csv grades" },
  email: { owner: "sis", oneroster: "users.csv email" },
  enabled: {
    owner: "sis",
    oneroster: "users.csv status, enabledUser; a bulk file that leaves them out archives them",
  },
  preferred_first_name: { owner: "school, the SIS fills", oneroster: "users.csv preferredFirstName (1.2)" },
  default_teacher: {
    owner: "school, the SIS fills",
    oneroster: "the teacher of their homeroom class (classes.csv classType=homeroom)",
  },
  attends_from: { owner: "school", oneroster: "" },
} as const satisfies Record<string, FieldOwnership>;

export const STAFF_FIELDS = {
  sourced_id: { owner: "sis", oneroster: "users.csv sourcedId" },
  email: { owner: "sis", oneroster: "users.csv email (the username follows it)" },
  first_name: { owner: "sis", oneroster: "users.csv givenName" },
  last_name: { owner: "sis", oneroster: "users.csv familyName" },
  enabled: {
    owner: "sis",
    oneroster: "users.csv status, enabledUser; a bulk file that leaves them out locks them",
  },
  sis_role: { owner: "sis", oneroster: "users.csv role (1.1), roles.csv role (1.2)" },
  position: { owner: "sis", oneroster: "users.csv metadata.jobTitle, metadata.title or metadata.position" },
  department: { owner: "sis", oneroster: "users.csv metadata.department or metadata.dept" },
  homeroom: { owner: "sis", oneroster: "the classCode (else title) of the homeroom class they teach" },
  title: { owner: "school", oneroster: "" },
  administrator: {
    owner: "school, the SIS fills",
    oneroster:
      "only with the sysadmin's setting sis-administrators-are-administrators; the SIS never removes it",
  },
  takes_students: {
    owner: "school",
    oneroster: "a new person's role: off for aides and administrators (office roles)",
  },
  capacity: { owner: "school", oneroster: "" },
} as const satisfies Record<string, FieldOwnership>;

/**
 * The account fields no import changes on an administrator's or a sysadmin's account (only a sysadmin
 * does, in Flexblock): a OneRoster row that would change one is skipped and listed.
 */
export const PROTECTED_ACCOUNT_FIELDS = [
  "email",
  "first_name",
  "last_name",
  "enabled",
  "administrator",
] as const;

const blank = (value: unknown) => value === null || value === undefined || value === "" || value === false;

/**
 * For a "school, the SIS fills" field: may an import write the SIS's value over `local`? Yes while the
 * field is empty, or still holds what the SIS last gave (`last`, undefined when it never gave one).
 */
export function sisMayFill(local: unknown, last: unknown): boolean {
  if (last === undefined) return blank(local);
  // Empty now but not by the SIS: the school removed it (a preferred name cleared, the flag taken away).
  return blank(local) ? blank(last) : local === last;
}
