import type { ImportResult } from "./api-types";

/** A CSV says itself which days have no school (its in_session column); an .ics leaves it to the person. */
export const isCsv = (file: File | null) => Boolean(file && (/\.csv$/i.test(file.name) || file.type === "text/csv"));

/** Rows the preview shows; the rest are counted. */
export const PREVIEW_ROWS = 200;

/** The no_school form field: "all", "none" or the chosen events' names separated by commas. */
export function noSchoolField(names: readonly string[], chosen: ReadonlySet<string>): string {
  if (names.length > 0 && names.every((name) => chosen.has(name))) return "all";
  if (chosen.size === 0) return "none";
  return names.filter((name) => chosen.has(name)).join(",");
}

/** "2 events will be added; 1 is already on the calendar; 3 fall outside the school year and will be left out." */
export function importSummary(result: ImportResult): string {
  const { dry_run: dry, added, duplicates, skipped_outside_year: outside, plans_cancelled: plans = 0 } = result;
  const verb = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts = [
    dry ? `${verb(added, "event", "events")} will be added` : `Added ${verb(added, "event", "events")}`,
  ];
  if (duplicates)
    parts.push(`${verb(duplicates, dry ? "is" : "was", dry ? "are" : "were")} already on the calendar`);
  if (outside)
    parts.push(
      dry
        ? `${verb(outside, "falls", "fall")} outside the school year and will be left out`
        : `${verb(outside, "was", "were")} outside the school year and left out`,
    );
  // Closing a day cancels the students' plans on it (they come back if the event is deleted before the day).
  if (plans)
    parts.push(
      dry
        ? `${verb(plans, "plan", "plans")} on the days without school will be cancelled`
        : `${verb(plans, "plan", "plans")} on the days without school ${plans === 1 ? "was" : "were"} cancelled`,
    );
  return `${parts.join("; ")}.`;
}
