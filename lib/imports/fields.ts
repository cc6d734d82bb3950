/**
 * The CSV columns of each import (spec §9), shared by the wizard and the server. Client-safe: no
 * server imports here.
 */
export const IMPORT_FIELDS = {
  students: ["first_name", "last_name", "grade", "student_number"],
  staff: ["email", "last_name", "first_name", "title"],
} as const;

/**
 * The fields a file must have. A staff file may leave out the title (SIS exports often have none: a blank or missing
 * title stays blank; no "Mr." is invented).
 */
export const REQUIRED_FIELDS: { readonly [K in ImportKind]: readonly ImportField[] } = {
  students: IMPORT_FIELDS.students,
  staff: ["email", "last_name", "first_name"],
};

/**
 * Columns a file may add after naming them (for default placement): a student's default (homeroom) teacher, by the
 * staff member's email; a staff member's capacity and whether they take Focus Block students (office staff take none:
 * yes/no, true/false or 1/0). A file without them imports exactly as before.
 */
export const OPTIONAL_FIELDS = {
  students: ["default_teacher_email"],
  staff: ["takes_students", "capacity"],
} as const;

/**
 * More columns a school information system's export has (so its file imports as it is): a student's email, preferred first
 * name and homeroom (the default teacher: the homeroom's code, or the teacher's staff email or name);
 * a staff member's position (job title) and department, and the code of the homeroom they teach.
 * A student's family contact (for the weekly family summary): guardian_email, with guardian_name and guardian_language
 * (a language tag such as es or pt-BR) if the file has them; a contact, never an account.
 */
export const MORE_FIELDS = {
  students: ["email", "preferred_first_name", "homeroom", "guardian_email", "guardian_name", "guardian_language"],
  staff: ["position", "department", "homeroom_code"],
} as const;

export type ImportKind = keyof typeof IMPORT_FIELDS;
export type ImportField =
  | (typeof IMPORT_FIELDS)[ImportKind][number]
  | (typeof OPTIONAL_FIELDS)[ImportKind][number]
  | (typeof MORE_FIELDS)[ImportKind][number];

/** A column's field, or null: the column is ignored. */
export type ColumnMapping = (ImportField | null)[];

/** Every field a column of this kind may be matched to: the spec's, then the optional ones. */
export const fieldChoices = (kind: ImportKind): readonly ImportField[] => [
  ...IMPORT_FIELDS[kind],
  ...OPTIONAL_FIELDS[kind],
  ...MORE_FIELDS[kind],
];

export const FIELD_LABELS: Record<ImportField, string> = {
  first_name: "First name",
  last_name: "Last name",
  grade: "Grade",
  student_number: "Student number",
  email: "Email",
  title: "Title",
  default_teacher_email: "Default teacher email",
  takes_students: "Takes Focus Block students",
  capacity: "Capacity",
  preferred_first_name: "Preferred first name",
  homeroom: "Homeroom (code, or the teacher's email or name)",
  position: "Position (job title)",
  department: "Department",
  homeroom_code: "Homeroom code",
  guardian_email: "Guardian email",
  guardian_name: "Guardian name",
  guardian_language: "Guardian language",
};

/** The label of the wizard's choice that skips a column. */
export const IGNORE_LABEL = "Ignore";

/** Two ways of naming a student's default teacher: a file maps at most one of them. */
const EXCLUSIVE: readonly (readonly ImportField[])[] = [["default_teacher_email", "homeroom"]];

/** At most this many files per upload (spec §9), on the server too. */
export const MAX_FILES_PER_UPLOAD = 5;
/** Per file; a 5,000-student roster is about 150 KB. */
export const MAX_CSV_BYTES = 2 * 1024 * 1024;
export const MAX_CSV_ROWS = 10_000;
export const MAX_NAME_LENGTH = 100;
/** A school information system's export has a few dozen columns at most. */
export const MAX_COLUMNS = 200;

/** A header cell as a field name: "First Name" → "first_name". */
export const normalizeHeaderCell = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/**
 * How a header row is remembered (import_mappings.headers_key): each cell trimmed and lower-cased,
 * joined with U+001F; empty cells at the end (a trailing comma) are left out.
 */
export function headersKey(cells: readonly string[]): string {
  const names = cells.map((cell) =>
    cell
      .replace(/^\uFEFF/, "")
      .trim()
      .toLowerCase(),
  );
  while (names.length > 0 && names[names.length - 1] === "") names.pop();
  return names.join("\u001f");
}

/**
 * `headers` as the wizard sends it: the field of each column joined by commas, an ignored column
 * empty ("email,,last_name").
 */
export const joinHeaders = (fields: readonly (string | null)[]) => fields.map((f) => f ?? "").join(",");

/** The ignored column in a headers list: "" (or "ignore", as a person might type it). */
export const isIgnored = (field: string | null | undefined) => !field || field === "ignore";

/**
 * True when `fields` (one per column; ignored ones empty or null) maps every required field of the kind
 * exactly once, and other fields at most once, never both ways of naming a default teacher.
 */
export function isFieldOrder(kind: ImportKind, fields: readonly (string | null)[]): boolean {
  const used = fields.filter((field): field is string => !isIgnored(field));
  const allowed: readonly string[] = fieldChoices(kind);
  const required: readonly string[] = REQUIRED_FIELDS[kind];
  return (
    fields.length <= MAX_COLUMNS &&
    new Set(used).size === used.length &&
    used.every((field) => allowed.includes(field)) &&
    required.every((field) => used.includes(field)) &&
    EXCLUSIVE.every((group) => group.filter((field) => used.includes(field)).length <= 1)
  );
}
