import { stringify } from "csv-stringify/sync";
import { CSV_OPTIONS as OPTIONS } from "@/lib/csv";

/**
 * CSV files of the reports and the SIS export, written by csv-stringify's Node build with the app's
 * CSV options (lib/csv.ts: CRLF, formulas escaped), and a BOM (what spreadsheets expect).
 */
const BOM = "\ufeff";
const LINE_END = "\r\n";

export function csvText(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return stringify([header as unknown[], ...(rows as unknown[][])], { ...OPTIONS, bom: true });
}

/**
 * Some cells of a row as csv-stringify writes them (quoted and escaped, joined by commas, no line end):
 * for the parts of a large file that repeat (a student's number and name, a teacher), encoded once
 * and reused on every line (lib/reports/present.ts sisPieces).
 */
export function csvCells(values: readonly unknown[]): string {
  return stringify([values as unknown[]], { ...OPTIONS, eof: false });
}

/** Lines (or CRLF-joined runs of lines) made of csvCells pieces, streamed `batch` at a time after the BOM and the header. */
export function csvStream(header: readonly string[], lines: Iterable<string>, batch = 5000): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = lines[Symbol.iterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const parts: string[] = started ? [] : [BOM + csvCells(header)];
      started = true;
      for (let i = 0; i < batch; i++) {
        const next = iterator.next();
        if (next.done) {
          if (parts.length > 0) controller.enqueue(encoder.encode(parts.join(LINE_END) + LINE_END));
          controller.close();
          return;
        }
        parts.push(next.value);
      }
      controller.enqueue(encoder.encode(parts.join(LINE_END) + LINE_END));
    },
  });
}

/**
 * Runs of lines read as they are needed (an async iterable), streamed after the BOM and the header:
 * the whole file is never in memory, only the run being sent (a year's SIS export is tens of MB).
 */
export function csvStreamAsync(header: readonly string[], runs: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = runs[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(BOM + csvCells(header) + LINE_END));
        return;
      }
      const next = await iterator.next();
      if (next.done) controller.close();
      else if (next.value) controller.enqueue(encoder.encode(next.value + LINE_END));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
