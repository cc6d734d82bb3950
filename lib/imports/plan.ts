import type { ExistingStaff, ExistingStudent } from "@/db/queries/imports";
import { foldForSearch } from "@/lib/core/fold";
import type { RowCandidate, StaffValues, StudentValues } from "./rows";

/**
 * conflict: the row names an existing student number under another name (another person, or a
 * mistyped number): nothing changes, and the report lists it for the administrator to review.
 */
export type Outcome = "created" | "updated" | "unchanged" | "skipped" | "conflict";

/** What importing one row does (or did): the report's line. */
export interface PlannedRow<V> {
  row: number;
  key: string;
  name: string;
  outcome: Outcome;
  reason: string | null;
  /** The student or staff row it matched (updated, unchanged, conflict). */
  person_id: number | null;
  /** Created rows: the values to insert; updated rows: the new values. */
  values: V | null;
}

type Existing = ExistingStudent | ExistingStaff;

const FIELD_NAMES: Record<string, string> = {
  first_name: "first name",
  last_name: "last name",
  grade: "grade",
  title: "title",
  default_teacher_email: "default teacher",
  email: "email",
  preferred_first_name: "preferred first name",
  takes_students: "takes Focus Block students",
  capacity: "capacity",
  position: "position",
  department: "department",
  homeroom: "homeroom code",
};

const shown = (value: unknown) =>
  typeof value === "boolean" ? (value ? "yes" : "no") : String(value ?? "none");

/** "grade 9 → 10, last name Smith → Smyth" for the fields that differ. */
function changesOf<V extends object>(
  existing: Existing,
  values: V,
  fields: readonly (keyof V & string)[],
): string | null {
  const current = existing as unknown as Record<string, unknown>;
  const changes = fields
    .filter((field) => current[field] !== values[field])
    .map((field) => `${FIELD_NAMES[field] ?? field} ${shown(current[field])} → ${shown(values[field])}`);
  return changes.length ? changes.join(", ") : null;
}

/** Names compared as search compares them: accents, case and spaces aside. */
const sameName = (a: string, b: string) => foldForSearch(a).replace(/\s+/g, " ").trim() === foldForSearch(b).replace(/\s+/g, " ").trim();

/**
 * The student's name (for the reason) when the row gives their number another name: any other first
 * or last name without "update existing"; with it, a row may correct one of the two (a new last name, a
 * misspelt first name) but not both, which reads as another person.
 */
function nameConflict(found: Existing, values: StudentValues, updateExisting: boolean): string | null {
  const preferred = "preferred_first_name" in found ? found.preferred_first_name : null;
  // The name the student goes by is theirs too.
  const first = sameName(found.first_name ?? "", values.first_name) || (!!preferred && sameName(preferred, values.first_name));
  const last = sameName(found.last_name ?? "", values.last_name);
  if (first && last) return null;
  if (updateExisting && (first || last)) return null;
  return `${found.first_name} ${found.last_name}`;
}

/**
 * Decides each valid row against what the school already has: new rows are created; rows naming an
 * existing student number or email are reported, and — only when the administrator asked for it —
 * updated (names and grade, or names and title, and capacity and takes_students when the row gives them).
 * A row giving a student number another student's name is a conflict (nameConflict). Invalid rows are
 * skipped with their reason.
 */
export function planRows<V extends StudentValues | StaffValues>(
  candidates: readonly RowCandidate<V>[],
  existing: ReadonlyMap<string, Existing>,
  updateExisting: boolean,
): PlannedRow<V>[] {
  return candidates.map((candidate) => {
    const base = { row: candidate.row, key: candidate.key, name: candidate.name };
    if (!candidate.values)
      return { ...base, outcome: "skipped", reason: candidate.reason, person_id: null, values: null };
    const found = existing.get(candidate.key);
    if (!found)
      return { ...base, outcome: "created", reason: null, person_id: null, values: candidate.values };
    if ("account_type" in found && found.account_type !== "staff") {
      return {
        ...base,
        outcome: "skipped",
        reason: `email ${candidate.key} belongs to another account`,
        person_id: null,
        values: null,
      };
    }
    const fields = (
      "grade" in candidate.values
        ? [
            "first_name",
            "last_name",
            "grade",
            // Compared only when the file has the column.
            ...(candidate.values.default_teacher_email !== undefined ? ["default_teacher_email"] : []),
            ...(candidate.values.email !== undefined ? ["email"] : []),
            ...(candidate.values.preferred_first_name !== undefined ? ["preferred_first_name"] : []),
          ]
        : [
            "first_name",
            "last_name",
            ...(candidate.values.title !== undefined ? ["title"] : []),
            // Compared only when the row gives them.
            ...(candidate.values.takes_students !== undefined ? ["takes_students"] : []),
            ...(candidate.values.capacity !== undefined ? ["capacity"] : []),
            ...(candidate.values.position !== undefined ? ["position"] : []),
            ...(candidate.values.department !== undefined ? ["department"] : []),
            ...(candidate.values.homeroom !== undefined ? ["homeroom"] : []),
          ]
    ) as (keyof V & string)[];
    const changes = changesOf(found, candidate.values, fields);
    const archived = "archived_at" in found && found.archived_at ? " (archived)" : "";
    const conflict = "grade" in candidate.values ? nameConflict(found, candidate.values, updateExisting) : null;
    if (conflict)
      return {
        ...base,
        outcome: "conflict",
        reason: `student number ${candidate.key} belongs to ${conflict}${archived}: check the number, or update existing to rename`,
        person_id: found.id,
        values: null,
      };
    if (!changes)
      return {
        ...base,
        outcome: "unchanged",
        reason: `already exists${archived}`,
        person_id: found.id,
        values: null,
      };
    if (!updateExisting) {
      return {
        ...base,
        outcome: "unchanged",
        reason: `already exists${archived}; not updated (${changes})`,
        person_id: found.id,
        values: null,
      };
    }
    return {
      ...base,
      outcome: "updated",
      reason: `${changes}${archived}`,
      person_id: found.id,
      values: candidate.values,
    };
  });
}

