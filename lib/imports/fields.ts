/**
 * The CSV columns of each import (spec §9), shared by the wizard and the server. Client-safe: no
 * server imports here.
 */
export const IMPORT_FIELDS = {
  students: ["first_name", "last_name", "grade", "student_number"],
  staff: ["email", "last_name", "first_name", "title"],
} as const;

/**
 * Columns a file may add after naming them (issue 12): a student's default (homeroom) teacher, by the
 * staff member's email; a staff member's capacity and whether they take Focus Block students (issue 20:
 * yes/no, true/false or 1/0). A file without them imports exactly as before.
 */
export const OPTIONAL_FIELDS = {
  students: ["default_teacher_email"],
  staff: ["takes_students", "capacity"],
} as const;

export type ImportKind = keyof typeof IMPORT_FIELDS;
export type ImportField =
  (typeof IMPORT_FIELDS)[ImportKind][number] | (typeof OPTIONAL_FIELDS)[ImportKind][number];

/** Every field a column of this kind may be matched to: the required ones, then the optional ones. */
export const fieldChoices = (kind: ImportKind): readonly ImportField[] => [
  ...IMPORT_FIELDS[kind],
  ...OPTIONAL_FIELDS[kind],
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
};

/** At most this many files per upload (spec §9), on the server too. */
export const MAX_FILES_PER_UPLOAD = 5;
/** Per file; a 5,000-student roster is about 150 KB. */
export const MAX_CSV_BYTES = 2 * 1024 * 1024;
export const MAX_CSV_ROWS = 10_000;
export const MAX_NAME_LENGTH = 100;

/** A header cell as a field name: "First Name" → "first_name". */
export const normalizeHeaderCell = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/** `headers` as the wizard sends it: the ordered field names joined by commas. */
export const joinHeaders = (fields: readonly string[]) => fields.join(",");

/** True when `fields` uses every required field of the kind exactly once, and optional ones at most once. */
export function isFieldOrder(kind: ImportKind, fields: readonly string[]): boolean {
  const required: readonly string[] = IMPORT_FIELDS[kind];
  const allowed: readonly string[] = fieldChoices(kind);
  return (
    new Set(fields).size === fields.length &&
    fields.every((field) => allowed.includes(field)) &&
    required.every((field) => fields.includes(field))
  );
}
