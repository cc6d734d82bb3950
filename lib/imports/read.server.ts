import "server-only";
import type { Db } from "@/db";
import type { TakeTurn } from "@/lib/event-loop";
import { schoolGradeRange } from "@/lib/people/grades.server";
import { handOver } from "@/lib/worker-channel";
import { runTask } from "@/lib/workers.server";
import { ImportFileError } from "./errors";
import type { ImportKind } from "./fields";
import type { ImportFile, ImportFileRequest } from "./read";

export type { ImportCandidate, ImportFile } from "./read";

/** How long reading a file may take (2 MB of CSV takes well under a second). */
const MAX_READ_MS = 20_000;

/**
 * The one reading of an uploaded CSV file: decoded, parsed, and each record checked against the row
 * rules (the school's grade range for students), in a worker thread (lib/imports/read.worker.ts): parsing
 * 2 MB of CSV and checking 10,000 rows held the server's event loop for a tenth of a second. The upload
 * (dry run or not) reads the file here once and keeps the rows with the import (lib/imports/upload.server.ts),
 * so the job imports those rows instead of parsing the file again. File-level problems throw ImportFileError.
 */
export async function readImportFile(
  db: Db,
  kind: ImportKind,
  file: { bytes: Uint8Array; filename: string; headers: readonly string[]; headerRow: boolean },
  turn?: TakeTurn,
): Promise<ImportFile> {
  const grades = kind === "students" ? await schoolGradeRange(db) : undefined;
  const { bytes, transfer } = handOver(file.bytes);
  const request: ImportFileRequest = { kind, bytes, filename: file.filename, headers: [...file.headers], headerRow: file.headerRow, grades };
  return runTask<ImportFile>("imports/read", "read", request, {
    transfer,
    turn,
    timeoutMs: MAX_READ_MS,
    timedOut: () => new ImportFileError(`${file.filename} took too long to read. Split it into smaller files.`),
    refused: (message) => new ImportFileError(String(message)),
  });
}
