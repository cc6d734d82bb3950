/**
 * The calendar import's worker thread (started by lib/calendar/reader.server.ts): reads one uploaded
 * .ics or .csv file (lib/calendar/import.ts) and hands the events back a part at a time as the server
 * asks, or the file's problems. Nothing here touches the database.
 */
import { parentPort } from "node:worker_threads";
import { turnTaker } from "@/lib/event-loop";
import { partsToPull, type ValuePart } from "@/lib/worker-channel";
import { CalendarImportError, parseCalendarFile } from "./import";
import type { FromReader, ToReader } from "./reader.server";

const port = parentPort!;
const answer = (message: FromReader) => port.postMessage(message);
/** The server's loop shares the machine's cores with this thread: the reading takes a third of a core at most. */
const turn = turnTaker();
let parts: Iterator<ValuePart> | null = null;

function sendNextPart() {
  const next = parts?.next();
  if (next && !next.done) answer({ type: "parsed", part: next.value });
}

async function read(message: Extract<ToReader, { type: "read" }>) {
  try {
    const parsed = await parseCalendarFile(message.bytes, message.filename, message.kind, message.options, turn);
    parts = partsToPull(parsed);
    sendNextPart();
  } catch (error) {
    if (error instanceof CalendarImportError) return answer({ type: "refused", problems: error.problems });
    const { message: text, stack } = error instanceof Error ? error : new Error(String(error));
    answer({ type: "failed", message: text, stack });
  }
}

port.on("message", (message: ToReader) => {
  if (message.type === "read") void read(message);
  else sendNextPart();
});
