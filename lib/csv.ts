import { stringify, type Options } from "csv-stringify/browser/esm/sync";

/**
 * Every CSV the app writes goes through csv-stringify with these options: CRLF line ends (what
 * spreadsheets expect), `escape_formulas` so a cell starting with = + - @ or a tab or carriage return
 * is prefixed with an apostrophe and read as text, never run (OWASP "CSV injection"), and booleans
 * written as words. Quoting (commas, quotes, line breaks) is the library's.
 *
 * This module runs in the browser too (downloads made on the screen), hence the browser build of
 * csv-stringify; the server's large report files use the Node build with the same options (lib/reports/csv.ts).
 */
export const CSV_OPTIONS: Options = {
  record_delimiter: "\r\n",
  // With a CRLF record delimiter csv-stringify would quote only a CRLF pair, not a lone \n or \r: a
  // memo with a line break would split its row in a report.
  quote_record_delimiter: true,
  escape_formulas: true,
  cast: { boolean: (value) => (value ? "true" : "false") },
};

/**
 * Also quote a cell that starts or ends with a space, so a spreadsheet keeps it (a leading tab or
 * carriage return is already shown as text by the formula escape).
 */
const EDGE_SPACES = [/^[^\S\t\r]/, /\s$/];

export type CsvValue = string | number | boolean | null | undefined;

/**
 * Rows (the first one the header) as CSV text, each line ended by CRLF. `bom` starts the text with a
 * byte-order mark so Excel reads UTF-8 names correctly; `quoteEdgeSpaces` quotes cells with leading or
 * trailing spaces (initial passwords and names must survive a round trip exactly). `escapeFormulas: false`
 * only for a file no person opens, read back by the app itself (a OneRoster REST pull written as a bundle,
 * whose values must arrive as the SIS sent them).
 */
export function toCsv(
  rows: readonly (readonly CsvValue[])[],
  { bom = false, quoteEdgeSpaces = false, escapeFormulas = true }: { bom?: boolean; quoteEdgeSpaces?: boolean; escapeFormulas?: boolean } = {},
): string {
  return stringify(rows as CsvValue[][], {
    ...CSV_OPTIONS,
    escape_formulas: escapeFormulas,
    bom,
    ...(quoteEdgeSpaces ? { quoted_match: EDGE_SPACES } : {}),
  });
}
