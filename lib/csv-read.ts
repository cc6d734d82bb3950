import { parse, type Options } from "csv-parse/browser/esm/sync";

/**
 * How the app reads a CSV file (the people import and its wizard's preview, the calendar import; the
 * OneRoster bundle's files with the same options through csv-parse's streaming parser): line endings
 * made uniform first, a BOM dropped, quoted commas and line breaks kept in their cell, blank lines
 * ignored, rows of any length, and a quote inside an unquoted cell (=HYPERLINK("…") typed by hand) kept
 * as text. The browser build of csv-parse, so the wizard reads the first rows the way the server reads
 * the file.
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
}

/**
 * A CSV text's records, at most `to` of them (room for the caller to say "too many"), each with the
 * line it starts on. Throws CsvSyntaxError.
 */
export function readCsvRecords(text: string, filename: string, { to }: { to?: number } = {}): CsvRecord[] {
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes as {record, info}; the typings do not follow the option.
    parsed = parse(uniformLineEnds(text), { ...CSV_READ_OPTIONS, info: true, ...(to === undefined ? {} : { to }) }) as unknown as typeof parsed;
  } catch (error) {
    throw new CsvSyntaxError(filename, (error as { lines?: number }).lines);
  }
  return parsed.map(({ record, info }) => ({ line: startLine(record, info.lines), cells: record }));
}
