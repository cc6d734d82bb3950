import { parse } from "csv-parse/browser/esm/sync";
import { CSV_READ_OPTIONS, startLine, uniformLineEnds, type CsvRecord } from "./csv-options";

export { CSV_READ_OPTIONS, startLine, uniformLineEnds, type CsvRecord };

/**
 * Reads a CSV text with the app's options (lib/csv-options.ts) through the browser build of csv-parse,
 * so the wizard reads the first rows the way the server reads the file.
 */

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
