import type { RosterFile } from "./bundle-files";
import type { Bundle } from "./parse";
import type { PlanContext } from "./plan-context";
import type { FieldTally } from "./plan-types";

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

/** A bulk file replaces: the SIS's records of the kind it no longer lists are archived. */
export async function archiveUnlisted<T extends { id: number; sourced_id: string | null; archived: boolean }>(
  ctx: PlanContext,
  kind: "course" | "section",
  records: T[],
  listed: { has(sourced: string): boolean },
  nameOf: (record: T) => string,
) {
  const archive = kind === "course" ? ctx.writes.courses.archive : ctx.writes.sections.archive;
  for (const r of records) {
    await ctx.turn();
    if (r.sourced_id && !listed.has(r.sourced_id) && !r.archived) {
      archive.push(r.id);
      ctx.change({ kind, action: "archived", sourced_id: r.sourced_id, name: nameOf(r) });
    }
  }
}
