import "server-only";
import { turnTaker, type TakeTurn } from "@/lib/event-loop";
import { pullValue, type ValuePart } from "@/lib/worker-channel";
import { startWorker } from "@/lib/workers.server";
import { CalendarImportError, type ImportOptions, type ParsedCalendarFile } from "./import";

/** What the server sends the calendar reader's worker (lib/calendar/import.worker.ts). */
export type ToReader =
  | { type: "read"; bytes: Uint8Array; filename: string; kind: "ics" | "csv"; options: ImportOptions }
  | { type: "next" };

/** What the worker answers: the parsed file a part at a time, its problems, or a failure. */
export type FromReader =
  | { type: "parsed"; part: ValuePart }
  | { type: "refused"; problems: string[] }
  | { type: "failed"; message: string; stack?: string };

/**
 * How long a file may take to read, the worker's pauses included. The steps are bounded in the reader
 * (lib/calendar/import.ts); this holds for whatever ical.js might still do that they do not count.
 */
export const MAX_READ_MS = 20_000;

/**
 * Reads an uploaded calendar file in a worker thread of its own, so no file — a rule that repeats every
 * second, a 2 MB file of events — holds the server's event loop (with the reading on the loop, a 188-byte
 * .ics held every other request for seconds). The events come back in slices of rows, a slice a turn
 * (lib/worker-channel.ts). The worker is ended once the answer is in, or after MAX_READ_MS.
 */
export async function readCalendarFile(
  bytes: Uint8Array,
  filename: string,
  kind: "ics" | "csv",
  options: ImportOptions,
  turn: TakeTurn = turnTaker(),
): Promise<ParsedCalendarFile> {
  const worker = startWorker("calendar/import");
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await new Promise<ParsedCalendarFile>((resolve, reject) => {
      const pulled = pullValue(() => worker.postMessage({ type: "next" } satisfies ToReader), turn);
      pulled.value.then((value) => resolve(value as ParsedCalendarFile), reject);
      worker.on("message", (message: FromReader) => {
        if (message.type === "parsed") void pulled.take(message.part);
        else if (message.type === "refused") reject(new CalendarImportError(message.problems));
        else reject(Object.assign(new Error(message.message), { stack: message.stack }));
      });
      worker.on("error", reject);
      worker.on("exit", (code) => reject(new Error(`The calendar reader's worker stopped (exit code ${code}).`)));
      timer = setTimeout(
        () =>
          reject(
            new CalendarImportError([
              `${filename} took too long to read (more than ${MAX_READ_MS / 1000} seconds): export a shorter period, or the school year alone, and upload that.`,
            ]),
          ),
        MAX_READ_MS,
      );
      // A copy of its own to hand over (a Buffer's slice shares Node's pool, which cannot be transferred).
      const copy = new Uint8Array(bytes);
      worker.postMessage({ type: "read", bytes: copy, filename, kind, options } satisfies ToReader, [copy.buffer as ArrayBuffer]);
    });
  } finally {
    clearTimeout(timer);
    void worker.terminate();
  }
}
