import { parse } from "csv-parse/browser/esm/sync";
import { MAX_CLUSTER_BATCH } from "./schemas";

/**
 * Student numbers for a cluster from what an administrator pastes or chooses (a class list is a column of numbers): the
 * server looks them up (POST /api/clusters/{id}/members with student_numbers). Repeats are kept once,
 * in the order first seen.
 */

const unique = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

/** Numbers separated by spaces, tabs, commas, semicolons or lines. */
export function parsePastedNumbers(text: string): string[] {
  return unique(text.split(/[\s,;]+/));
}

/** A header cell that names the student number: "student_number", "Student Number", "StudentNumber". */
const isNumberHeader = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "") === "studentnumber";

export type CsvNumbers = { numbers: string[] } | { error: string };

/**
 * A CSV's student numbers: the column headed student_number when there is one, else the first column.
 * Without a student_number header, a first row whose first cell has no digit is taken for a header (a
 * student number has digits) and skipped.
 */
export function numbersFromCsv(text: string): CsvNumbers {
  let rows: string[][];
  try {
    rows = parse(text.replace(/\r\n?/g, "\n"), {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch {
    return { error: "That file could not be read as a CSV." };
  }
  if (rows.length === 0) return { error: "That file has no rows." };
  const column = rows[0]!.findIndex(isNumberHeader);
  let body: string[];
  if (column >= 0) body = rows.slice(1).map((row) => row[column] ?? "");
  else {
    const first = rows[0]![0] ?? "";
    body = (/\d/.test(first) ? rows : rows.slice(1)).map((row) => row[0] ?? "");
  }
  const numbers = unique(body);
  if (numbers.length === 0) return { error: "That file has no student numbers." };
  if (numbers.length > MAX_CLUSTER_BATCH) {
    return {
      error: `That file has ${numbers.length} student numbers; add at most ${MAX_CLUSTER_BATCH} at once.`,
    };
  }
  return { numbers };
}
