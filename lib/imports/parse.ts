import { CsvSyntaxError, readCsvRecords, type CsvRecord } from "@/lib/csv-read";
import { decodeCsv } from "./decode";
import { ImportFileError } from "./errors";
import { MAX_CSV_ROWS, normalizeHeaderCell } from "./fields";

export type { CsvRecord };

export interface ParsedCsv {
  records: CsvRecord[];
  /** The first line named the columns (the caller said so, or it names the chosen fields in order) and was left out. */
  headerSkipped: boolean;
  /** That first line's cells when it was left out (its mapping is remembered by them). */
  headerCells: string[] | null;
}

/**
 * Reads a CSV file into records. Line endings may be mixed (they are made uniform first), a BOM is
 * dropped, quoted commas and line breaks are kept in their cell, blank lines are ignored. With
 * `headerRow` the first line is the file's own names for its columns (a school information system's
 * export): it is skipped, and must have as many columns as `headers`. Without it, a first line that
 * names the chosen fields in order is skipped; one naming them in another order means the columns were
 * mapped wrongly, and the file is refused. `headers` has "" for an ignored column. File-level problems
 * throw ImportFileError.
 */
export function parseCsv(
  bytes: Uint8Array,
  filename: string,
  headers: readonly string[],
  headerRow = false,
): ParsedCsv {
  let records: CsvRecord[];
  try {
    // Room to report "too many rows" instead of stopping silently.
    records = readCsvRecords(decodeCsv(bytes, filename), filename, { to: MAX_CSV_ROWS + 2 });
  } catch (error) {
    throw error instanceof CsvSyntaxError ? new ImportFileError(error.message) : error;
  }
  const first = records[0]?.cells;
  const headerSkipped =
    first !== undefined &&
    (headerRow ? namesColumns(first, headers, filename) : startsWithHeader(first, headers, filename));
  const data = headerSkipped ? records.slice(1) : records;
  if (data.length === 0) throw new ImportFileError(`${filename} has no rows to import.`);
  if (data.length > MAX_CSV_ROWS) {
    throw new ImportFileError(
      `${filename} has more than ${MAX_CSV_ROWS.toLocaleString("en-US")} rows. Split it into smaller files.`,
    );
  }
  return {
    records: data,
    headerSkipped,
    headerCells: headerSkipped ? first!.map((cell) => cell.trim()) : null,
  };
}

/** A header row the caller vouched for: it has a column for every field chosen (trailing empty cells aside). */
function namesColumns(cells: string[], headers: readonly string[], filename: string): true {
  const names = [...cells];
  while (names.length > headers.length && names[names.length - 1]!.trim() === "") names.pop();
  if (names.length !== headers.length) {
    throw new ImportFileError(
      `The first line of ${filename} has ${names.length} columns, but ${headers.length} were matched. Go back and match each column.`,
    );
  }
  return true;
}

function startsWithHeader(cells: string[], headers: readonly string[], filename: string): boolean {
  const names = cells.map(normalizeHeaderCell).filter((name, index) => name !== "" || index < headers.length);
  const mapped = headers.filter((field) => field !== "");
  if (names.length !== headers.length || !mapped.every((field) => names.includes(field))) return false;
  // An ignored column may be named anything.
  if (headers.every((field, index) => field === "" || names[index] === field)) return true;
  throw new ImportFileError(
    `The first line of ${filename} names the columns ${names.join(", ")}, but they were matched as ${headers.map((field) => field || "ignore").join(", ")}. Go back and order the fields to match the columns.`,
  );
}
