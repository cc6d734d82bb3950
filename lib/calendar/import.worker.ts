/**
 * The calendar import's worker thread (asked by lib/calendar/reader.server.ts): reads one uploaded .ics
 * or .csv file (lib/calendar/import.ts) and answers its events, or the file's problems. Nothing here
 * touches the database.
 */
import { parentPort } from "node:worker_threads";
import { turnTaker } from "@/lib/event-loop";
import { serveTasks } from "@/lib/worker-channel";
import { CalendarImportError, parseCalendarFile } from "./import";
import type { CalendarFileRequest } from "./reader.server";

/** The server's loop shares the machine's cores with this thread: the reading takes a third of a core at most. */
const turn = turnTaker();

serveTasks(
  parentPort!,
  { read: ({ bytes, filename, kind, options }: CalendarFileRequest) => parseCalendarFile(bytes, filename, kind, options, turn) },
  (error) => (error instanceof CalendarImportError ? error.problems : undefined),
);
