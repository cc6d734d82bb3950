/**
 * CSV writing that is safe to open in a spreadsheet: a cell starting with = + - @ or a tab/CR is
 * prefixed with an apostrophe so it is shown as text, never run as a formula (OWASP "CSV injection");
 * cells with commas, quotes or line breaks are quoted.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number | null | undefined)[]) =>
  cells.map(csvCell).join(",");

/** Lines joined with CRLF (what spreadsheets expect), with a BOM so Excel reads UTF-8 names correctly. */
export const csvDocument = (lines: readonly string[]) => `\uFEFF${lines.join("\r\n")}\r\n`;
