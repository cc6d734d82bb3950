import { z } from "zod";
import { DECEPTIVE_NAME_MESSAGE, hasControlCharacters, hasDeceptiveCharacters } from "@/lib/api/schemas";
import { DEFAULT_GRADE_RANGE, isInRange, type GradeRange } from "@/lib/grade-range";
import { STAFF_TITLES } from "@/lib/people/names";
import { MAX_CAPACITY } from "@/lib/people/schemas";
import type { CsvRecord } from "./parse";
import { mailboxAddress } from "@/lib/api/email-address";
import { FIELD_LABELS, MAX_NAME_LENGTH, type ImportField, type ImportKind } from "./fields";

export interface StudentValues {
  student_number: string;
  first_name: string;
  last_name: string;
  grade: number;
  /**
   * The optional default_teacher_email or homeroom column: absent (undefined) when the file has no
   * such column, null when its cell is blank (no default teacher), else an email (lower-cased) or a
   * name. Resolved to a staff member later (lib/imports/plan.ts resolveDefaultTeachers).
   */
  teacher_ref?: string | null;
  /** The staff member it names, by their email (lower-cased) and id; null for none. */
  default_teacher_email?: string | null;
  default_teacher_id?: number | null;
  /** The optional email column (lower-cased): absent without the column, null for a blank cell. */
  email?: string | null;
  /** The optional preferred first name column: absent without the column, null for a blank cell. */
  preferred_first_name?: string | null;
  /** The guardian columns: a family contact to add (lib/imports/batch.server.ts); absent without an address. */
  guardian?: { email: string; name: string; locale: string | null };
}

export interface StaffValues {
  email: string;
  first_name: string;
  last_name: string;
  /** Mr., Mx., Dr. … or "" (none); absent when the file has no title column (an existing member keeps theirs). */
  title?: string;
  /**
   * The optional takes_students and capacity columns: absent (undefined) when the file has no such
   * column or the cell is blank (a new member gets the default, an existing one keeps theirs).
   */
  takes_students?: boolean;
  capacity?: number;
  /** The optional position, department and homeroom code columns: absent without the column, "" / null for a blank cell. */
  position?: string;
  department?: string;
  homeroom?: string | null;
}

/** A data row after the row rules: its values, or why it is skipped. */
export interface RowCandidate<V> {
  /** The line it starts on in the file. */
  row: number;
  /** Student number or email as written (trimmed; emails lower-cased), for the report. */
  key: string;
  /** "First Last", for the report. */
  name: string;
  values: V | null;
  reason: string | null;
}

const MAX_NUMBER_LENGTH = 20;
const YES = new Set(["yes", "true", "1"]);
const NO = new Set(["no", "false", "0"]);
const emailSchema = z.email().max(254);

/** Shown in a reason without flooding the report with a pasted paragraph. */
const quote = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);
const lower = (field: ImportField) => FIELD_LABELS[field].toLowerCase();

function nameProblem(field: ImportField, value: string): string | null {
  if (value === "") return `${lower(field)} is missing`;
  if (value.includes("\n")) return `${lower(field)} must be on one line`;
  if (hasControlCharacters(value)) return `${lower(field)} contains characters that are not allowed`;
  if (hasDeceptiveCharacters(value)) return `${lower(field)} ${DECEPTIVE_NAME_MESSAGE.replace(/\.$/, "")}`;
  if (value.length > MAX_NAME_LENGTH) return `${lower(field)} is longer than ${MAX_NAME_LENGTH} characters`;
  return null;
}

/** Dr., Mx. … as written, ignoring case and a missing full stop; empty means no title (never Mr.). */
function canonicalTitle(value: string): string | null {
  if (value === "") return "";
  const bare = value.toLowerCase().replace(/\.$/, "");
  return STAFF_TITLES.find((title) => title.toLowerCase().replace(/\.$/, "") === bare) ?? null;
}

/** The cells by field name (ignored columns left out); extra empty cells (a trailing comma) are ignored. */
function cellsOf(
  record: CsvRecord,
  headers: readonly string[],
): { cells: Record<string, string> } | { reason: string } {
  const cells = record.cells.map((cell) => cell.trim());
  while (cells.length > headers.length && cells[cells.length - 1] === "") cells.pop();
  if (cells.length !== headers.length) {
    const columns = cells.length === 1 ? "1 column" : `${cells.length} columns`;
    return { reason: `has ${columns}, expected ${headers.length}` };
  }
  return {
    cells: Object.fromEntries(
      headers.flatMap((field, index) => (field === "" ? [] : [[field, cells[index]!] as const])),
    ),
  };
}