/** A homeroom reference as it is matched: lower-cased, spaces collapsed, no space before a comma. */
export const teacherKey = (ref: string) =>
  ref
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/\s*,\s*/g, ", ");

/**
 * The ways a school writes a staff member in a homeroom column: the code of their homeroom ("HR-204",
 * as the SIS or the staff CSV gave it), their email, "Ada Lovelace", "Lovelace, Ada", "Lovelace Ada",
 * and with a title "Mx. Lovelace" or "Mx. Ada Lovelace".
 */
export function teacherKeysOf(member: {
  email: string;
  title: string;
  first_name: string;
  last_name: string;
  homeroom?: string | null;
}) {
  const keys = [
    ...(member.homeroom ? [member.homeroom] : []),
    member.email,
    `${member.first_name} ${member.last_name}`,
    `${member.last_name}, ${member.first_name}`,
    `${member.last_name} ${member.first_name}`,
  ];
  if (member.title)
    keys.push(
      `${member.title} ${member.last_name}`,
      `${member.title} ${member.first_name} ${member.last_name}`,
    );
  return keys.map(teacherKey);
}

/** The homeroom references the candidates name (matching keys, each once). */
export function defaultTeacherRefs(candidates: readonly RowCandidate<StudentValues | StaffValues>[]) {
  const refs = new Set<string>();
  for (const { values } of candidates) {
    if (values && "grade" in values && values.teacher_ref) refs.add(teacherKey(values.teacher_ref));
  }
  return [...refs];
}

/** A staff member a reference may name. */
export interface TeacherMatch {
  id: number;
  email: string;
}

/**
 * Resolves each row's default teacher (an email or a name) to a staff member: the row gets
 * default_teacher_id and default_teacher_email (null for a blank cell), or is skipped — with its row
 * number, like every row error — when no staff member, or more than one, answers to it. Rows of a file
 * without the column are left exactly as they were.
 */
export function resolveDefaultTeachers<V extends StudentValues | StaffValues>(
  candidates: readonly RowCandidate<V>[],
  staffOf: ReadonlyMap<string, readonly TeacherMatch[]>,
): RowCandidate<V>[] {
  return candidates.map((candidate) => {
    const values = candidate.values;
    if (!values || !("grade" in values) || values.teacher_ref === undefined) return candidate;
    const { teacher_ref: ref, ...rest } = values;
    if (ref === null)
      return {
        ...candidate,
        values: { ...rest, default_teacher_email: null, default_teacher_id: null } as V,
      };
    const matches = staffOf.get(teacherKey(ref)) ?? [];
    const shown = ref.length > 40 ? `${ref.slice(0, 40)}…` : ref;
    const what = ref.includes("@") ? "default teacher email" : "homeroom";
    if (matches.length === 0)
      return { ...candidate, values: null, reason: `${what} ${shown} is not a staff member's` };
    if (matches.length > 1)
      return {
        ...candidate,
        values: null,
        reason: `${what} ${shown} names more than one staff member: use their email`,
      };
    const [match] = matches;
    return {
      ...candidate,
      values: {
        ...rest,
        default_teacher_email: match!.email.toLowerCase(),
        default_teacher_id: match!.id,
      } as V,
    };
  });
}

/**
 * Skips rows whose student email another student already has (`ownerOf`: email → that student's
 * number); an email kept by its own student is fine.
 */
export function checkStudentEmails<V extends StudentValues | StaffValues>(
  candidates: readonly RowCandidate<V>[],
  ownerOf: ReadonlyMap<string, string>,
): RowCandidate<V>[] {
  return candidates.map((candidate) => {
    const values = candidate.values;
    if (!values || !("grade" in values) || !values.email) return candidate;
    const owner = ownerOf.get(values.email);
    if (owner === undefined || owner === values.student_number) return candidate;
    const shown = values.email.length > 40 ? `${values.email.slice(0, 40)}…` : values.email;
    return { ...candidate, values: null, reason: `email ${shown} belongs to another student` };
  });
}

/** The student emails the candidates give (each once). */
export function studentEmails(candidates: readonly RowCandidate<StudentValues | StaffValues>[]) {
  const emails = new Set<string>();
  for (const { values } of candidates)
    if (values && "grade" in values && values.email) emails.add(values.email);
  return [...emails];
}

export interface PlanSummary {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  /** Rows giving an existing student number another name: they change nothing, to review. */
  conflict: number;
}

export function summarize(rows: readonly PlannedRow<unknown>[]): PlanSummary {
  const summary = { rows: rows.length, created: 0, updated: 0, unchanged: 0, skipped: 0, conflict: 0 };
  for (const row of rows) summary[row.outcome] += 1;
  return summary;
}
