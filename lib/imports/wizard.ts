import { parse } from "csv-parse/browser/esm/sync";
import {
  FIELD_LABELS,
  IMPORT_FIELDS,
  MAX_CSV_BYTES,
  MAX_FILES_PER_UPLOAD,
  OPTIONAL_FIELDS,
  isFieldOrder,
  normalizeHeaderCell,
  type ImportField,
  type ImportKind,
} from "./fields";

/**
 * The File Upload wizard's rules, in the browser (the server checks all of them again): 1–5 CSV files
 * of at most 2 MB, all with their columns in the same order (read from each file's first lines), and
 * the fields ordered to match the columns.
 */

/** The first lines of a file, as the wizard shows and compares them. */
export interface CsvPreview {
  name: string;
  /** The first records (at most PREVIEW_ROWS), header row included. */
  rows: string[][];
  /** The fields the first line names, when it is a header row. */
  header: ImportField[] | null;
  /** Columns in the first line. */
  columns: number;
}

export const PREVIEW_ROWS = 6;
/** Enough bytes for the first rows of any sane file. */
export const PREVIEW_BYTES = 64 * 1024;

/**
 * The fields a first line names, if it is a header row naming each required field of the kind once
 * (and perhaps an optional one, such as default_teacher_email).
 */
export function headerFields(kind: ImportKind, cells: readonly string[]): ImportField[] | null {
  const names = cells.map(normalizeHeaderCell);
  // A trailing comma leaves empty cells at the end.
  while (names.length > 0 && names[names.length - 1] === "") names.pop();
  return isFieldOrder(kind, names) ? (names as ImportField[]) : null;
}

/** Reads the first rows of a CSV text (quotes, BOM and any line endings allowed); never throws. */
export function previewCsv(kind: ImportKind, name: string, text: string): CsvPreview {
  let rows: string[][] = [];
  try {
    rows = parse(text.replace(/\r\n?/g, "\n"), {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      to: PREVIEW_ROWS,
    }) as string[][];
  } catch {
    // A broken quote in the first lines: compare what the first line says; the server names the problem.
    rows = [
      text
        .replace(/^\uFEFF/, "")
        .split(/\r\n?|\n/, 1)[0]!
        .split(","),
    ];
  }
  const first = rows[0] ?? [];
  return { name, rows, header: headerFields(kind, first), columns: first.length };
}

/** The first problem with the chosen files, or null: 1–5 files, .csv, at most 2 MB, none empty. */
export function filesProblem(files: readonly { name: string; size: number }[]): string | null {
  if (files.length === 0) return "Choose at least one CSV file.";
  if (files.length > MAX_FILES_PER_UPLOAD) return `Choose at most ${MAX_FILES_PER_UPLOAD} files.`;
  for (const file of files) {
    if (!/\.csv$/i.test(file.name)) return `${file.name} is not a CSV file.`;
    if (file.size === 0) return `${file.name} is empty.`;
    if (file.size > MAX_CSV_BYTES) return `${file.name} is larger than 2 MB.`;
  }
  return null;
}

/** Columns a file has: as many as its header row names, else as many as its first line has. */
const columnCount = (preview: CsvPreview) => preview.header?.length ?? preview.columns;

/**
 * All files must have their columns in the same order (spec §5): files with header rows must name
 * the same fields in the same order; otherwise (one file or both without one) their first lines must
 * have as many columns. Answers a message naming the first file that differs from the first one, or
 * null.
 */
export function columnOrderProblem(previews: readonly CsvPreview[]): string | null {
  const [first, ...rest] = previews;
  if (!first) return null;
  for (const other of rest) {
    const differs =
      first.header && other.header
        ? first.header.join(",") !== other.header.join(",")
        : // Without a header row the order itself cannot be read here (the server checks the rows).
          columnCount(first) !== columnCount(other);
    if (differs) {
      return `${other.name} does not have its columns in the same order as ${first.name}. All files must have the same columns in the same order.`;
    }
  }
  return null;
}

/**
 * Where the wizard starts step 2: the header row's order, else the spec's order of the choices —
 * followed by the optional fields when the first line has a column for each of them.
 */
export function initialOrder(kind: ImportKind, preview: CsvPreview | undefined): ImportField[] {
  if (preview?.header) return [...preview.header];
  const required = IMPORT_FIELDS[kind];
  const optional = OPTIONAL_FIELDS[kind];
  const extra = Math.max(0, Math.min(optional.length, (preview?.columns ?? 0) - required.length));
  return [...required, ...optional.slice(0, extra)];
}

/** The first problem with the chosen order of fields, or null. */
export function orderProblem(kind: ImportKind, order: readonly string[]): string | null {
  if (isFieldOrder(kind, order)) return null;
  const fields: readonly string[] = IMPORT_FIELDS[kind];
  const missing = fields.filter((field) => !order.includes(field));
  return `Use each field once: ${missing.map((f) => FIELD_LABELS[f as ImportField]).join(", ") || "a field"} is missing.`;
}

/** Moves `field` to column `index`, swapping with the field that was there (so each stays used once). */
export function placeField(order: readonly ImportField[], index: number, field: ImportField): ImportField[] {
  const next = [...order];
  const from = next.indexOf(field);
  if (from === -1 || from === index) {
    next[index] = field;
    return next;
  }
  [next[from], next[index]] = [next[index]!, next[from]!];
  return next;
}
