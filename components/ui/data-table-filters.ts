import { foldForSearch } from "@/lib/core/fold";

/** The table filter rules of spec §5 and how each is applied. */
export type ColumnKind = "text" | "number";

export const TEXT_RULES = {
  "equal-to": "Equal to",
  "not-equal-to": "Not equal to",
  "starts-with": "Starts with",
  "ends-with": "Ends with",
  contains: "Contains",
} as const;

export const NUMBER_RULES = {
  "less-than": "Less than",
  "greater-than": "Greater than",
  "equal-to": "Equal to",
  "not-equal-to": "Not equal to",
} as const;

export type FilterRule = keyof typeof TEXT_RULES | keyof typeof NUMBER_RULES;

export interface TableFilter {
  columnId: string;
  rule: FilterRule;
  value: string;
}

export const FILTER_EMPTY = "This field cannot be empty.";

export const rulesFor = (kind: ColumnKind): Record<string, string> =>
  kind === "number" ? NUMBER_RULES : TEXT_RULES;

/** Whether a cell value passes one filter (text rules ignore case and accents). */
export function passesFilter(cell: unknown, kind: ColumnKind, rule: FilterRule, wanted: string): boolean {
  if (kind === "number") {
    const value = Number(cell);
    const target = Number(wanted);
    if (Number.isNaN(value) || Number.isNaN(target)) return rule === "not-equal-to";
    switch (rule) {
      case "less-than":
        return value < target;
      case "greater-than":
        return value > target;
      case "equal-to":
        return value === target;
      case "not-equal-to":
        return value !== target;
      default:
        return true;
    }
  }
  // Accents and case aside, as every search (lib/core/fold.ts).
  const text = foldForSearch(String(cell ?? ""));
  const target = foldForSearch(wanted.trim());
  switch (rule) {
    case "equal-to":
      return text === target;
    case "not-equal-to":
      return text !== target;
    case "starts-with":
      return text.startsWith(target);
    case "ends-with":
      return text.endsWith(target);
    case "contains":
      return text.includes(target);
    default:
      return true;
  }
}

/** The message for a filter value that cannot be applied, or null. */
export function filterValueProblem(value: string, kind: ColumnKind): string | null {
  if (value.trim() === "") return FILTER_EMPTY;
  if (kind === "number" && Number.isNaN(Number(value))) return "Enter a number.";
  return null;
}
