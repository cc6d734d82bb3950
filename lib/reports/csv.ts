import { stringify } from "csv-stringify/sync";

/**
 * CSV files of the reports and the SIS export, written by csv-stringify: quoting by the library, CRLF
 * line ends and a BOM (what spreadsheets expect), and `escape_formulas` so a cell starting with
 * = + - @ or a tab or carriage return is prefixed with an apostrophe and read as text, never run.
 */
export function csvText(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return stringify([header as unknown[], ...(rows as unknown[][])], {
    bom: true,
    record_delimiter: "\r\n",
    escape_formulas: true,
    cast: { boolean: (value) => (value ? "true" : "false") },
  });
}

/** A CSV download answer. */
export function csvResponse(text: string, filename: string): Response {
  return new Response(text, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
    },
  });
}
