import type { Options } from "csv-parse";

/**
 * How the app reads a CSV file (the people import and its wizard's preview, the calendar import; the
 * OneRoster bundle's files with the same options through csv-parse's streaming parser): line endings
 * made uniform first, a BOM dropped, quoted commas and line breaks kept in their cell, blank lines
 * ignored, rows of any length, and a quote inside an unquoted cell (=HYPERLINK("…") typed by hand) kept
 * as text; and the error for a file that is no CSV. Kept apart from lib/csv-read.ts, so OneRoster's streaming reader (its own thread) takes them
 * without loading csv-parse's browser build as well.
 */
export const CSV_READ_OPTIONS = {
  bom: true,
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
  record_delimiter: "\n",
} as const satisfies Options;

/** One record of a file and the line it starts on (as a spreadsheet numbers rows). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** The text with every line ending a "\n" (files mix them). */
export const uniformLineEnds = (text: string) => text.replace(/\r\n?/g, "\n");

/** The line a record starts on: csv-parse gives the line it ends on, and a quoted line break moves its start up. */
export const startLine = (cells: readonly string[], lastLine: number) =>
  lastLine - cells.reduce((sum, cell) => sum + (cell.match(/\n/g)?.length ?? 0), 0);

/** A file that is no CSV (an unclosed quotation mark), with the line the parser had reached. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly filename: string,
    readonly line: number | undefined,
  ) {
    super(`${filename} could not be read as CSV${line ? ` near line ${line}` : ""}: check its quotation marks.`);
    this.name = "CsvSyntaxError";
  }

  /** csv-parse's error for `filename` as one of these (its errors carry the line they reached as `lines`). */
  static of(filename: string, error: unknown): CsvSyntaxError {
    return new CsvSyntaxError(filename, (error as { lines?: number } | null)?.lines);
  }
}
