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
};

/** "grade 9 → 10, last name Smith → Smyth" for the fields that differ. */
function changesOf<V extends object>(
  existing: Existing,
  values: V,
  fields: readonly (keyof V & string)[],
): string | null {
  const current = existing as unknown as Record<string, unknown>;
  const changes = fields
    .filter((field) => current[field] !== values[field])
    .map((field) => `${FIELD_NAMES[field] ?? field} ${String(current[field])} → ${String(values[field])}`);
  return changes.length ? changes.join(", ") : null;
}

/**
 * Decides each valid row against what the school already has: new rows are created; rows naming an
 * existing student number or email are reported, and — only when the administrator asked for it —
 * updated (names and grade, or names and title). Invalid rows are skipped with their reason.
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
        ? ["first_name", "last_name", "grade"]
        : ["first_name", "last_name", "title"]
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
