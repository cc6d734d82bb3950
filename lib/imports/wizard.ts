import { readCsvRecords } from "@/lib/csv-read";
import {
  FIELD_LABELS,
  IMPORT_FIELDS,
  MAX_CSV_BYTES,
  MAX_FILES_PER_UPLOAD,
  OPTIONAL_FIELDS,
  REQUIRED_FIELDS,
  fieldChoices,
  headersKey,
  isFieldOrder,
  normalizeHeaderCell,
  type ColumnMapping,
  type ImportField,
  type ImportKind,
} from "./fields";

/**
 * The File Upload wizard's rules, in the browser (the server checks all of them again): 1–5 CSV files
 * of at most 2 MB, all with their columns in the same order (read from each file's first lines), and a
 * field — or "Ignore" — for each column.
 */

/** The first lines of a file, as the wizard shows and compares them. */
export interface CsvPreview {
  name: string;
  /** The first records (at most PREVIEW_ROWS), header row included. */
  rows: string[][];
  /** The fields the first line names, when it is a header row of field names (first_name, …). */
  header: ImportField[] | null;
  /** Columns in the first line (empty cells at its end left out). */
  columns: number;
  /**
   * The first line looks like the file's own names for its columns (no cell of it is a number or an
   * email, while the next line has one): a school information system's export.
   */
  namedColumns: boolean;
  /** The first line as import_mappings remembers it (headersKey). */
  key: string;
}

export const PREVIEW_ROWS = 6;
/** Enough bytes for the first rows of any sane file. */
export const PREVIEW_BYTES = 64 * 1024;

/**
 * The fields a first line names, if it is a header row naming each required field of the kind once
 * (and perhaps optional ones, such as default_teacher_email).
 */
export function headerFields(kind: ImportKind, cells: readonly string[]): ImportField[] | null {
  const names = cells.map(normalizeHeaderCell);
  // A trailing comma leaves empty cells at the end.
  while (names.length > 0 && names[names.length - 1] === "") names.pop();
  return names.length > 0 && names.every((name) => name !== "") && isFieldOrder(kind, names)
    ? (names as ImportField[])
    : null;
}

const looksLikeData = (cell: string) => /^\s*-?\d+\s*$/.test(cell) || /\S@\S+\.\S/.test(cell);

