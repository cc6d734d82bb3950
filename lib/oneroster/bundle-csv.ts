import { parse as csvParser } from "csv-parse";
import { CSV_READ_OPTIONS, CsvSyntaxError, startLine, uniformLineEnds } from "@/lib/csv-options";
import type { TakeTurn } from "@/lib/event-loop";
import { BundleRefused, refuse } from "./bundle-problems";

/** A bundle file's text read as CSV a chunk at a time, each row with the line it starts on. */

function decode(file: string, bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return refuse(file, "The file is not UTF-8 text.");
  }
  // No database stores U+0000 in text: a CSV holding one is damaged.
  const nul = text.indexOf("\0");
  if (nul >= 0) refuse(file, "The file contains a NUL character (it is damaged or not text).", text.slice(0, nul).split("\n").length);
  return text;
}

export interface CsvLine {
  /** The line it starts on (1 = the header). */
  line: number;
  cells: string[];
}

export interface CsvReader {
  header(cells: string[]): void;
  row(row: CsvLine): void;
}

/** Bytes handed to the CSV parser between two turns of the event loop (about 50 enrolment rows). */
const CSV_CHUNK_BYTES = 4 * 1024;

type CsvRecord = { record: string[]; info: { lines: number } };

/**
 * Reads a CSV file with csv-parse's streaming parser a chunk at a time, handing the reader its header
 * and then each row as it is parsed, with a turn of the event loop after each chunk: a 16,000-line file
 * in one call held the loop for 60–200 ms, and keeping every parsed row until the end made the garbage
 * collector's pauses long (the rows outlived its young generation).
 */
export async function readCsv(file: string, bytes: Uint8Array, turn: TakeTurn, reader: CsvReader): Promise<void> {
  const data = Buffer.from(uniformLineEnds(decode(file, bytes)));
  // The app's reading options, but strict about quotes: a OneRoster export is written by a program.
  const parser = csvParser({ ...CSV_READ_OPTIONS, relax_quotes: false, info: true });
  let failure: unknown = null;
  let headed = false;
  parser.on("error", (error) => (failure ??= error));
  const take = ({ record, info }: CsvRecord) => {
    if (!headed) {
      headed = true;
      return reader.header(record.map((h) => h.trim()));
    }
    reader.row({ line: startLine(record, info.lines), cells: record });
  };
  const drain = () => {
    for (let record = parser.read(); record !== null; record = parser.read()) take(record as CsvRecord);
  };
  try {
    for (let at = 0; at < data.byteLength && !failure; at += CSV_CHUNK_BYTES) {
      parser.write(data.subarray(at, at + CSV_CHUNK_BYTES));
      drain();
      await turn();
    }
    if (failure) throw failure;
    parser.end();
    for await (const record of parser) take(record as CsvRecord);
    if (failure) throw failure;
  } catch (error) {
    parser.destroy();
    if (error instanceof BundleRefused) throw error;
    // The bundle's own sentence: the file and the line are the problem's fields.
    return refuse(file, "The file could not be read as CSV: check its quotation marks.", CsvSyntaxError.of(file, error).line ?? 0);
  }
  if (!headed) refuse(file, "The file is empty: it needs at least its header line.");
}
