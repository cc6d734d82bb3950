import "server-only";
import type { TakeTurn } from "@/lib/event-loop";
import { handOver } from "@/lib/worker-channel";
import { runTask } from "@/lib/workers.server";
import { CalendarImportError, type ImportOptions, type ParsedCalendarFile } from "./import";

/** What the calendar reader's worker (lib/calendar/import.worker.ts) is asked to read. */
export interface CalendarFileRequest {
  bytes: Uint8Array;
  filename: string;
  kind: "ics" | "csv";
  options: ImportOptions;
}

/**
 * How long a file may take to read, the worker's pauses included. The steps are bounded in the reader
 * (lib/calendar/import.ts); this holds for whatever ical.js might still do that they do not count.
 */
export const MAX_READ_MS = 20_000;

/**
 * Reads an uploaded calendar file in a worker thread of its own, so no file — a rule that repeats every
 * second, a 2 MB file of events — holds the server's event loop (with the reading on the loop, a 188-byte
 * .ics held every other request for seconds). The events come back in slices of rows, a slice a turn.
 * Refusals are CalendarImportError, as lib/calendar/import.ts throws them.
 */
export function readCalendarFile(
  bytes: Uint8Array,
  filename: string,
  kind: "ics" | "csv",
  options: ImportOptions,
  turn?: TakeTurn,
): Promise<ParsedCalendarFile> {
  const file = handOver(bytes);
  return runTask<ParsedCalendarFile>("calendar/import", "read", { bytes: file.bytes, filename, kind, options } satisfies CalendarFileRequest, {
    transfer: file.transfer,
    turn,
    timeoutMs: MAX_READ_MS,
    timedOut: () =>
      new CalendarImportError([
        `${filename} took too long to read (more than ${MAX_READ_MS / 1000} seconds): export a shorter period, or the school year alone, and upload that.`,
      ]),
    refused: (problems) => new CalendarImportError(problems as string[]),
  });
}
