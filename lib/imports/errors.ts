import { ApiError } from "@/lib/api/errors.server";

/** A whole file cannot be imported (empty, binary, unreadable CSV, too many rows, wrong header row). */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportFileError";
  }
}

export const fileRejected = (error: ImportFileError) =>
  new ApiError(422, "invalid_file", error.message, { file: [error.message] });
