import type { GradeRange } from "@/lib/grade-range";
import type { ImportKind } from "./fields";
import { parseCsv, type ParsedCsv } from "./parse";
import { candidatesOf, type RowCandidate, type StaffValues, type StudentValues } from "./rows";

export type ImportCandidate = RowCandidate<StudentValues | StaffValues>;

export interface ImportFile extends Omit<ParsedCsv, "records"> {
  /** Every data row after the row rules: its values, or why it is skipped. */
  candidates: ImportCandidate[];
}

export interface ImportFileRequest {
  kind: ImportKind;
  bytes: Uint8Array;
  filename: string;
  headers: readonly string[];
  headerRow: boolean;
  /** The school's grades (students). */
  grades?: GradeRange;
}

/** A CSV file decoded, parsed, and each record checked against the row rules. Pure; throws ImportFileError. */
export function readCsvFile({ kind, bytes, filename, headers, headerRow, grades }: ImportFileRequest): ImportFile {
  const { records, ...parsed } = parseCsv(bytes, filename, headers, headerRow);
  return { ...parsed, candidates: candidatesOf(kind, records, headers, grades) };
}