const optionalName = (field: ImportField, value: string | undefined, problems: string[]) => {
  if (value === undefined || value === "") return value === undefined ? undefined : null;
  const problem = nameProblem(field, value);
  if (problem) problems.push(problem);
  return value;
};

/** A homeroom cell: a staff email (lower-cased) or a name as the school writes it ("Lovelace, Ada"). */
function teacherRef(cells: Record<string, string>, problems: string[]): string | null | undefined {
  if (cells.default_teacher_email !== undefined) {
    const teacher = cells.default_teacher_email.toLowerCase();
    if (teacher && !emailSchema.safeParse(teacher).success)
      problems.push(
        `default teacher email ${quote(cells.default_teacher_email)} is not a valid email address`,
      );
    return teacher || null;
  }
  const homeroom = cells.homeroom;
  if (homeroom === undefined) return undefined;
  if (homeroom === "") return null;
  if (homeroom.includes("@")) {
    if (!emailSchema.safeParse(homeroom.toLowerCase()).success)
      problems.push(`homeroom ${quote(homeroom)} is not a valid email address`);
    return homeroom.toLowerCase();
  }
  const problem = nameProblem("homeroom", homeroom);
  if (problem) problems.push(problem.replace(/^homeroom \(code, or the teacher's email or name\)/, "homeroom"));
  return homeroom;
}

const LANGUAGE_TAG = /^[a-z]{2,3}(-[a-z0-9]{2,8}){0,3}$/i;

/** The guardian columns: an address (one mailbox, no line breaks), an optional name and language tag. */
function guardianOf(cells: Record<string, string>, problems: string[]): StudentValues["guardian"] | undefined {
  const raw = cells.guardian_email;
  if (raw === undefined || raw === "") return undefined;
  const email = mailboxAddress(raw);
  if (!email) problems.push(`guardian email ${quote(raw)} is not a valid email address`);
  const name = cells.guardian_name ?? "";
  const nameIssue = name ? nameProblem("guardian_name", name) : null;
  if (nameIssue) problems.push(nameIssue);
  const language = cells.guardian_language ?? "";
  if (language && !LANGUAGE_TAG.test(language)) problems.push(`guardian language ${quote(language)} is not a language tag such as es or pt-BR`);
  return email ? { email, name, locale: language || null } : undefined;
}

function studentRow(
  cells: Record<string, string>,
  grades: GradeRange,
): {
  values: StudentValues | null;
  problems: string[];
  key: string;
} {
  const problems: string[] = [];
  const number = cells.student_number!;
  if (number === "") problems.push("student number is missing");
  else if (!/^\d+$/.test(number) || number.length > MAX_NUMBER_LENGTH)
    problems.push(`student number ${quote(number)} is not a number of up to ${MAX_NUMBER_LENGTH} digits`);
  for (const field of ["first_name", "last_name"] as const) {
    const problem = nameProblem(field, cells[field]!);
    if (problem) problems.push(problem);
  }
  const grade = /^(-1|\d{1,2})$/.test(cells.grade!) ? Number(cells.grade) : NaN;
  if (cells.grade === "") problems.push("grade is missing");
  else if (!isInRange(grades, grade))
    problems.push(`grade ${quote(cells.grade!)} is not ${grades.min}–${grades.max}`);
  const teacher = teacherRef(cells, problems);
  const email = cells.email?.toLowerCase();
  if (email && !emailSchema.safeParse(email).success)
    problems.push(`email ${quote(cells.email!)} is not a valid email address`);
  const preferred = optionalName("preferred_first_name", cells.preferred_first_name, problems);
  const guardian = guardianOf(cells, problems);
  const values: StudentValues | null = problems.length
    ? null
    : { student_number: number, first_name: cells.first_name!, last_name: cells.last_name!, grade };
  if (values && teacher !== undefined) values.teacher_ref = teacher;
  if (values && email !== undefined) values.email = email || null;
  if (values && preferred !== undefined) values.preferred_first_name = preferred;
  if (values && guardian) values.guardian = guardian;
  return { values, problems, key: number };
}

function staffRow(cells: Record<string, string>): {
  values: StaffValues | null;
  problems: string[];
  key: string;
} {
  const problems: string[] = [];
  const email = cells.email!.toLowerCase();
  if (email === "") problems.push("email is missing");
  else if (!emailSchema.safeParse(email).success)
    problems.push(`email ${quote(cells.email!)} is not a valid email address`);
  for (const field of ["first_name", "last_name"] as const) {
    const problem = nameProblem(field, cells[field]!);
    if (problem) problems.push(problem);
  }
  const title = cells.title === undefined ? undefined : canonicalTitle(cells.title);
  if (title === null)
    problems.push(`title ${quote(cells.title!)} is not one of ${STAFF_TITLES.join(", ")} (or blank)`);
  const takes = cells.takes_students?.toLowerCase();
  if (takes && !YES.has(takes) && !NO.has(takes))
    problems.push(`takes Focus Block students ${quote(cells.takes_students!)} is not yes or no`);
  const capacity = cells.capacity;
  const capacityNumber = capacity && /^\d{1,3}$/.test(capacity) ? Number(capacity) : NaN;
  if (capacity && !(capacityNumber >= 0 && capacityNumber <= MAX_CAPACITY))
    problems.push(`capacity ${quote(capacity)} is not a whole number from 0 to ${MAX_CAPACITY}`);
  const position = optionalName("position", cells.position, problems);
  const department = optionalName("department", cells.department, problems);
  const homeroom = optionalName("homeroom_code", cells.homeroom_code, problems);
  if (problems.length) return { values: null, problems, key: email };
  const values: StaffValues = {
    email,
    first_name: cells.first_name!,
    last_name: cells.last_name!,
  };
  if (title !== undefined) values.title = title!;
  if (takes) values.takes_students = YES.has(takes);
  if (capacity) values.capacity = capacityNumber;
  if (position !== undefined) values.position = position ?? "";
  if (department !== undefined) values.department = department ?? "";
  if (homeroom !== undefined) values.homeroom = homeroom;
  return { values, problems, key: email };
}

/**
 * Applies the row rules to every record (trimmed cells, required names, a grade of the school's range,
 * digit student numbers, valid emails, titles from the list or none) and refuses the second and later
 * rows naming the same student number or email (a student's email too). Pure: the database is
 * consulted later (lib/imports/plan.ts). `headers` has "" for an ignored column.
 */
export function candidatesOf<K extends ImportKind>(
  kind: K,
  records: readonly CsvRecord[],
  headers: readonly string[],
  grades: GradeRange = DEFAULT_GRADE_RANGE,
): RowCandidate<K extends "students" ? StudentValues : StaffValues>[] {
  const firstRowOf = new Map<string, number>();
  const firstEmailOf = new Map<string, number>();
  const keyLabel = kind === "students" ? "student number" : "email";
  return records.map((record) => {
    const mapped = cellsOf(record, headers);
    if ("reason" in mapped)
      return { row: record.line, key: "", name: "", values: null, reason: mapped.reason };
    const { cells } = mapped;
    const checked = kind === "students" ? studentRow(cells, grades) : staffRow(cells);
    const name = `${cells.first_name} ${cells.last_name}`.trim().replace(/\s+/g, " ").slice(0, 200);
    if (checked.values) {
      const earlier = firstRowOf.get(checked.key);
      if (earlier !== undefined)
        checked.problems.push(`duplicate ${keyLabel} ${quote(checked.key)} (also on row ${earlier})`);
      else firstRowOf.set(checked.key, record.line);
      const email = "grade" in checked.values ? checked.values.email : undefined;
      if (email) {
        const earlierEmail = firstEmailOf.get(email);
        if (earlierEmail !== undefined)
          checked.problems.push(`duplicate email ${quote(email)} (also on row ${earlierEmail})`);
        else firstEmailOf.set(email, record.line);
      }
    }
    const reason = checked.problems.length ? checked.problems.join(", ") : null;
    return {
      row: record.line,
      key: checked.key.slice(0, 254),
      name,
      values: reason ? null : checked.values,
      reason,
    } as RowCandidate<K extends "students" ? StudentValues : StaffValues>;
  });
}
