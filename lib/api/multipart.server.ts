import "server-only";
import busboy from "busboy";
import { turnTaker, type TakeTurn } from "@/lib/event-loop";
import { ApiError, badRequest } from "./errors.server";
import { tooLarge } from "./body";

/**
 * Reading a multipart/form-data upload (the logo, CSV files, calendar files, OneRoster bundles) under a
 * byte cap, a slice at a time. The platform's `Request.formData()` parses the whole body in one go and
 * copies it three times on the way (into the request, the form and each File): a 50 MB bundle held the
 * server's event loop a quarter of a second of CPU. Here busboy parses the body as it arrives, chunk by
 * chunk with a turn of the event loop (lib/event-loop.ts) between chunks, the read is abandoned as soon as
 * it passes the limit (whatever Content-Length says), and each file's bytes are copied once into memory of
 * their own (shared, so a worker thread can read them without another copy).
 */

/** How much is copied between two turns. */
const SLICE_BYTES = 1024 * 1024;
/** The forms the app takes have a few fields and a file or two; more parts than this is no browser's form. */
const MAX_PARTS = 100;

/** A file of the form: its name and type as the browser sent them, and its bytes. */
export class UploadedFile {
  constructor(
    readonly name: string,
    readonly type: string,
    /** Backed by a SharedArrayBuffer of its own: handed to a worker thread, it is shared, not copied. */
    readonly bytes: Uint8Array,
  ) {}

  get size() {
    return this.bytes.byteLength;
  }
}

export type FormValue = string | UploadedFile;

/** The form's fields and files by name, in the order sent. */
export class UploadForm {
  constructor(private readonly entries: [string, FormValue][]) {}

  get(name: string): FormValue | null {
    return this.entries.find(([key]) => key === name)?.[1] ?? null;
  }

  getAll(name: string): FormValue[] {
    return this.entries.filter(([key]) => key === name).map(([, value]) => value);
  }
}

/** A file as busboy hands it over: its chunks, copied into shared memory once the form is read. */
interface ReceivedFile {
  name: string;
  type: string;
  chunks: Buffer[];
  size: number;
}

async function copyInSlices(target: Uint8Array, at: number, source: Uint8Array, turn: TakeTurn) {
  for (let from = 0; from < source.byteLength; from += SLICE_BYTES) {
    target.set(source.subarray(from, from + SLICE_BYTES), at + from);
    if (source.byteLength > SLICE_BYTES) await turn();
  }
}

/** A received file's chunks in shared memory of their own, a slice a turn. */
async function sharedCopy(file: ReceivedFile, turn: TakeTurn): Promise<UploadedFile> {
  const bytes = new Uint8Array(new SharedArrayBuffer(file.size));
  let at = 0;
  for (const chunk of file.chunks) {
    await copyInSlices(bytes, at, chunk, turn);
    at += chunk.byteLength;
  }
  return new UploadedFile(file.name, file.type, bytes);
}

/**
 * A multipart/form-data body, read under the byte cap as it is parsed. 415 when the request is not
 * multipart, 413 past the cap, 400 when the form cannot be read.
 */
export async function readMultipart(request: Request, limit: number, turn: TakeTurn = turnTaker()): Promise<UploadForm> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    throw new ApiError(415, "unsupported_media_type", "Send the file as multipart/form-data.");
  }
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  const unreadable = () => badRequest("The uploaded form could not be read.");

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": type },
      // Browsers send a file's name as UTF-8 ("Écoles été.ics").
      defParamCharset: "utf8",
      limits: { fieldSize: limit, fileSize: limit, parts: MAX_PARTS },
    });
  } catch {
    throw unreadable(); // no boundary, or one busboy cannot use
  }
  const entries: [string, string | ReceivedFile][] = [];
  let failure: ApiError | null = null;
  const fail = (error: ApiError) => (failure ??= error);
  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) fail(tooLarge());
    else entries.push([name, value]);
  });
  parser.on("file", (name, stream, info) => {
    const file: ReceivedFile = { name: info.filename ?? "", type: info.mimeType, chunks: [], size: 0 };
    entries.push([name, file]);
    stream.on("data", (chunk: Buffer) => {
      file.chunks.push(chunk);
      file.size += chunk.byteLength;
    });
    stream.on("limit", () => fail(tooLarge()));
  });
  parser.on("partsLimit", () => fail(badRequest("The uploaded form has too many parts.")));
  const finished = new Promise<void>((resolve) => {
    parser.on("close", resolve);
    parser.on("error", () => {
      fail(unreadable());
      resolve();
    });
  });

  let size = 0;
  const reader = request.body?.getReader();
  try {
    while (reader && !failure) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        fail(tooLarge());
        break;
      }
      if (!parser.write(value)) await new Promise((resolve) => parser.once("drain", resolve));
      await turn();
    }
  } catch {
    fail(badRequest());
  }
  if (failure) {
    await reader?.cancel().catch(() => undefined);
    parser.destroy();
    throw failure;
  }
  parser.end();
  await finished;
  if (failure) throw failure;

  const form: [string, FormValue][] = [];
  for (const [name, value] of entries) {
    form.push([name, typeof value === "string" ? value : await sharedCopy(value, turn)]);
  }
  return new UploadForm(form);
}
