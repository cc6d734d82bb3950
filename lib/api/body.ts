import { ApiError, badRequest } from "./errors.server";

/**
 * Reading request bodies with a byte cap that holds for chunked uploads too: the stream is read
 * chunk by chunk and abandoned as soon as it passes the limit, so a client cannot make the server
 * buffer more than `limit` bytes whatever Content-Length says (or does not say).
 */

/** Bodies of JSON calls larger than this are refused with 413. */
export const MAX_JSON_BODY = 256 * 1024;

export const tooLarge = (message = "The request body is too large.") => new ApiError(413, "too_large", message);

/** The body's bytes, at most `limit` of them; 413 past that, 400 when the stream breaks. */
export async function readBytes(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw badRequest();
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** A JSON body: `{}` when empty, 400 when unreadable, 413 past the limit. */
export async function readJson(request: Request, limit = MAX_JSON_BODY): Promise<unknown> {
  const bytes = await readBytes(request, limit);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw badRequest("The request body is not valid UTF-8.");
  }
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("The request body is not valid JSON.");
  }
}