/** Reads the first rows of a CSV text (quotes, BOM and any line endings allowed); never throws. */
export function previewCsv(kind: ImportKind, name: string, text: string): CsvPreview {
  let rows: string[][] = [];
  try {
    rows = readCsvRecords(text, name, { to: PREVIEW_ROWS }).map((r) => r.cells);
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
  const header = headerFields(kind, first);
  let columns = first.length;
  while (columns > 1 && (first[columns - 1] ?? "").trim() === "") columns -= 1;
  const second = rows[1];
  const namedColumns =
    header !== null ||
    (first.some((cell) => cell.trim() !== "") &&
      !first.some(looksLikeData) &&
      second !== undefined &&
      second.some(looksLikeData));
  return { name, rows, header, columns, namedColumns, key: headersKey(first) };
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
 * All files must have their columns in the same order (spec §5): files whose first lines name their
 * columns must name the same ones in the same order; otherwise (one file or both without such a line)
 * their first lines must have as many columns. Answers a message naming the first file that differs
 * from the first one, or null.
 */
export function columnOrderProblem(previews: readonly CsvPreview[]): string | null {
  const [first, ...rest] = previews;
  if (!first) return null;
  for (const other of rest) {
    const differs =
      first.header && other.header
        ? first.header.join(",") !== other.header.join(",")
        : first.namedColumns && other.namedColumns
          ? first.key !== other.key
          : // Without a header row the order itself cannot be read here (the server checks the rows).
            columnCount(first) !== columnCount(other);
    if (differs) {
      return `${other.name} does not have its columns in the same order as ${first.name}. All files must have the same columns in the same order.`;
    }
  }
  return null;
}

/** Common names a school information system gives its columns, by field. */
const SYNONYMS: Record<string, ImportField> = {
  student_id: "student_number",
  student_no: "student_number",
  student_num: "student_number",
  first: "first_name",
  legal_first: "first_name",
  legal_first_name: "first_name",
  given_name: "first_name",
  firstname: "first_name",
  last: "last_name",
  legal_last: "last_name",
  legal_last_name: "last_name",
  family_name: "last_name",
  surname: "last_name",
  lastname: "last_name",
  grade_level: "grade",
  preferred: "preferred_first_name",
  preferred_name: "preferred_first_name",
  homeroom_teacher: "homeroom",
  homeroom_code: "homeroom",
  homeroom_number: "homeroom",
  home_room: "homeroom",
  hr: "homeroom",
  nickname: "preferred_first_name",
  advisor: "homeroom",
  job_title: "position",
  title_position: "position",
  dept: "department",
  email_address: "email",
  student_email: "email",
  staff_email: "email",
  salutation: "title",
  prefix: "title",
  capacity: "capacity",
};

/**
 * Where the wizard starts step 2 for a file whose columns were never mapped before: a header row of
 * field names in its order; a row of the file's own column names matched by name where a name says
 * which field it is ("Student ID", "Grade Level", "Preferred Name"), the other columns ignored; else
 * the spec's order of the fields, followed by the optional ones while there are columns, the rest
 * ignored.
 */
export function initialOrder(kind: ImportKind, preview: CsvPreview | undefined): ColumnMapping {
  return homeroomCodesAreNoEmails(kind, preview, guessOrder(kind, preview));
}

/**
 * A column guessed to be the default teacher's email whose first values are no emails ("HR-204", "12")
 * holds homeroom codes: it is guessed as the homeroom, which matches a code as well as an email or name
 * (a guess of the email took 1,200 rows of codes for emails, every one an error until remapped).
 */
function homeroomCodesAreNoEmails(kind: ImportKind, preview: CsvPreview | undefined, order: ColumnMapping): ColumnMapping {
  const at = order.indexOf("default_teacher_email");
  if (kind !== "students" || at < 0 || !preview || order.includes("homeroom")) return order;
  const values = preview.rows
    .slice(preview.namedColumns ? 1 : 0)
    .map((row) => (row[at] ?? "").trim())
    .filter(Boolean);
  if (values.length === 0 || values.some((value) => value.includes("@"))) return order;
  return order.map((field) => (field === "default_teacher_email" ? "homeroom" : field));
}

function guessOrder(kind: ImportKind, preview: CsvPreview | undefined): ColumnMapping {
  if (preview?.header) return [...preview.header];
  const columns = Math.max(preview?.columns ?? 0, 0);
  if (preview?.namedColumns) {
    const allowed: readonly string[] = fieldChoices(kind);
    const used = new Set<ImportField>();
    return (preview.rows[0] ?? []).slice(0, columns).map((cell) => {
      const name = normalizeHeaderCell(cell);
      const field = (allowed.includes(name) ? name : SYNONYMS[name]) as ImportField | undefined;
      if (!field || !allowed.includes(field) || used.has(field)) return null;
      // One way of naming a default teacher.
      if (
        (field === "homeroom" && used.has("default_teacher_email")) ||
        (field === "default_teacher_email" && used.has("homeroom"))
      )
        return null;
      used.add(field);
      return field;
    });
  }
  const spec: ImportField[] = [...IMPORT_FIELDS[kind], ...OPTIONAL_FIELDS[kind]];
  if (!preview) return [...IMPORT_FIELDS[kind]];
  const count = Math.max(columns, IMPORT_FIELDS[kind].length);
  return Array.from({ length: count }, (_, i) => spec[i] ?? null);
}

/** A remembered mapping fitted to this file's columns (extra columns ignored). */
export function fitMapping(mapping: readonly (ImportField | null)[], columns: number): ColumnMapping {
  return Array.from({ length: Math.max(columns, 1) }, (_, i) => mapping[i] ?? null);
}

/** The first problem with the chosen fields, or null. */
export function orderProblem(kind: ImportKind, order: readonly (string | null)[]): string | null {
  if (isFieldOrder(kind, order)) return null;
  const used = order.filter(Boolean);
  const required: readonly string[] = REQUIRED_FIELDS[kind];
  const missing = required.filter((field) => !order.includes(field));
  if (missing.length)
    return `Use each field once: ${missing.map((f) => FIELD_LABELS[f as ImportField]).join(", ")} is missing.`;
  if (used.includes("default_teacher_email") && used.includes("homeroom"))
    return "Choose either Default teacher email or Homeroom teacher, not both.";
  const duplicated = used.find((field, i) => used.indexOf(field) !== i);
  return `Use each field once: ${FIELD_LABELS[duplicated as ImportField] ?? "a field"} is chosen twice.`;
}

/**
 * Puts `field` in column `index` (null: ignore the column). A field already used by another column
 * moves here, and that column takes this column's old field (so each stays used once).
 */
export function placeField(
  order: readonly (ImportField | null)[],
  index: number,
  field: ImportField | null,
): ColumnMapping {
  const next = [...order];
  const from = field === null ? -1 : next.indexOf(field);
  if (from === -1 || from === index) {
    next[index] = field;
    return next;
  }
  [next[from], next[index]] = [next[index] ?? null, next[from]!];
  return next;
}
