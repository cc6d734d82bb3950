import "server-only";
import { turnTaker, type TakeTurn } from "@/lib/event-loop";
import { ApiError, badRequest } from "./errors.server";
import { tooLarge } from "./body";

/**
 * Reading a multipart/form-data upload (the logo, CSV files, calendar files, OneRoster bundles) under a
 * byte cap, a slice at a time. The platform's `Request.formData()` parses the whole body in one go and
 * copies it three times on the way (into the request, the form and each File): a 50 MB bundle held the
 * server's event loop a quarter of a second of CPU. Here the body is read chunk by chunk into one buffer
 * (abandoned as soon as it passes the limit, whatever Content-Length says), searched for the parts'
 * boundaries a window at a time, and each file's bytes are copied once into memory of their own
 * (shared, so a worker thread can read them without another copy), with a turn of the event loop
 * (lib/event-loop.ts) between slices.
 */

/** How much is copied or searched between two turns. */
const SLICE_BYTES = 1024 * 1024;
/** A part's headers are small; more than this is not a form a browser sent. */
const MAX_PART_HEADER_BYTES = 16 * 1024;

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

/** The boundary of a multipart/form-data type, or null. */
function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]!) : null;
}

/** The body's bytes into one buffer, at most `limit` of them (413 past it, 400 when the stream breaks). */
async function readBody(request: Request, limit: number, turn: TakeTurn): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  let buffer = Buffer.allocUnsafe(Number.isFinite(declared) && declared > 0 ? declared : 64 * 1024);
  let size = 0;
  if (!request.body) return buffer.subarray(0, 0);
  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (size + value.byteLength > limit) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      if (size + value.byteLength > buffer.byteLength) {
        const grown = Buffer.allocUnsafe(Math.min(limit, Math.max(buffer.byteLength * 2, size + value.byteLength)));
        await copyInSlices(grown, 0, buffer.subarray(0, size), turn);
        buffer = grown;
      }
      await copyInSlices(buffer, size, value, turn);
      size += value.byteLength;
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw badRequest();
  }
  return buffer.subarray(0, size);
}

async function copyInSlices(target: Uint8Array, at: number, source: Uint8Array, turn: TakeTurn) {
  for (let from = 0; from < source.byteLength; from += SLICE_BYTES) {
    target.set(source.subarray(from, from + SLICE_BYTES), at + from);
    if (source.byteLength > SLICE_BYTES) await turn();
  }
}

/** Where `needle` next starts in `body` at or after `from` (-1: nowhere), searching a window a turn. */
async function find(body: Buffer, needle: Buffer, from: number, turn: TakeTurn): Promise<number> {
  for (let at = from; at < body.byteLength; at += SLICE_BYTES) {
    const found = body.subarray(at, at + SLICE_BYTES + needle.byteLength - 1).indexOf(needle);
    if (found >= 0) return at + found;
    await turn();
  }
  return -1;
}

/** A part's headers: the form field's name, a file's name (when it is a file) and type. */
function partHeaders(text: string) {
  let name: string | null = null;
  let filename: string | null = null;
  let type = "";
  for (const line of text.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const header = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (header === "content-type") type = value;
    if (header !== "content-disposition" || !/^form-data\b/i.test(value)) continue;
    for (const param of value.matchAll(/;\s*([a-z*]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/gi)) {
      const key = param[1]!.toLowerCase();
      const raw = param[2] !== undefined ? param[2].replace(/\\(.)/g, "$1") : param[3]!.trim();
      if (key === "name") name = raw;
      else if (key === "filename") filename ??= raw;
      else if (key === "filename*") {
        // RFC 5987: charset'language'percent-encoded.
        const encoded = /^[\w-]*'[^']*'(.*)$/.exec(raw)?.[1];
        if (encoded !== undefined) {
          try {
            filename = decodeURIComponent(encoded);
          } catch {
            // keep the plain filename
          }
        }
      }
    }
  }
  return { name, filename, type };
}

/** Copies a file's bytes into shared memory of their own, a slice a turn. */
async function ownCopy(bytes: Uint8Array, turn: TakeTurn): Promise<Uint8Array> {
  const copy = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  await copyInSlices(copy, 0, bytes, turn);
  return copy;
}

/**
 * A multipart/form-data body, read under the byte cap before it is parsed. 415 when the request is not
 * multipart, 413 past the cap, 400 when the form cannot be read.
 */
export async function readMultipart(request: Request, limit: number, turn: TakeTurn = turnTaker()): Promise<UploadForm> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    throw new ApiError(415, "unsupported_media_type", "Send the file as multipart/form-data.");
  }
  const boundary = boundaryOf(type);
  const unreadable = () => badRequest("The uploaded form could not be read.");
  if (!boundary) throw unreadable();
  const body = await readBody(request, limit, turn);
  // The first delimiter may open the body; every later one follows a line break.
  const delimiter = Buffer.from(`\r\n--${boundary}`, "latin1");
  const opening = body.subarray(0, delimiter.byteLength - 2).equals(delimiter.subarray(2));
  let at = opening ? 0 : await find(body, delimiter, 0, turn);
  if (at < 0) throw unreadable();
  at += opening ? delimiter.byteLength - 2 : delimiter.byteLength;
  const entries: [string, FormValue][] = [];
  for (;;) {
    // After a delimiter: "--" closes the form, else (padding and) a line break opens a part.
    if (body[at] === 0x2d && body[at + 1] === 0x2d) break;
    const lineEnd = body.indexOf("\r\n", at, "latin1");
    if (lineEnd < 0 || body.subarray(at, lineEnd).toString("latin1").trim() !== "") throw unreadable();
    const headersEnd = body.subarray(lineEnd + 2, lineEnd + 2 + MAX_PART_HEADER_BYTES).indexOf("\r\n\r\n");
    if (headersEnd < 0) throw unreadable();
    const headers = partHeaders(body.subarray(lineEnd + 2, lineEnd + 2 + headersEnd).toString("utf8"));
    const start = lineEnd + 2 + headersEnd + 4;
    const end = await find(body, delimiter, start, turn);
    if (end < 0 || headers.name === null) throw unreadable();
    const content = body.subarray(start, end);
    entries.push([
      headers.name,
      headers.filename === null
        ? content.toString("utf8")
        : new UploadedFile(headers.filename, headers.type, await ownCopy(content, turn)),
    ]);
    at = end + delimiter.byteLength;
  }
  return new UploadForm(entries);
}
