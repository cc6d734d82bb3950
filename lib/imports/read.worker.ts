/**
 * The CSV imports' worker thread (asked by lib/imports/read.server.ts): reads one uploaded student or
 * staff CSV file and answers its rows checked against the row rules, or the file's problem. Nothing here
 * touches the database.
 */
import { parentPort } from "node:worker_threads";
import { serveTasks } from "@/lib/worker-channel";
import { ImportFileError } from "./errors";
import { readCsvFile, type ImportFileRequest } from "./read";

serveTasks(
  parentPort!,
  { read: async (request: ImportFileRequest) => readCsvFile(request) },
  (error) => (error instanceof ImportFileError ? error.message : undefined),
);
