import { parse } from "csv-parse/browser/esm/sync";
import { CSV_READ_OPTIONS, CsvSyntaxError, startLine, uniformLineEnds, type CsvRecord } from "./csv-options";

export { CSV_READ_OPTIONS, CsvSyntaxError, startLine, uniformLineEnds, type CsvRecord };

/**
 * Reads a CSV text with the app's options (lib/csv-options.ts) through the browser build of csv-parse,
 * so the wizard reads the first rows the way the server reads the file.
 */

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
    throw CsvSyntaxError.of(filename, error);
  }
  return parsed.map(({ record, info }) => ({ line: startLine(record, info.lines), cells: record }));
}
