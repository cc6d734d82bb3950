import type { Bundle, BundleProblem, RosterFile } from "./parse";
import type { TakeTurn } from "@/lib/event-loop";
import type { Change, FieldTally, PlanOptions, RecordKind, Review, RosterState, Writes } from "./plan-types";

/** What each part of the planner (people, terms, homerooms, the rest) shares while it decides. */
export interface PlanContext {
  bundle: Bundle;
  state: RosterState;
  options: PlanOptions;
  turn: TakeTurn;
  errors: BundleProblem[];
  writes: Writes;
  review: Review;
  /** The school the import is for (null: every record of the bundle). */
  org: string | null;
  /** Records a change (what the dry run lists and counts); answers it so a later part may add fields. */
  change(c: Change): Change;
  /** The change recorded for a person (a later part adds its fields to it rather than counting them twice). */
  changeOf(kind: RecordKind, sourced: string): Change | undefined;
  /** A record the bundle sends again as it is (a person by sourcedId: a later change of theirs uncounts it). */
  unchanged(kind: RecordKind, sourced?: string): void;
  inOrg(id: string): boolean;
}

export type Fields = Record<string, { before: unknown; after: unknown }>;

export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Fields {
  const fields: Fields = {};
  for (const key of Object.keys(after)) {
    if (before[key] !== after[key]) fields[key] = { before: before[key], after: after[key] };
  }
  return fields;
}

export const isEmpty = (o: object) => Object.keys(o).length === 0;
export const pick = <T extends object, K extends keyof T>(o: T, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, o[k]])) as Pick<T, K>;

/** Whether a file of the bundle has this column (an import writes only the fields its files carry). */
export const carries = (bundle: Bundle, file: RosterFile, column: string) =>
  bundle.columns[file].includes(column);

/** Records in a tally that the dry run shows by name (the count covers them all). */
export const TALLY_SAMPLES = 5;

/** Counts one field of one record in a list of tallies by kind and field (overwrites, kept values). */
export function tally(
  list: FieldTally[],
  kind: FieldTally["kind"],
  field: string,
  record: { sourced_id: string; name: string; before: unknown; after: unknown },
) {
  let entry = list.find((t) => t.kind === kind && t.field === field);
  if (!entry) {
    entry = { kind, field, count: 0, samples: [] };
    list.push(entry);
  }
  entry.count += 1;
  if (entry.samples.length < TALLY_SAMPLES) entry.samples.push(record);
}

/** A name compared as people write it: case, accents' case and runs of spaces aside. */
export const foldName = (name: string) => name.trim().toLowerCase().replace(/\s+/g, " ");
