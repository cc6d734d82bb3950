import "server-only";
import type { Db } from "@/db";
import { schoolGradeRange } from "@/lib/people/grades.server";
import type { ImportKind } from "./fields";
import { parseCsv, type ParsedCsv } from "./parse";
import { candidatesOf, type RowCandidate, type StaffValues, type StudentValues } from "./rows";

export type ImportCandidate = RowCandidate<StudentValues | StaffValues>;

export interface ImportFile extends Omit<ParsedCsv, "records"> {
  /** Every data row after the row rules: its values, or why it is skipped. */
  candidates: ImportCandidate[];
}

/**
 * The one reading of an uploaded CSV file: decoded, parsed, and each record checked against the row
 * rules (the school's grade range for students). The upload (dry run or not) reads the file here once
 * and keeps the rows with the import (lib/imports/upload.server.ts), so the job imports those rows instead of
 * parsing the file again. File-level problems throw ImportFileError.
 */
export async function readImportFile(
  db: Db,
  kind: ImportKind,
  file: { bytes: Uint8Array; filename: string; headers: readonly string[]; headerRow: boolean },
): Promise<ImportFile> {
  const { records, ...parsed } = parseCsv(file.bytes, file.filename, file.headers, file.headerRow);
  const grades = kind === "students" ? await schoolGradeRange(db) : undefined;
  return { ...parsed, candidates: candidatesOf(kind, records, file.headers, grades) };
}
