import type { ExistingStaff, ExistingStudent } from "@/db/queries/imports";
import type { RowCandidate, StaffValues, StudentValues } from "./rows";

export type Outcome = "created" | "updated" | "unchanged" | "skipped";

/** What importing one row does (or did): the report's line. */
export interface PlannedRow<V> {
  row: number;
  key: string;
  name: string;
  outcome: Outcome;
  reason: string | null;
  /** The student or staff row it matched (updated, unchanged). */
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
  takes_students: "takes Focus Block students",
  capacity: "capacity",
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

/**
 * Decides each valid row against what the school already has: new rows are created; rows naming an
 * existing student number or email are reported, and — only when the administrator asked for it —
 * updated (names and grade, or names and title, and capacity and takes_students when the row gives them).
 * Invalid rows are skipped with their reason.
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
          ]
        : [
            "first_name",
            "last_name",
            "title",
            // Compared only when the row gives them.
            ...(candidate.values.takes_students !== undefined ? ["takes_students"] : []),
            ...(candidate.values.capacity !== undefined ? ["capacity"] : []),
          ]
    ) as (keyof V & string)[];
    const changes = changesOf(found, candidate.values, fields);
    const archived = "archived_at" in found && found.archived_at ? " (archived)" : "";
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

/** The staff emails the candidates name as default teachers (lower-cased, each once). */
export function defaultTeacherEmails(candidates: readonly RowCandidate<StudentValues | StaffValues>[]) {
  const emails = new Set<string>();
  for (const { values } of candidates) {
    if (values && "grade" in values && values.default_teacher_email) emails.add(values.default_teacher_email);
  }
  return [...emails];
}

/**
 * Resolves each row's default_teacher_email to a staff member: the row gets default_teacher_id (null
 * for a blank cell), or is skipped — with its row number, like every row error — when no staff member
 * has that email. Rows of a file without the column are left exactly as they were.
 */
export function resolveDefaultTeachers<V extends StudentValues | StaffValues>(
  candidates: readonly RowCandidate<V>[],
  staffIdOf: ReadonlyMap<string, number>,
): RowCandidate<V>[] {
  return candidates.map((candidate) => {
    const values = candidate.values;
    if (!values || !("grade" in values) || values.default_teacher_email === undefined) return candidate;
    const email = values.default_teacher_email;
    if (email === null) return { ...candidate, values: { ...values, default_teacher_id: null } };
    const id = staffIdOf.get(email);
    if (id === undefined) {
      const shown = email.length > 40 ? `${email.slice(0, 40)}…` : email;
      return { ...candidate, values: null, reason: `default teacher email ${shown} is not a staff member's` };
    }
    return { ...candidate, values: { ...values, default_teacher_id: id } };
  });
}

export interface PlanSummary {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
}

export function summarize(rows: readonly PlannedRow<unknown>[]): PlanSummary {
  const summary = { rows: rows.length, created: 0, updated: 0, unchanged: 0, skipped: 0 };
  for (const row of rows) summary[row.outcome] += 1;
  return summary;
}
